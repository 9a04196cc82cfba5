import type { AccountCtx } from "@/lib/auth/caller";
import { findSpace, updateSpace } from "@/lib/planning/spaces/spaces";
import { createGallery } from "./galleries";

/** A new gallery named after the space, shown by it: both written, or neither. */
export const createSpaceGallery = (ctx: AccountCtx, spaceId: string) =>
  ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const space = await findSpace(tx, spaceId);
    const gallery = await createGallery(tx, { name: space.name, description: null });
    await updateSpace(tx, spaceId, { gallery_knowledgebase_id: gallery.id });
    return gallery;
  });
