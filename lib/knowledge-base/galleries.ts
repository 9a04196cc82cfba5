import { and, asc, eq, max, sql } from "drizzle-orm";
import { anyOf } from "@/db/any";
import { getDb } from "@/db/client";
import { galleries, galleryImages } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { decidePermission } from "@/lib/auth/permissions";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { readUpload, removeUploads, servingHeaders, StorageError, storeUpload, verifyFileSignature, type StoredUpload } from "@/lib/storage/uploads";
import type { GalleryImagePatch, GalleryImagesInput, GalleryImagesOrder, GalleryInput, GalleryPatch } from "./gallery-schemas";

/*
 * Galleries: a space's photos (spaces.gallery_knowledgebase_id), images in the attachment
 * storage with captions, in order. Every member sees them; the knowledge-base managers and the
 * planners who look after the spaces change them.
 */

export type Gallery = typeof galleries.$inferSelect;
export type GalleryImage = typeof galleryImages.$inferSelect;

const requireGalleryManager = (ctx: AccountCtx) => {
  const decision = decidePermission(ctx.membership, "knowledge_base_manage");
  if (decision.allowed || decidePermission(ctx.membership, "planning_manage").allowed) return;
  throw new ApiError("forbidden", "Changing a gallery needs the knowledge_base_manage or planning_manage permission");
};

const inAccount = (ctx: AccountCtx) => eq(galleries.accountId, ctx.account.id);

export const findGallery = async (ctx: AccountCtx, id: number, options: { lock?: boolean } = {}): Promise<Gallery> => {
  const query = ctx.db
    .select()
    .from(galleries)
    .where(and(inAccount(ctx), eq(galleries.id, id)));
  const [gallery] = options.lock ? await query.for("update") : await query;
  if (!gallery) throw notFound("Gallery");
  return gallery;
};

/** A gallery named by a field of another record (a space's gallery_knowledgebase_id). */
export const requireOwnGallery = async (ctx: AccountCtx, id: number, field: string) => {
  const [gallery] = await ctx.db
    .select({ id: galleries.id })
    .from(galleries)
    .where(and(inAccount(ctx), eq(galleries.id, id)));
  if (!gallery) throw fieldError(field, "is not a gallery of this account");
};

/** The galleries' images in order (position, then upload order), one query for any number of galleries. */
export const imagesOf = async (ctx: Pick<AccountCtx, "db">, galleryIds: readonly number[]): Promise<Map<number, GalleryImage[]>> => {
  const byGallery = new Map<number, GalleryImage[]>(galleryIds.map((id) => [id, []]));
  if (galleryIds.length === 0) return byGallery;
  const rows = await ctx.db
    .select()
    .from(galleryImages)
    .where(anyOf(galleryImages.galleryId, [...galleryIds]))
    .orderBy(asc(galleryImages.galleryId), asc(galleryImages.position), asc(galleryImages.id));
  for (const row of rows) byGallery.get(row.galleryId)?.push(row);
  return byGallery;
};

/** The account's galleries by name; an account keeps one per space or so, so the list is not paged (capped). */
export const listGalleries = (ctx: AccountCtx) =>
  ctx.db.select().from(galleries).where(inAccount(ctx)).orderBy(asc(galleries.name), asc(galleries.id)).limit(1000);

export const createGallery = async (ctx: AccountCtx, input: GalleryInput) => {
  requireGalleryManager(ctx);
  const [gallery] = await ctx.db
    .insert(galleries)
    .values({ accountId: ctx.account.id, name: input.name, description: input.description ?? null })
    .returning();
  return gallery!;
};

export const updateGallery = async (ctx: AccountCtx, id: number, input: GalleryPatch) => {
  requireGalleryManager(ctx);
  await findGallery(ctx, id);
  const [gallery] = await ctx.db
    .update(galleries)
    .set({ name: input.name, description: input.description, updatedAt: new Date() })
    .where(and(inAccount(ctx), eq(galleries.id, id)))
    .returning();
  return gallery!;
};

/** The rows go in one statement (spaces naming it are set to none by their reference); the files once that is committed. */
export const deleteGallery = async (ctx: AccountCtx, id: number) => {
  requireGalleryManager(ctx);
  await findGallery(ctx, id);
  const removed = await ctx.db.transaction(async (db) => {
    const images = await db.select({ storageKey: galleryImages.storageKey }).from(galleryImages).where(eq(galleryImages.galleryId, id));
    await db.delete(galleries).where(and(eq(galleries.accountId, ctx.account.id), eq(galleries.id, id)));
    return images.map((image) => image.storageKey);
  });
  await removeUploads(removed);
};

/**
 * Stores the files, then adds them after the gallery's last image, in the order sent. Files of
 * a refused or failed write are removed again, so the store never keeps what no row names.
 */
