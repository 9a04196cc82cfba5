import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, getDb } from "@/db/client";
import { events } from "@/db/schema";
import type { UserCaller } from "@/lib/auth/caller";
import { recordEvent } from "@/lib/events/record";
import { sequenceAll } from "@/lib/events/sequencer";
import type { LiveEvent } from "@/lib/live/frame";
import { createHub } from "@/lib/live/hub";
import { loadUserViewer } from "@/lib/live/viewers";
import { api } from "../helpers/app";
import { makeMember, makeTeam } from "../helpers/factories";
import { startServer, type TestServer } from "../helpers/http-server";

/*
 * Live updates end to end on the real database: events recorded by the real services, sequenced,
 * read by the hub and streamed as text/event-stream. The portal stream is driven through its
 * route handler with the session stood in for (as tests/api/portal-actions.test.ts does); the
 * widget stream over real HTTP. Waits are for frames, with short timeouts, never fixed sleeps.
 */

const session = vi.hoisted(() => ({ caller: null as unknown }));
vi.mock("@/lib/auth/session", () => ({ sessionCaller: async () => session.caller }));

const { GET: portalLive } = await import("@/app/(portal)/app/live/route");

type Frame = { id?: number; data?: Record<string, any>; comment?: string; retry?: number };

/** An open stream: frames as they arrive, and waits for the next one that matches. */
type Stream = { status: number; headers: Headers; frames: Frame[]; until: (match: (frame: Frame) => boolean, ms?: number) => Promise<Frame>; close: () => void };

