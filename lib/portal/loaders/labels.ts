import { ZId } from "@/lib/http/schemas";
import { findLabel } from "@/lib/labels/labels";
import { portalLoader } from "@/lib/portal/loader";

export const loadLabel = portalLoader({ ids: [ZId], load: (ctx, id) => findLabel(ctx, id) });
