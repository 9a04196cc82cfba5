import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getDb } from "@/db/client";
import { conversations, events } from "@/db/schema";
import { accountContext, type AccountCtx, type UserCaller } from "@/lib/auth/caller";
import { createContact, findContact } from "@/lib/contacts/contacts";
import { ZContactCreate } from "@/lib/contacts/schemas";
import { ApiError, notFound as apiNotFound } from "@/lib/http/errors";
import { ZId } from "@/lib/http/schemas";
import { api } from "../helpers/app";
import { makeTeam } from "../helpers/factories";

/*
 * The portal's one wrapper, run against the real database with the real services: only what
 * Next.js provides around a server action (the session, the request headers, the page cache) is
 * stood in for. What a user would notice: a refused save answers the form's messages and keeps
 * what was typed, a bad id is "not found", redirects and revalidation happen after success only.
 */

const session = vi.hoisted(() => ({ ctx: null as unknown, revalidated: [] as string[][] }));

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
vi.mock("next/cache", () => ({ revalidatePath: (path: string, type?: string) => session.revalidated.push([path, type ?? "page"]) }));

const { portalAction, portalFormAction } = await import("@/lib/portal/action");
const { portalLoader } = await import("@/lib/portal/loader");
const { updateContactAction, deleteContactAction } = await import("@/lib/portal/actions/contacts");
const { idleState } = await import("@/lib/portal/form-state");
const { typingAction } = await import("@/lib/portal/actions/conversations");
const { startWidgetChat, widgetTyping } = await import("@/lib/portal/actions/widget");

let team: Awaited<ReturnType<typeof makeTeam>>;
let ctx: AccountCtx<UserCaller>;
let accountId: number;

beforeAll(async () => {
  team = await makeTeam();
  accountId = team.account.id;
  ctx = await accountContext(getDb(), { kind: "user", user: team.admin.user }, accountId);
  session.ctx = ctx;
});

beforeEach(() => {
  session.revalidated = [];
  delete process.env.RATE_LIMIT_PORTAL_ACTION;
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const newContact = async () => (await createContact(ctx, ZContactCreate.parse({ name: "Ada Lovelace", email: `ada-${Date.now()}-${Math.random()}@example.test` }))).contact;

/** The Next.js control-flow signal a call threw, by its digest ("NEXT_REDIRECT;replace;/path;307;"). */
const signalOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return String((error as { digest?: string }).digest);
  }
  return "none";
};

describe("portalFormAction", () => {
  it("saves through the service, revalidates the pages and says so", async () => {
    const contact = await newContact();
    const state = await updateContactAction(accountId, contact.id, idleState, form({ name: "Ada King", email: "", phone_number: "", company_name: "Analytical", city: "London" }));
    expect(state).toEqual({ status: "success", errors: {}, message: "Contact saved." });
    const stored = await findContact(ctx, contact.id);
    expect(stored.name).toBe("Ada King");
    expect(stored.email).toBeNull();
    expect(stored.additionalAttributes).toMatchObject({ company_name: "Analytical", city: "London" });
    expect(session.revalidated).toEqual([[`/app/accounts/${accountId}/contacts`, "layout"]]);
  });

  it("answers a refusal beside the field and hands back what was typed, changing nothing", async () => {
    const contact = await newContact();
    const typed = { name: "Ada", email: "not an email", phone_number: "0612", company_name: "Analytical", city: "London" };
    const state = await updateContactAction(accountId, contact.id, idleState, form(typed));
    expect(state.status).toBe("error");
    expect(state.message).toBe("Please correct the highlighted fields.");
    expect(state.errors.email).toMatch(/^Is not a valid email address/);
    expect(state.values).toEqual(typed);
    expect((await findContact(ctx, contact.id)).name).toBe("Ada Lovelace");
    expect(session.revalidated).toEqual([]);
  });

  it("refuses text PostgreSQL cannot store by the field's name, before any service runs", async () => {
    const contact = await newContact();
    const state = await updateContactAction(accountId, contact.id, idleState, form({ name: "Ada\u0000", email: "", phone_number: "", company_name: "", city: "" }));
    expect(state.status).toBe("error");
    expect(state.errors.name).toBeDefined();
    expect((await findContact(ctx, contact.id)).name).toBe("Ada Lovelace");
  });

  it("treats a bound id that is no id as a record that does not exist", async () => {
    for (const id of [0, -1, 1.5, "1; drop table contacts", 2 ** 31, "__proto__"] as unknown as number[]) {
      const state = await updateContactAction(accountId, id, idleState, form({ name: "X" }));
      expect(state).toMatchObject({ status: "error", message: "Record could not be found" });
    }
    const gone = await updateContactAction(accountId, 2_000_000_000, idleState, form({ name: "X" }));
    expect(gone).toMatchObject({ status: "error", message: "Contact could not be found" });
  });

  it("refuses a hand-made call that sends something else in the form's place, changing nothing", async () => {
    const contact = await newContact();
    for (const notAForm of [undefined, null, [], "name=X", { name: "X" }, { get: () => "X", getAll: () => [] }]) {
      const state = await updateContactAction(accountId, contact.id, idleState, notAForm as unknown as FormData);
      expect(state).toMatchObject({ status: "error", values: {} });
      expect(await signalOf(deleteContactAction(accountId, contact.id, idleState, notAForm as unknown as FormData))).toBe("none");
    }
    expect((await findContact(ctx, contact.id)).name).toBe("Ada Lovelace");
    expect(session.revalidated).toEqual([]);
  });

  it("redirects only after a successful delete, once the list is revalidated", async () => {
    const contact = await newContact();
    expect(await signalOf(deleteContactAction(accountId, contact.id, idleState, new FormData()))).toMatch(
      new RegExp(`^NEXT_REDIRECT;.*;/app/accounts/${accountId}/contacts\\?notice=deleted;`),
    );
    expect(session.revalidated).toEqual([[`/app/accounts/${accountId}/contacts`, "layout"]]);
    const again = await deleteContactAction(accountId, contact.id, idleState, new FormData());
    expect(again).toMatchObject({ status: "error", message: "Contact could not be found" });
  });

  it("answers another account's id as not found, by Next's 404", async () => {
    expect(await signalOf(updateContactAction(accountId + 1_000_000, 1, idleState, form({ name: "X" })))).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
  });

  it("never echoes a password back, and names fields the form has no input for in its message", async () => {
    const action = portalFormAction({
      name: "test password",
      ids: [],
      fields: { current_password: "password", display_name: "text" },
      body: z.object({ current_password: z.string(), display_name: z.string(), plan: z.string() }),
      run: async () => ({}),
    });
    const state = await action(accountId, idleState, form({ current_password: "hunter2", display_name: "Ada" }));
    expect(state.values).toEqual({ display_name: "Ada" });
    expect(state.message).toBe("Plan is required");
    expect(state.errors).toEqual({});
  });
});

