import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { dataDir, persistentSecret } from "@/lib/config/runtime";

/**
 * Message attachments on local disk under $DATA_DIR/uploads. Storage keys are ours
 * (`<account>/<uuid>`), never a client's file name, so nothing outside the folder is reachable.
 * Files are served through short-lived signed URLs (app/uploads/[attachment_id]).
 */
export const maxUploadBytes = () => Number(process.env.MAX_UPLOAD_BYTES ?? 40 * 1024 * 1024);

// The OpenAPI description goes on before the checks: zod-openapi reads it from the base schema.
export const ZUpload = z
  .instanceof(File)
  .meta({ override: { type: "string", format: "binary" } })
  .refine((file) => file.size <= maxUploadBytes(), { message: `must be at most ${maxUploadBytes()} bytes` })
  .refine((file) => file.size > 0, { message: "is empty" });

const uploadsDir = () => path.join(dataDir(), "uploads");

export const fileTypeOf = (contentType: string) =>
  contentType.startsWith("image/") ? "image" : contentType.startsWith("audio/") ? "audio" : contentType.startsWith("video/") ? "video" : "file";

export type StoredUpload = { storageKey: string; fileName: string; contentType: string; fileSize: number; fileType: string };

export const storeUpload = async (accountId: number, file: File): Promise<StoredUpload> => {
  const storageKey = `${accountId}/${randomUUID()}`;
  const target = path.join(uploadsDir(), storageKey);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, Buffer.from(await file.arrayBuffer()));
  const contentType = file.type || "application/octet-stream";
  return { storageKey, fileName: path.basename(file.name || "file").slice(0, 255), contentType, fileSize: file.size, fileType: fileTypeOf(contentType) };
};

const keyPattern = /^\d+\/[0-9a-f-]{36}$/;

export const readUpload = (storageKey: string) => {
  if (!keyPattern.test(storageKey)) throw new Error("malformed storage key");
  return readFile(path.join(uploadsDir(), storageKey));
};

export const removeUploads = (storageKeys: string[]) =>
  Promise.all(storageKeys.filter((key) => keyPattern.test(key)).map((key) => rm(path.join(uploadsDir(), key), { force: true })));

const signingSecret = () => process.env.NEXTAUTH_SECRET ?? persistentSecret("UPLOAD_SIGNING_SECRET", "upload-signing-secret");
const signatureOf = (attachmentId: number, expires: number) =>
  createHmac("sha256", signingSecret()).update(`${attachmentId}.${expires}`).digest("base64url");

const URL_TTL_SECONDS = 24 * 60 * 60;

/** A URL that serves the attachment for a day without a token (for <img> tags and downloads). */
export const signedUploadPath = (attachmentId: number, now = Date.now()) => {
  const expires = Math.floor(now / 1000) + URL_TTL_SECONDS;
  return `/uploads/${attachmentId}?expires=${expires}&signature=${signatureOf(attachmentId, expires)}`;
};

export const verifyUploadSignature = (attachmentId: number, expires: number, signature: string, now = Date.now()) => {
  if (!Number.isSafeInteger(expires) || expires < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signatureOf(attachmentId, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** Types a browser may render inline; anything else is downloaded as application/octet-stream. */
const inlineTypes = /^(image\/(png|jpeg|gif|webp|avif)|application\/pdf|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain)$/;

export const servingHeaders = (contentType: string, fileName: string) => {
  const inline = inlineTypes.test(contentType);
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return {
    "content-type": inline ? contentType : "application/octet-stream",
    "content-disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encoded}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "cache-control": "private, max-age=3600",
  };
};
