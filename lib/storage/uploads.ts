import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { z } from "zod";
import { dataDir, persistentSecret } from "@/lib/config/runtime";
import { textProblem } from "@/lib/http/input";

/**
 * Message attachments on local disk under $DATA_DIR/uploads, or in an S3-compatible bucket. Storage keys are ours
 * (`<account>/<uuid>`), never a client's file name, so nothing outside the folder is reachable.
 * Files are served through short-lived signed URLs (app/uploads/[attachment_id]).
 */
export const maxUploadBytes = () => Number(process.env.MAX_UPLOAD_BYTES ?? 40 * 1024 * 1024);

// The OpenAPI description goes on before the checks: zod-openapi reads it from the base schema.
export const ZUpload = z
  .instanceof(File)
  .meta({ override: { type: "string", format: "binary" } })
  .refine((file) => file.size <= maxUploadBytes(), { message: `must be at most ${maxUploadBytes()} bytes` })
  .refine((file) => file.size > 0, { message: "is empty" })
  // The name is kept as text: one PostgreSQL cannot store (NUL) is refused like any other such text.
  .superRefine((file, ctx) => {
    const problem = textProblem(file.name);
    if (problem) ctx.addIssue({ code: "custom", message: `has a file name that ${problem}` });
  });

const uploadsDir = () => path.join(dataDir(), "uploads");

export const fileTypeOf = (contentType: string) =>
  contentType.startsWith("image/") ? "image" : contentType.startsWith("audio/") ? "audio" : contentType.startsWith("video/") ? "video" : "file";

export type StoredUpload = { storageKey: string; fileName: string; contentType: string; fileSize: number; fileType: string };

/**
 * A store that failed. `missing` is a file that is not there (a 404 to whoever asked); anything
 * else is the store's own trouble, logged and answered without its words (503).
 */
export class StorageError extends Error {
  readonly missing: boolean;
  constructor(message: string, options: { missing: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = "StorageError";
    this.missing = options.missing;
  }
}

/** Where bytes live: the local disk, or any S3-compatible store when S3_BUCKET is set. */
type Backend = {
  put: (key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) => Promise<void>;
  get: (key: string) => Promise<Uint8Array<ArrayBuffer>>;
  remove: (key: string) => Promise<void>;
};

const disk: Backend = {
  put: async (key, bytes) => {
    const target = path.join(uploadsDir(), key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  },
  get: async (key) => {
    try {
      return new Uint8Array(await readFile(path.join(uploadsDir(), key)));
    } catch (error) {
      throw new StorageError(`reading ${key} from disk failed`, { missing: (error as { code?: string }).code === "ENOENT", cause: error });
    }
  },
  remove: (key) => rm(path.join(uploadsDir(), key), { force: true }),
};

/** Path-style requests signed with SigV4, so MinIO, Ceph, R2 and AWS all work from S3_ENDPOINT. */
const s3 = (bucket: string): Backend => {
  const client = new AwsClient({
    accessKeyId: process.env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? "",
    region: process.env.S3_REGION ?? "us-east-1",
    service: "s3",
  });
  const endpoint = (process.env.S3_ENDPOINT ?? `https://s3.${process.env.S3_REGION ?? "us-east-1"}.amazonaws.com`).replace(/\/+$/, "");
  const url = (key: string) => `${endpoint}/${encodeURIComponent(bucket)}/${key}`;
  const send = async (method: string, key: string, init: RequestInit = {}) => {
    const response = await client.fetch(url(key), { method, ...init });
    if (!response.ok && !(method === "DELETE" && response.status === 404)) {
      throw new StorageError(`S3 ${method} ${key} failed with ${response.status}`, { missing: method === "GET" && response.status === 404 });
    }
    return response;
  };
  return {
    put: async (key, bytes, contentType) => {
      await send("PUT", key, { body: bytes, headers: { "content-type": contentType } });
    },
    get: async (key) => new Uint8Array(await (await send("GET", key)).arrayBuffer()),
    remove: async (key) => {
      await send("DELETE", key);
    },
  };
};

const backend = (): Backend => (process.env.S3_BUCKET ? s3(process.env.S3_BUCKET) : disk);

export const storeUpload = async (accountId: number, file: File): Promise<StoredUpload> => {
  const storageKey = `${accountId}/${randomUUID()}`;
  const contentType = file.type || "application/octet-stream";
  await backend().put(storageKey, new Uint8Array(await file.arrayBuffer()), contentType);
  return { storageKey, fileName: path.basename(file.name || "file").slice(0, 255), contentType, fileSize: file.size, fileType: fileTypeOf(contentType) };
};

const keyPattern = /^\d+\/[0-9a-f-]{36}$/;

export const readUpload = (storageKey: string) => {
  if (!keyPattern.test(storageKey)) throw new StorageError("malformed storage key", { missing: true });
  return backend().get(storageKey);
};

export const removeUploads = async (storageKeys: string[]) => {
  await Promise.all(storageKeys.filter((key) => keyPattern.test(key)).map((key) => backend().remove(key)));
};

const signingSecret = () => process.env.NEXTAUTH_SECRET ?? persistentSecret("UPLOAD_SIGNING_SECRET", "upload-signing-secret");
/**
 * What a link signs: an attachment by its bare id (`12`), any other kind of file by a prefixed
 * subject (`portal-logo.12`), so a signature made for one kind never opens another.
 */
const signatureOf = (subject: string, expires: number) =>
  createHmac("sha256", signingSecret()).update(`${subject}.${expires}`).digest("base64url");

const URL_TTL_SECONDS = 24 * 60 * 60;

/** `expires=…&signature=…` that opens `subject` for a day without a token. */
export const signedQueryFor = (subject: string, now = Date.now()) => {
  const expires = Math.floor(now / 1000) + URL_TTL_SECONDS;
  return `expires=${expires}&signature=${signatureOf(subject, expires)}`;
};

export const verifySignedQuery = (subject: string, expires: number, signature: string, now = Date.now()) => {
  if (!Number.isSafeInteger(expires) || expires < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signatureOf(subject, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};

/** A URL that serves the attachment for a day without a token (for <img> tags and downloads). */
export const signedUploadPath = (attachmentId: number, now = Date.now()) => `/uploads/${attachmentId}?${signedQueryFor(String(attachmentId), now)}`;

export const verifyUploadSignature = (attachmentId: number, expires: number, signature: string, now = Date.now()) =>
  verifySignedQuery(String(attachmentId), expires, signature, now);

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
