import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db/client";
import { accounts, inboxes } from "@/db/schema";
import type { Account } from "@/lib/auth/caller";
import { notFound } from "@/lib/http/errors";
import { textProblem } from "@/lib/http/input";
import type { Operation } from "@/lib/http/operation";
import { limited, parseRequest, present, run, type Input, type RouteHandler } from "@/lib/http/route";
import type { Inbox } from "@/lib/inboxes/summary";

/**
 * What Client API services receive: no caller, only the inbox named by the path and its account.
 * Whoever knows the inbox identifier may call; every further record is reached through it.
 */
export type ClientCtx = { db: DbOrTx; inbox: Inbox; account: Account };

/** The API inbox whose identifier is in the path (other channel types have no Client API). */
const findClientInbox = async (db: DbOrTx, identifier: unknown): Promise<{ inbox: Inbox; account: Account }> => {
  if (typeof identifier !== "string" || identifier === "" || identifier.length > 255 || textProblem(identifier)) throw notFound("Inbox");
  const [row] = await db
    .select({ inbox: inboxes, account: accounts })
    .from(inboxes)
    .innerJoin(accounts, eq(accounts.id, inboxes.accountId))
    .where(and(eq(inboxes.identifier, identifier), eq(inboxes.channelType, "Channel::Api")));
  if (!row) throw notFound("Inbox");
  return row;
};

/**
 * `/public/api/v1/inboxes/{inbox_identifier}/…`: no token. The inbox is loaded from the path
 * before the handler runs (unknown identifier → 404); params, query and body are validated
 * with the operation's schemas as on every other route.
 */
export const inboxRoute =
  <O extends Operation & { callers: readonly [] }>(
    operation: O,
    handler: (args: Input<O> & { ctx: ClientCtx }) => Promise<unknown>,
  ): RouteHandler =>
  (request, context) =>
    run(request, async () => {
      const params = await context.params;
      const db = getDb();
      const { inbox, account } = await limited(request, operation, { inbox: String(params.inbox_identifier) }, () => findClientInbox(db, params.inbox_identifier));
      const input = await parseRequest(request, operation, params);
      return present(await handler({ ...input, ctx: { db, inbox, account } }), operation);
    });
