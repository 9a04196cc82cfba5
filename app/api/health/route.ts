// GET /api/health — liveness and database reachability
import { checkHealth } from "@/lib/http/health";
import { handlers, publicRoute } from "@/lib/http/route";

export const { GET, POST, PUT, PATCH, DELETE } = handlers({ GET: publicRoute(checkHealth) });
