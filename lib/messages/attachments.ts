import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { attachments } from "@/db/schema";
import { ApiError, notFound } from "@/lib/http/errors";
import { readUpload, servingHeaders, StorageError, verifyUploadSignature } from "@/lib/storage/uploads";

/** Serves a stored file when the link's signature and expiry hold; the link is the only key. */
export const downloadAttachment = async (attachmentId: number, query: { expires: number; signature: string }) => {
  if (!verifyUploadSignature(attachmentId, query.expires, query.signature)) {
    throw new ApiError("forbidden", "This link is invalid or has expired");
  }
  const [attachment] = await getDb().select().from(attachments).where(eq(attachments.id, attachmentId));
  if (!attachment?.storageKey) throw notFound("Attachment");
  const body = await readUpload(attachment.storageKey).catch((error: unknown) => {
    if (error instanceof StorageError && error.missing) throw notFound("Attachment");
    throw new ApiError("unavailable", "The attachment store is not available; please try again later", { cause: error });
  });
  return new Response(body, {
    headers: servingHeaders(attachment.contentType ?? "application/octet-stream", attachment.fileName ?? "file"),
  });
};
