import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { attachments } from "@/db/schema";
import { ApiError, notFound } from "@/lib/http/errors";
import { readUpload, servingHeaders, verifyUploadSignature } from "@/lib/storage/uploads";

/** Serves a stored file when the link's signature and expiry hold; the link is the only key. */
export const downloadAttachment = async (attachmentId: number, query: { expires: number; signature: string }) => {
  if (!verifyUploadSignature(attachmentId, query.expires, query.signature)) {
    throw new ApiError("forbidden", "This link is invalid or has expired");
  }
  const [attachment] = await getDb().select().from(attachments).where(eq(attachments.id, attachmentId));
  if (!attachment?.storageKey) throw notFound("Attachment");
  const body = await readUpload(attachment.storageKey).catch(() => {
    throw notFound("Attachment");
  });
  return new Response(body, {
    headers: servingHeaders(attachment.contentType ?? "application/octet-stream", attachment.fileName ?? "file"),
  });
};
