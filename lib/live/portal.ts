import { getDb } from "@/db/client";
import { accountPresence } from "@/lib/agents/presence";
import type { UserCaller } from "@/lib/auth/caller";
import { requestIp } from "@/lib/http/client-ip";
import { ApiError, notFound } from "@/lib/http/errors";
import { takeHits } from "@/lib/http/rate-limit";
import { parseQuery } from "@/lib/http/request";
import { ZId } from "@/lib/http/schemas";
import { parseInput } from "@/lib/http/validation";
import { accountFrame, stateFrame } from "./frame";
import { liveHub } from "./hub";
import { ZLiveQuery } from "./schemas";
import { lastEventIdOf, liveResponse } from "./stream";
import { loadUserViewer } from "./viewers";

const ZPortalLiveQuery = ZLiveQuery.extend({ account_id: ZId.optional() });

/** `LIVE_MAX_CONNECTIONS_PER_USER` (10): streams one user may hold open on one instance (tabs). */
const maxStreams = () => Math.max(1, Number(process.env.LIVE_MAX_CONNECTIONS_PER_USER) || 10);

/**
 * GET /app/live for the signed-in user (null: 401): every account they are a member of, or only
 * `?account_id=` (not a member: 404), filtered as the API shows them; their presence while open.
 */
export const portalLiveResponse = async (request: Request, caller: UserCaller | null): Promise<Response> => {
  if (!caller) throw new ApiError("unauthorized", "Sign in to follow live updates");
  const query = parseInput(ZPortalLiveQuery, parseQuery(new URL(request.url)), { refusal: "bad_request" });
  const db = getDb();
  const userId = caller.user.id;
  const ip = requestIp(request.headers);
  await takeHits(db, [{ rule: "live_connect", key: `user:${userId}` }], ip);
  const hub = liveHub();
  if (hub.openStreams(userId) >= maxStreams()) throw new ApiError("rate_limited", `At most ${maxStreams()} live streams at once; close another tab`);
  const load = () => loadUserViewer(db, caller, query.account_id);
  const viewer = await load();
  if (query.account_id !== undefined && !viewer.accounts.has(query.account_id)) throw notFound("Account");
  return liveResponse({
    db,
    hub,
    viewer,
    lastEventId: lastEventIdOf(request, query.last_event_id),
    signal: request.signal,
    reload: load,
    initial: async () =>
      Promise.all([...viewer.accounts.keys()].map(async (accountId) => stateFrame(accountFrame("presence_update", accountId, { users: await accountPresence(db, accountId) })))),
  });
};
