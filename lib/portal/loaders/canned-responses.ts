import { findCannedResponse } from "@/lib/canned-responses/canned-responses";
import { ZId } from "@/lib/http/schemas";
import { portalLoader } from "@/lib/portal/loader";

export const loadCannedResponse = portalLoader({ ids: [ZId], load: (ctx, id) => findCannedResponse(ctx, id) });
