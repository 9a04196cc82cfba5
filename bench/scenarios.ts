// The hot API routes' benchmark requests, shared by `npm run bench` (run.ts), bench:planning
// (planning.ts) and the side-by-side comparison (compare.ts): the i-th request of each scenario
// is the same wherever it is sent.
import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { BenchAccount, PlanningBench } from "./seed";

/** One request: where it goes and what it carries (JSON), before any server is chosen. */
export type BenchRequest = { method: "GET" | "POST"; path: string; body?: unknown };

export type Scenario = {
  name: string;
  /** The i-th request (cycling through a fixed set, so a run repeats the same requests). */
  request: (i: number) => BenchRequest;
  /** Concurrent clients of the loaded run (the other is one client). */
  clients: number;
};

/** Sends a scenario's request to `base` with the account's token. */
export const send = (base: string, token: string, request: BenchRequest) =>
  fetch(`${base}${request.path}`, {
    method: request.method,
    headers: { api_access_token: token, "content-type": "application/json" },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });

export type MessageCursor = { display_id: number; before: number };

/** `count` random conversations of the account, each with the id of its fifth-newest message (a paging cursor). */
export const messageCursors = (db: Db, accountId: number, count: number) =>
  db.execute<MessageCursor>(sql`
    select c.display_id, (select m.id from messages m where m.conversation_id = c.id order by m.id desc offset 4 limit 1) as before
    from conversations c where c.account_id = ${accountId} order by random() limit ${count}`);

/** The conversation list, a three-condition filter and 20 messages before a cursor, on one account. */
export const conversationScenarios = (account: BenchAccount, cursors: readonly MessageCursor[]): Scenario[] => {
  const accountPath = `/api/v1/accounts/${account.accountId}`;
  return [
    {
      name: "conversation list (open, page 1-20)",
      clients: 32,
      request: (i) => ({ method: "GET", path: `${accountPath}/conversations?status=open&page=${1 + (i % 20)}` }),
    },
    {
      name: "filter: status AND inbox AND label",
      clients: 32,
      request: (i) => ({
        method: "POST",
        path: `${accountPath}/conversations/filter?page=1`,
        body: {
          payload: [
            { attribute_key: "status", filter_operator: "equal_to", values: ["open"], query_operator: "AND" },
            { attribute_key: "inbox_id", filter_operator: "equal_to", values: [account.inboxIds[i % 3]], query_operator: "AND" },
            { attribute_key: "labels", filter_operator: "equal_to", values: [account.labels[i % 10]], query_operator: null },
          ],
        },
      }),
    },
    {
      name: "messages: 20 before a cursor",
      clients: 32,
      request: (i) => {
        const cursor = cursors[i % cursors.length]!;
        return { method: "GET", path: `${accountPath}/conversations/${cursor.display_id}/messages?before=${cursor.before}` };
      },
    },
  ];
};

const day = 86_400_000;

/** find_available_slots over 50 spaces and 31 days, and a week's allocation list, on the planning account. */
export const planningScenarios = (seeded: PlanningBench): Scenario[] => {
  const allocations = `/api/v1/accounts/${seeded.accountId}/planning/allocations`;
  const startOf = (i: number) => new Date(Date.parse(seeded.yearStart) + ((i * 7) % 300) * day);
  return [
    {
      name: "find_available_slots: 50 spaces x 31 days, 60 min (max_results 500)",
      clients: 8,
      request: (i) => {
        const from = startOf(i);
        const offset = (i * 13) % (seeded.spaceIds.length - 50);
        return {
          method: "POST",
          path: `${allocations}/find_available_slots`,
          body: {
            duration_minutes: 60,
            start_date: from.toISOString().slice(0, 10),
            end_date: new Date(from.getTime() + 30 * day).toISOString().slice(0, 10),
            start_time: "08:00",
            end_time: "22:00",
            space_ids: seeded.spaceIds.slice(offset, offset + 50),
            max_results: 500,
          },
        };
      },
    },
    {
      name: "allocation list: one week, all spaces",
      clients: 8,
      request: (i) => {
        const from = startOf(i);
        return { method: "GET", path: `${allocations}?start_at=${from.toISOString()}&end_at=${new Date(from.getTime() + 7 * day).toISOString()}` };
      },
    },
  ];
};
