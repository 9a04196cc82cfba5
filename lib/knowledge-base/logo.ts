import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { portals } from "@/db/schema";
import type { AccountCtx } from "@/lib/auth/caller";
import { ApiError, fieldError, notFound } from "@/lib/http/errors";
import { publicBaseUrl } from "@/lib/http/request";
import { readUpload, removeUploads, servingHeaders, signedFilePath, StorageError, storeUpload, verifyFileSignature } from "@/lib/storage/uploads";
import { requireKnowledgeManager, requirePortal, type Portal } from "./lookup";
import { logoContentTypes } from "./portal-schemas";

/*
 * A portal's logo: one image in the attachment storage, its key and file facts on the portal's
 * row, served through a signed link like attachments but signed as a "portal-logo", so an
 * attachment's (or a gallery image's) signature never opens a logo, or the reverse.
 */

/** The root-relative signed path of a portal's logo (valid 24 hours). */
export const signedLogoPath = (portalId: number, now = Date.now()) => signedFilePath("portal-logo", portalId, now);

/** The logo's signed link, absolute where the public URL is configured; null without a logo. The public help center uses it too. */
export const portalLogoUrl = (portal: Pick<Portal, "id" | "logoStorageKey">, now = Date.now()): string | null =>
  portal.logoStorageKey ? `${publicBaseUrl()}${signedLogoPath(portal.id, now)}` : null;

const isLogoType = (type: string): type is (typeof logoContentTypes)[number] => (logoContentTypes as readonly string[]).includes(type);

/** Stores the image and points the portal at it; the image it replaces is removed once the row no longer names it. */
export const setPortalLogo = async (ctx: AccountCtx, slug: string, files: readonly File[] | undefined): Promise<Portal> => {
  requireKnowledgeManager(ctx);
  await requirePortal(ctx, slug);
  const file = files?.[0];
  if (!file) throw fieldError("logo", "is required: send the image as the multipart field `logo`", "required");
  if (files.length > 1) throw fieldError("logo", "must be one file");
  if (!isLogoType(file.type)) throw fieldError("logo", `must be an image (${logoContentTypes.join(", ")})`);
  const stored = await storeUpload(ctx.account.id, file).catch((error: unknown) => {
    throw new ApiError("unavailable", "The file store is not available; please try again later", { cause: error });
  });
  const result = await ctx.db
    .transaction(async (db) => {
      const current = await requirePortal({ ...ctx, db }, slug, { lock: true });
      const [portal] = await db
        .update(portals)
        .set({
          logoStorageKey: stored.storageKey,
          logoFileName: stored.fileName,
          logoContentType: stored.contentType,
          logoFileSize: stored.fileSize,
          updatedAt: new Date(),
        })
        .where(eq(portals.id, current.id))
        .returning();
      return { portal: portal!, replaced: current.logoStorageKey };
    })
    .catch(async (error: unknown) => {
      await removeUploads([stored.storageKey]);
      throw error;
    });
  if (result.replaced) await removeUploads([result.replaced]);
  return result.portal;
};

export const removePortalLogo = async (ctx: AccountCtx, slug: string) => {
  requireKnowledgeManager(ctx);
  const removed = await ctx.db.transaction(async (db) => {
    const current = await requirePortal({ ...ctx, db }, slug, { lock: true });
    await db
      .update(portals)
      .set({ logoStorageKey: null, logoFileName: null, logoContentType: null, logoFileSize: null, updatedAt: new Date() })
      .where(eq(portals.id, current.id));
    return current.logoStorageKey;
  });
  if (removed) await removeUploads([removed]);
};

/** The logo's bytes through its signed link (no token: the public help center shows it). */
export const downloadPortalLogo = async (portalId: number, query: { expires: number; signature: string }) => {
  if (!verifyFileSignature("portal-logo", portalId, query.expires, query.signature)) {
    throw new ApiError("forbidden", "This link is invalid or has expired");
  }
  const [portal] = await getDb().select().from(portals).where(eq(portals.id, portalId));
  if (!portal?.logoStorageKey) throw notFound("Logo");
  const body = await readUpload(portal.logoStorageKey).catch((error: unknown) => {
    if (error instanceof StorageError && error.missing) throw notFound("Logo");
    throw new ApiError("unavailable", "The file store is not available; please try again later", { cause: error });
  });
  return new Response(body, { headers: servingHeaders(portal.logoContentType ?? "application/octet-stream", portal.logoFileName ?? "logo") });
};
