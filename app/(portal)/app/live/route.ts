// GET /app/live — the portal's live updates (Server-Sent Events) for the signed-in user; see README "Live updates".
import { sessionCaller } from "@/lib/auth/session";
import { run } from "@/lib/http/route";
import { portalLiveResponse } from "@/lib/live/portal";

export const dynamic = "force-dynamic";

export const GET = (request: Request) => run(request, async () => portalLiveResponse(request, await sessionCaller()));
