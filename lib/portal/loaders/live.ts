import { latestSeq } from "@/lib/live/read";
import { portalLoader } from "@/lib/portal/loader";

/**
 * Where the page's live stream starts: the last event sequenced when the page was rendered. The
 * stream replays what came after it, so a change made between the render and the connection is
 * not missed.
 */
export const loadLiveCursor = portalLoader({ ids: [], load: (ctx) => latestSeq(ctx.db) });