export const addGalleryImages = async (ctx: AccountCtx, galleryId: number, input: GalleryImagesInput) => {
  requireGalleryManager(ctx);
  await findGallery(ctx, galleryId);
  const files = input.attachments ?? [];
  if (files.length === 0) throw fieldError("attachments", "must hold at least one image");
  const stored: StoredUpload[] = [];
  try {
    for (const file of files) stored.push(await storeUpload(ctx.account.id, file));
    return await ctx.db.transaction(async (db) => {
      await findGallery({ ...ctx, db }, galleryId, { lock: true });
      const [last] = await db.select({ position: max(galleryImages.position) }).from(galleryImages).where(eq(galleryImages.galleryId, galleryId));
      const start = (last?.position ?? 0) + 10;
      const rows = await db
        .insert(galleryImages)
        .values(
          stored.map((file, i) => ({
            accountId: ctx.account.id,
            galleryId,
            storageKey: file.storageKey,
            fileName: file.fileName,
            contentType: file.contentType,
            fileSize: file.fileSize,
            caption: input.caption ?? null,
            position: start + i * 10,
          })),
        )
        .returning();
      await db.update(galleries).set({ updatedAt: new Date() }).where(eq(galleries.id, galleryId));
      return rows;
    });
  } catch (error) {
    await removeUploads(stored.map((file) => file.storageKey));
    throw error;
  }
};

const findImage = async (ctx: AccountCtx, galleryId: number, imageId: number) => {
  await findGallery(ctx, galleryId);
  const [image] = await ctx.db
    .select()
    .from(galleryImages)
    .where(and(eq(galleryImages.galleryId, galleryId), eq(galleryImages.id, imageId)));
  if (!image) throw notFound("Image");
  return image;
};

export const updateGalleryImage = async (ctx: AccountCtx, galleryId: number, imageId: number, input: GalleryImagePatch) => {
  requireGalleryManager(ctx);
  const found = await findImage(ctx, galleryId, imageId);
  if (input.caption === undefined && input.position === undefined) return found;
  const [image] = await ctx.db
    .update(galleryImages)
    .set({ caption: input.caption, position: input.position })
    .where(eq(galleryImages.id, imageId))
    .returning();
  return image!;
};

export const deleteGalleryImage = async (ctx: AccountCtx, galleryId: number, imageId: number) => {
  requireGalleryManager(ctx);
  const image = await findImage(ctx, galleryId, imageId);
  await ctx.db.delete(galleryImages).where(eq(galleryImages.id, imageId));
  await removeUploads([image.storageKey]);
};

/** The gallery's images in the order given (every one of them, once): positions 10, 20, 30… */
export const reorderGalleryImages = async (ctx: AccountCtx, galleryId: number, input: GalleryImagesOrder) => {
  requireGalleryManager(ctx);
  return ctx.db.transaction(async (db) => {
    await findGallery({ ...ctx, db }, galleryId, { lock: true });
    const current = await db.select({ id: galleryImages.id }).from(galleryImages).where(eq(galleryImages.galleryId, galleryId));
    const ids = new Set(current.map((row) => row.id));
    if (input.image_ids.length !== ids.size || input.image_ids.some((id) => !ids.has(id))) {
      throw fieldError("image_ids", "must list every image of the gallery once");
    }
    const positions = input.image_ids.map((id, i) => sql`(${id}::int, ${(i + 1) * 10}::int)`);
    await db.execute(sql`
      update ${galleryImages} g set position = o.position
      from (values ${sql.join(positions, sql`, `)}) as o(id, position)
      where g.id = o.id and g.gallery_id = ${galleryId}`);
    return (await imagesOf({ db }, [galleryId])).get(galleryId)!;
  });
};

/** One image a place earlier or later in its gallery (the portal's arrows); at either end nothing moves. */
export const moveGalleryImage = async (ctx: AccountCtx, galleryId: number, imageId: number, direction: "earlier" | "later") => {
  requireGalleryManager(ctx);
  await findImage(ctx, galleryId, imageId);
  const order = ((await imagesOf(ctx, [galleryId])).get(galleryId) ?? []).map((image) => image.id);
  const from = order.indexOf(imageId);
  const to = direction === "earlier" ? from - 1 : from + 1;
  if (to < 0 || to >= order.length) return;
  [order[from], order[to]] = [order[to]!, order[from]!];
  await reorderGalleryImages(ctx, galleryId, { image_ids: order });
};

/** Serves an image through its signed link (the link is the only key, as an attachment's). */
export const downloadGalleryImage = async (imageId: number, query: { expires: number; signature: string }) => {
  if (!verifyFileSignature("gallery-image", imageId, query.expires, query.signature)) {
    throw new ApiError("forbidden", "This link is invalid or has expired");
  }
  const [image] = await getDb().select().from(galleryImages).where(eq(galleryImages.id, imageId));
  if (!image) throw notFound("Image");
  const body = await readUpload(image.storageKey).catch((error: unknown) => {
    if (error instanceof StorageError && error.missing) throw notFound("Image");
    throw new ApiError("unavailable", "The file store is not available; please try again later", { cause: error });
  });
  return new Response(body, { headers: servingHeaders(image.contentType, image.fileName) });
};