const readStream = (response: Response, abort: AbortController): Stream => {
  const frames: Frame[] = [];
  const listeners = new Set<() => void>();
  let ended = false;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  void (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame: Frame = {};
          for (const line of buffer.slice(0, end).split("\n")) {
            if (line.startsWith("id: ")) frame.id = Number(line.slice(4));
            else if (line.startsWith("data: ")) frame.data = JSON.parse(line.slice(6));
            else if (line.startsWith("retry: ")) frame.retry = Number(line.slice(7));
            else if (line.startsWith(": ")) frame.comment = line.slice(2);
          }
          buffer = buffer.slice(end + 2);
          frames.push(frame);
          notify();
        }
      }
    } catch {
      // Aborted.
    }
    ended = true;
    notify();
  })();
  return {
    status: response.status,
    headers: response.headers,
    frames,
    until: (match, ms = 5_000) =>
      new Promise((resolve, reject) => {
        let seen = 0;
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        const check = () => {
          for (; seen < frames.length; seen++) {
            const frame = frames[seen]!;
            if (match(frame)) return done(() => resolve(frame));
          }
          if (ended) done(() => reject(new Error(`stream ended; got ${JSON.stringify(frames)}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames.slice(-20))}`))), ms);
        listeners.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
};

/** The portal stream of `caller`, through the route handler (request.signal ends it). */
const openPortal = async (caller: UserCaller | null, query = "", headers: Record<string, string> = {}) => {
  session.caller = caller;
  const abort = new AbortController();
  const response = await portalLive(new Request(`http://localhost/app/live${query}`, { headers, signal: abort.signal }));
  return readStream(response, abort);
};

let server: TestServer;
const openWidget = async (token: string, headers: Record<string, string> = {}) => {
  const abort = new AbortController();
  const response = await fetch(`${server.url}/public/api/v1/live?pubsub_token=${encodeURIComponent(token)}`, { headers, signal: abort.signal });
  return readStream(response, abort);
};

let team: Awaited<ReturnType<typeof makeTeam>>;
const asCaller = (member: { user: UserCaller["user"] }): UserCaller => ({ kind: "user", user: member.user });
type Inbox = { id: number; inbox_identifier: string };
let inboxA: Inbox;
let inboxB: Inbox;

const makeInbox = async (name: string): Promise<Inbox> => {
  const res = await api.post(`/api/v1/accounts/${team.account.id}/inboxes`, { token: team.admin.token, body: { name, channel: { type: "api" } } });
  expect(res.status).toBe(200);
  return res.body;
};

/** A customer writes through the Client API; later messages go to the same conversation. */
const customer = async (inbox: Inbox) => {
  const pub = `/public/api/v1/inboxes/${inbox.inbox_identifier}`;
  const contact = await api.post(`${pub}/contacts`, { body: { name: "Ada" } });
  const conversation = await api.post(`${pub}/contacts/${contact.body.source_id}/conversations`, { body: {} });
  expect(conversation.status).toBe(200);
  const write = async (content: string) => {
    const message = await api.post(`${pub}/contacts/${contact.body.source_id}/conversations/${conversation.body.id}/messages`, { body: { content } });
    expect(message.status).toBe(200);
    return Number(message.body.id);
  };
  return { displayId: conversation.body.id as number, pubsubToken: contact.body.pubsub_token as string, write };
};

const agentReply = async (displayId: number, content: string, options: { private?: boolean; token?: string } = {}) => {
  const res = await api.post(`/api/v1/accounts/${team.account.id}/conversations/${displayId}/messages`, {
    token: options.token ?? team.admin.token,
    body: { content, private: options.private ?? false },
  });
  expect(res.status).toBe(200);
  return Number(res.body.id);
};

const isMessage = (id: number) => (frame: Frame) => frame.data?.event === "message_created" && frame.data.subject?.id === String(id);
const events_ = (frames: Frame[]) => frames.filter((frame) => frame.id !== undefined && frame.data);

beforeAll(async () => {
  process.env.RATE_LIMITS = "off";
  server = await startServer();
  team = await makeTeam();
  inboxA = await makeInbox("Sales");
  inboxB = await makeInbox("Billing");
  // The agent works in Sales only.
  const res = await api.post(`/api/v1/accounts/${team.account.id}/inbox_members`, { token: team.admin.token, body: { inbox_id: inboxA.id, user_ids: [team.agent.user.id] } });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await (globalThis as { venuedeskStopLive?: () => Promise<void> }).venuedeskStopLive?.();
  await server.close();
  delete process.env.RATE_LIMITS;
});

describe("the portal stream", () => {
  it("answers 401 signed out and 404 for an account the user is not a member of", async () => {
    const signedOut = await portalLive(new Request("http://localhost/app/live"));
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toMatchObject({ description: expect.any(String), errors: [] });
    const other = await makeTeam();
    session.caller = asCaller(team.agent);
    const foreign = await portalLive(new Request(`http://localhost/app/live?account_id=${other.account.id}`));
    expect(foreign.status).toBe(404);
  });

  it("streams an agent only their inboxes' conversations, an administrator all of them", async () => {
    const admin = await openPortal(asCaller(team.admin), `?account_id=${team.account.id}`);
    const agent = await openPortal(asCaller(team.agent));
    expect(admin.headers.get("content-type")).toContain("text/event-stream");
    expect(admin.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(admin.frames[0]).toEqual({ retry: 2000 });

    const billing = await customer(inboxB);
    const billingMessage = await billing.write("Where is my invoice?");
    const sales = await customer(inboxA);
    const salesMessage = await sales.write("A room for 40?");

    const seen = await admin.until(isMessage(billingMessage));
    expect(seen.data).toEqual({
      event: "message_created",
      account_id: team.account.id,
      inbox_id: inboxB.id,
      conversation_id: billing.displayId,
      subject: { type: "Message", id: String(billingMessage) },
      data: { id: billingMessage, private: false, message_type: "incoming" },
    });
    await admin.until(isMessage(salesMessage));
    const agentSees = await agent.until(isMessage(salesMessage));
    expect(agentSees.data).toMatchObject({ inbox_id: inboxA.id, conversation_id: sales.displayId });
    // Events come in seq order: Billing's came first, and the agent never got them.
    expect(events_(agent.frames).filter((frame) => frame.data!.inbox_id === inboxB.id)).toEqual([]);
    expect(events_(agent.frames).some((frame) => frame.data!.event === "conversation_created" && frame.data!.conversation_id === sales.displayId)).toBe(true);
    admin.close();
    agent.close();
  });

  it("replays exactly what was missed after a reconnect with Last-Event-ID", async () => {
    const sales = await customer(inboxA);
    const reference = await openPortal(asCaller(team.agent));
    const first = await sales.write("first");
    await reference.until(isMessage(first));

    const agent = await openPortal(asCaller(team.agent));
    const cursor = await agent.until((frame) => frame.id !== undefined);
    agent.close();
    const afterClose = reference.frames.length;

    const missed = [await sales.write("second"), await agentReply(sales.displayId, "internal", { private: true }), await (await customer(inboxB)).write("not yours")];
    const marker = await sales.write("third");
    await reference.until(isMessage(marker));
    const expected = events_(reference.frames.slice(afterClose)).filter((frame) => frame.id! > cursor.id!);
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const again = await openPortal(asCaller(team.agent), "", { "Last-Event-ID": String(cursor.id) });
    await again.until(isMessage(marker));
    const replayed = events_(again.frames).filter((frame) => frame.id! <= expected.at(-1)!.id!);
    expect(replayed).toEqual(expected);
    // The private note is there for agents; the other inbox's message is not.
    expect(replayed.some(isMessage(missed[1]!))).toBe(true);
    expect(replayed.some(isMessage(missed[2]!))).toBe(false);

    // ?last_event_id= does the same (a client that cannot set the header).
    const byQuery = await openPortal(asCaller(team.agent), `?last_event_id=${cursor.id}`);
    await byQuery.until(isMessage(marker));
    expect(events_(byQuery.frames).filter((frame) => frame.id! <= expected.at(-1)!.id!)).toEqual(expected);
    for (const stream of [reference, again, byQuery]) stream.close();
  });

  it("tells a client to refetch (reset) when what it missed was pruned or is too much to replay", async () => {
    const admin = await openPortal(asCaller(team.admin));
    const cursor = await admin.until((frame) => frame.id !== undefined);
    // More than a replay holds: 1001 contact events at once.
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`insert into events (account_id, name, subject_type, subject_id, actor)
        select ${team.account.id}, 'contact_updated', 'Contact', g::text, '{"kind":"system"}' from generate_series(1, 1001) g`);
      await tx.execute(sql`select pg_notify('vd_recorded', '')`);
    });
    await admin.until((frame) => frame.data?.subject?.id === "1001", 10_000);
    const behind = await openPortal(asCaller(team.admin), "", { "Last-Event-ID": String(cursor.id) });
    await behind.until((frame) => frame.data?.event === "reset");
    const caughtUp = await behind.until((frame) => frame.id !== undefined);
    expect(caughtUp.data).toBeUndefined();
    expect(events_(behind.frames)).toEqual([]);

    // The event it last saw is gone (older than EVENT_RETENTION_DAYS): reset too.
    await getDb().delete(events).where(eq(events.seq, caughtUp.id!));
    const pruned = await openPortal(asCaller(team.admin), "", { "Last-Event-ID": String(caughtUp.id) });
    await pruned.until((frame) => frame.data?.event === "reset");
    for (const stream of [admin, behind, pruned]) stream.close();
  });

  it("does not send typers their own typing; others see who types", async () => {
    const sales = await customer(inboxA);
    const admin = await openPortal(asCaller(team.admin));
    const agent = await openPortal(asCaller(team.agent));
    const typing = await api.post(`/api/v1/accounts/${team.account.id}/conversations/${sales.displayId}/toggle_typing_status`, {
      token: team.agent.token,
      body: { typing_status: "on" },
    });
    expect(typing.status).toBe(200);
    const marker = await sales.write("after the typing");
    const seen = await admin.until((frame) => frame.data?.event === "conversation_typing_on");
    expect(seen.data).toMatchObject({
      conversation_id: sales.displayId,
      data: { user: { id: team.agent.user.id, name: team.agent.user.name, type: "user" }, is_private: false },
    });
    await agent.until(isMessage(marker));
    expect(agent.frames.some((frame) => frame.data?.event === "conversation_typing_on")).toBe(false);
    admin.close();
    agent.close();
  });

  it("shows who is online: connect, disconnect and a change of availability", async () => {
    const admin = await openPortal(asCaller(team.admin));
    // On connect: everyone's status in the account.
    const initial = await admin.until((frame) => frame.data?.event === "presence_update" && frame.id === undefined);
    expect(initial.data!.data.users[String(team.admin.user.id)]).toBe("online");

    const member = await makeMember(team.account.id, "agent");
    const id = String(member.user.id);
    const stream = await openPortal(asCaller(member));
    await admin.until((frame) => frame.data?.event === "presence_update" && frame.data.data.users[id] === "online");
    const busy = await api.patch(`/api/v1/accounts/${team.account.id}/agents/${member.user.id}`, { token: team.admin.token, body: { availability: "busy" } });
    expect(busy.status).toBe(200);
    await admin.until((frame) => frame.data?.event === "presence_update" && frame.data.data.users[id] === "busy");
    stream.close();
    // auto_offline (the default): gone at once.
    await admin.until((frame) => frame.data?.event === "presence_update" && frame.data.data.users[id] === "offline");
    admin.close();
  });
});