describe("portalAction", () => {
  const echo = portalAction({
    name: "test echo",
    args: [ZId, z.object({ text: z.string().max(20), nested: z.record(z.string(), z.unknown()).optional() })],
    ids: 1,
    run: async (_ctx, id, input) => ({ id, text: input.text }),
    revalidate: (account, id) => `/app/accounts/${account}/things/${id}`,
  });

  it("answers the result with ok, parsed, and revalidates", async () => {
    expect(await echo(accountId, 7, { text: "hello" })).toEqual({ ok: true, id: 7, text: "hello" });
    expect(session.revalidated).toEqual([[`/app/accounts/${accountId}/things/7`, "layout"]]);
  });

  it("cleans every argument: prototype keys, NUL and lone surrogates are refused by name", async () => {
    const polluted = JSON.parse('{"text":"a","nested":{"__proto__":{"admin":true}}}') as { text: string };
    const refused = await echo(accountId, 7, polluted);
    expect(refused).toMatchObject({ ok: false, code: "invalid", errors: { "nested.__proto__": expect.any(String) } });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(await echo(accountId, 7, { text: "\ud800" })).toMatchObject({ ok: false, code: "invalid", errors: { text: expect.any(String) } });
    expect(await echo(accountId, 7, { text: "x".repeat(21) })).toMatchObject({ ok: false, message: expect.stringMatching(/^Text /) });
    expect(session.revalidated).toEqual([]);
  });

  it("returns a conflict's words as the message and its bookings as data, not as field errors", async () => {
    const conflicts = [{ allocation_id: "a", space_id: "s", start_at: "2027-01-01T09:00:00.000Z", end_at: "2027-01-01T10:00:00.000Z", status: "confirmed" }];
    const clash = portalAction({
      name: "test conflict",
      args: [],
      run: async () => {
        throw new ApiError("conflict", "Hall is already booked", { errors: [{ field: "start_at", message: "overlaps confirmed allocation a", code: "conflict" }], details: { conflicts } });
      },
    });
    expect(await clash(accountId)).toEqual({ ok: false, code: "conflict", message: "Hall is already booked", errors: {}, conflicts });
  });

  it("hides the unexpected behind a plain message", async () => {
    const broken = portalAction({
      name: "test broken",
      args: [],
      run: async () => {
        throw new Error("connection string postgres://secret@db");
      },
    });
    expect(await broken(accountId)).toEqual({ ok: false, code: "internal_error", message: "Something went wrong. Please try again.", errors: {}, conflicts: [] });
  });

  it("lets Next's redirect and notFound through, and answers a service's not found as a refusal", async () => {
    const { redirect, notFound } = await import("next/navigation");
    const going = portalAction({ name: "test redirect", args: [], run: async () => redirect("/elsewhere") });
    const missing = portalAction({ name: "test notFound", args: [], run: async () => notFound() });
    const gone = portalAction({ name: "test gone", args: [], run: async () => Promise.reject(apiNotFound("Event")) });
    expect(await signalOf(going(accountId))).toMatch(/^NEXT_REDIRECT;.*;\/elsewhere;/);
    expect(await signalOf(missing(accountId))).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
    expect(await gone(accountId)).toMatchObject({ ok: false, code: "not_found", message: "Event could not be found" });
  });

  it("counts calls per user and refuses past the limit with the retry time", async () => {
    process.env.RATE_LIMIT_PORTAL_ACTION = "2/3600";
    const counted = portalAction({ name: "test counted", args: [], run: async () => ({}) });
    const polled = portalAction({ name: "test polled", args: [], read: true, run: async () => ({}) });
    const other = await makeTeam();
    session.ctx = await accountContext(getDb(), { kind: "user", user: other.admin.user }, other.account.id);
    try {
      expect((await counted(other.account.id)).ok).toBe(true);
      expect((await counted(other.account.id)).ok).toBe(true);
      expect(await counted(other.account.id)).toMatchObject({ ok: false, code: "rate_limited", message: expect.stringMatching(/^Too many requests; retry in \d+ seconds$/) });
      // The inbox's polling and the calendar's window are reads: they never use up the limit for changes.
      for (let i = 0; i < 5; i++) expect((await polled(other.account.id)).ok).toBe(true);
    } finally {
      session.ctx = ctx;
    }
  });
});

