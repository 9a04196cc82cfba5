import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { conversations, events } from "@/db/schema";
import { accountContext, type AccountCtx, type UserCaller } from "@/lib/auth/caller";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * The typing the portal's composer and the website chat send (server actions): recorded as
 * conversation_typing_on / _off, the events the live stream and webhooks carry, with the typer
 * and whether a private note is being typed; someone else's conversation is "not found".
 */

const session = vi.hoisted(() => ({ ctx: null as unknown }));

vi.mock("@/lib/auth/session", () => ({
  portalContext: async (accountId: number | string) => {
    const ctx = session.ctx as AccountCtx<UserCaller>;
    if (Number(accountId) !== ctx.account.id) {
      const { notFound } = await import("next/navigation");
      notFound();
    }
    return ctx;
  },
}));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "127.0.0.1" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { typingAction } = await import("@/lib/portal/actions/conversations");
const { startWidgetChat, widgetTyping } = await import("@/lib/portal/actions/widget");

let team: Awaited<ReturnType<typeof makeTeam>>;

beforeAll(async () => {
  team = await makeTeam();
  session.ctx = await accountContext(getDb(), { kind: "user", user: team.admin.user }, team.account.id);
});

const opened = { initiated_at: { timestamp: new Date().toISOString() }, referer: null, widget_language: null, browser_language: null };

/** A visitor's chat in a new website inbox: its token, the session and the conversation's display id. */
const visitorChat = async () => {
  const inbox = await api.post(`/api/v1/accounts/${team.account.id}/inboxes`, {
    token: team.admin.token,
    body: { name: `Website ${Math.random()}`, channel: { type: "web_widget", website_url: "https://venue.example.com" } },
  });
  expect(inbox.status).toBe(200);
  const token = inbox.body.website_token as string;
  const started = await startWidgetChat(token, "Is the garden free in June?", "echo-1", opened);
  if (!started.ok) throw new Error(started.message);
  return { token, sourceId: started.session.source_id, displayId: started.session.conversation_id };
};

/** The typing events recorded for the conversation with this display id (by whom), oldest first. */
const typingEvents = async (displayId: number) => {
  const [conversation] = await getDb()
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.accountId, team.account.id), eq(conversations.displayId, displayId)));
  const rows = await getDb()
    .select({ name: events.name, actor: events.actor })
    .from(events)
    .where(and(eq(events.conversationId, conversation!.id), inArray(events.name, ["conversation_typing_on", "conversation_typing_off"])))
    .orderBy(events.id);
  return rows;
};

describe("typing from the portal's composer", () => {
  it("records on and off as the signed-in agent's", async () => {
    const chat = await visitorChat();
    expect(await typingAction(team.account.id, chat.displayId, { typing_status: "on", is_private: true })).toEqual({ ok: true });
    expect(await typingAction(team.account.id, chat.displayId, { typing_status: "off", is_private: true })).toEqual({ ok: true });
    const agent = { kind: "user", id: team.admin.user.id };
    expect(await typingEvents(chat.displayId)).toEqual([
      { name: "conversation_typing_on", actor: agent },
      { name: "conversation_typing_off", actor: agent },
    ]);
  });

  it("answers not found for a conversation it cannot see and refuses a status it does not know, recording nothing", async () => {
    const chat = await visitorChat();
    expect(await typingAction(team.account.id, chat.displayId + 1000, { typing_status: "on" })).toMatchObject({ ok: false, code: "not_found" });
    expect(await typingAction(team.account.id, chat.displayId, { typing_status: "maybe" as "on" })).toMatchObject({ ok: false, errors: { typing_status: expect.any(String) } });
    expect(await typingEvents(chat.displayId)).toEqual([]);
  });
});

describe("typing from the website chat", () => {
  it("records the visitor's on and off as the contact's", async () => {
    const chat = await visitorChat();
    expect(await widgetTyping(chat.token, chat.sourceId, chat.displayId, true)).toEqual({ ok: true });
    expect(await widgetTyping(chat.token, chat.sourceId, chat.displayId, false)).toEqual({ ok: true });
    const recorded = await typingEvents(chat.displayId);
    expect(recorded.map((row) => [row.name, (row.actor as { kind: string }).kind])).toEqual([
      ["conversation_typing_on", "contact"],
      ["conversation_typing_off", "contact"],
    ]);
  });

  it("is not found through another visitor's session", async () => {
    const mine = await visitorChat();
    const someoneElse = await startWidgetChat(mine.token, "Hello", "echo-2", opened);
    if (!someoneElse.ok) throw new Error(someoneElse.message);
    expect(await widgetTyping(mine.token, someoneElse.session.source_id, mine.displayId, true)).toMatchObject({ ok: false, code: "not_found" });
    expect(await typingEvents(mine.displayId)).toEqual([]);
  });
});