describe("the widget stream", () => {
  it("carries only the contact's own conversation, never private notes", async () => {
    const mine = await customer(inboxA);
    const other = await customer(inboxA);
    const widget = await openWidget(mine.pubsubToken);
    expect(widget.status).toBe(200);
    expect(widget.headers.get("content-type")).toContain("text/event-stream");

    const note = await agentReply(mine.displayId, "VIP, be nice", { private: true });
    const othersMessage = await other.write("someone else");
    const typing = await api.post(`/api/v1/accounts/${team.account.id}/conversations/${mine.displayId}/toggle_typing_status`, {
      token: team.admin.token,
      body: { typing_status: "on" },
    });
    expect(typing.status).toBe(200);
    const reply = await agentReply(mine.displayId, "Yes, we have a room");
    const seen = await widget.until(isMessage(reply));
    expect(seen.data).toMatchObject({ conversation_id: mine.displayId, data: { id: reply, private: false, message_type: "outgoing" } });
    const heard = events_(widget.frames).map((frame) => frame.data!);
    expect(heard.some((data) => data.subject?.id === String(note) || data.subject?.id === String(othersMessage))).toBe(false);
    expect(heard.every((data) => data.conversation_id === mine.displayId)).toBe(true);
    expect(heard.some((data) => data.event === "conversation_typing_on")).toBe(true);
    // Nothing agent-internal: no contact, planning or presence events.
    expect(heard.every((data) => /^(message|conversation)_/.test(data.event))).toBe(true);
    widget.close();
  });

  it("answers 404 for an unknown token", async () => {
    const res = await fetch(`${server.url}/public/api/v1/live?pubsub_token=nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ description: expect.any(String) });
  });
});

describe("across instances", () => {
  it("delivers an event to the hubs of two processes (separate pools, each LISTENing)", async () => {
    const otherDb = createDb(process.env.DATABASE_URL!, { max: 2 });
    const other = createHub(otherDb);
    const received: LiveEvent[] = [];
    let wake = () => {};
    const subscription = await other.subscribe({
      viewer: await loadUserViewer(getDb(), asCaller(team.admin)),
      deliver: (event) => {
        received.push(event);
        wake();
      },
      end: () => {},
    });
    expect(subscription).not.toBeNull();
    const here = await openPortal(asCaller(team.admin));
    const sales = await customer(inboxA);
    const message = await sales.write("to both");
    await here.until(isMessage(message));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the other hub got nothing")), 5_000);
      const check = () => {
        if (received.some((event) => event.name === "message_created" && event.subjectId === String(message))) {
          clearTimeout(timer);
          resolve();
        } else wake = check;
      };
      check();
    });
    here.close();
    await other.stop();
    await otherDb.$client.end();
  });
});

describe("the sequencer", () => {
  const record = (db: Parameters<typeof recordEvent>[0], n: number) =>
    recordEvent(db, { accountId: team.account.id, name: "contact_updated", subject: { type: "Contact", id: n }, actor: { kind: "system" }, external: false, render: async () => ({}) });
  /** Another run (the hub's) may hold the lock and have looked before our commit: run until one is ours. */
  const sequenceNow = async (db = getDb()) => {
    while ((await sequenceAll(db)) === "busy");
  };
  const seqOf = async (id: number) => (await getDb().select({ seq: events.seq }).from(events).where(eq(events.id, id)))[0]?.seq ?? null;

  it("numbers an event that commits late after those that committed before it, so `seq > last` never skips it", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let lateId = 0;
    let recorded = () => {};
    const inserted = new Promise<void>((resolve) => (recorded = resolve));
    const late = getDb().transaction(async (tx) => {
      lateId = await record(tx, 1);
      recorded();
      await held;
    });
    await inserted;
    const earlyId = await record(getDb(), 2);
    expect(earlyId).toBeGreaterThan(lateId);
    await sequenceNow();
    const early = await seqOf(earlyId);
    expect(early).not.toBeNull();
    release();
    await late;
    await sequenceNow();
    expect(await seqOf(lateId)).toBeGreaterThan(early!);
  });

  it("keeps one transaction's events in their order, and runs one at a time across pools", async () => {
    const ids = await getDb().transaction(async (tx) => [await record(tx, 3), await record(tx, 4), await record(tx, 5)]);
    const otherDb = createDb(process.env.DATABASE_URL!, { max: 2 });
    const runs = await Promise.all([sequenceAll(getDb()), sequenceAll(otherDb), sequenceAll(getDb())]);
    await otherDb.$client.end();
    await sequenceNow();
    const seqs = await Promise.all(ids.map(seqOf));
    expect(seqs.every((seq) => seq !== null)).toBe(true);
    expect([...seqs].sort((a, b) => a! - b!)).toEqual(seqs);
    expect(runs.length).toBe(3);
  });
});