describe("portalLoader", () => {
  const loadContact = portalLoader({ ids: [ZId], load: (loaderCtx, id) => findContact(loaderCtx, id) });

  it("loads with the session's account and answers a bad or unknown id with the 404 page", async () => {
    const contact = await newContact();
    expect((await loadContact(accountId, contact.id)).name).toBe("Ada Lovelace");
    expect(await signalOf(loadContact(accountId, "abc"))).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
    expect(await signalOf(loadContact(accountId, 2_000_000_000))).toMatch(/^NEXT_HTTP_ERROR_FALLBACK;404/);
  });

  it("reads a search parameter PostgreSQL cannot store as absent: the list in its default view, not a failed page", async () => {
    const { loadContactList } = await import("@/lib/portal/loaders/contacts");
    const { eventListData } = await import("@/lib/portal/loaders/events");
    const contact = await newContact();
    const unfiltered = await loadContactList(ctx, { q: "Ada\u0000", page: "\u0000", sort: ["\u0000", "name"] });
    expect(unfiltered).toMatchObject({ q: null, page: 1, sort: { key: "last_activity_at", descending: true } });
    expect(unfiltered.contacts.map((row) => row.id)).toContain(contact.id);
    expect((await loadContactList(ctx, { q: ["Ada", "\u0000"] })).q).toBe("Ada");
    await expect(eventListData(ctx, { q: "x\u0000", status: "\u0000" })).resolves.toBeDefined();
  });

  it("lets any other failure reach the error boundary", async () => {
    const failing = portalLoader({ ids: [], load: async () => Promise.reject(new ApiError("unavailable", "storage is down")) });
    await expect(failing(accountId)).rejects.toThrow("storage is down");
  });
});

/*
 * The typing the composer and the website chat send: recorded as conversation_typing_on / _off
 * (what the live stream and webhooks carry) by the right typer; someone else's conversation is
 * "not found".
 */
const opened = { initiated_at: { timestamp: new Date().toISOString() }, referer: null, widget_language: null, browser_language: null };

/** A visitor's chat in a new website inbox: its token, the session and the conversation's display id. */
const visitorChat = async () => {
  const inbox = await api.post(`/api/v1/accounts/${accountId}/inboxes`, {
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
    .where(and(eq(conversations.accountId, accountId), eq(conversations.displayId, displayId)));
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
    expect(await typingAction(accountId, chat.displayId, { typing_status: "on", is_private: true })).toEqual({ ok: true });
    expect(await typingAction(accountId, chat.displayId, { typing_status: "off", is_private: true })).toEqual({ ok: true });
    const agent = { kind: "user", id: team.admin.user.id };
    expect(await typingEvents(chat.displayId)).toEqual([
      { name: "conversation_typing_on", actor: agent },
      { name: "conversation_typing_off", actor: agent },
    ]);
  });

  it("answers not found for a conversation it cannot see and refuses a status it does not know, recording nothing", async () => {
    const chat = await visitorChat();
    expect(await typingAction(accountId, chat.displayId + 1000, { typing_status: "on" })).toMatchObject({ ok: false, code: "not_found" });
    expect(await typingAction(accountId, chat.displayId, { typing_status: "maybe" as "on" })).toMatchObject({ ok: false, errors: { typing_status: expect.any(String) } });
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
