import { createHash } from "node:crypto";
import { widgetSdkSource } from "@/lib/widget/sdk";

const etag = `"${createHash("sha256").update(widgetSdkSource).digest("base64url").slice(0, 27)}"`;

const matches = (ifNoneMatch: string | null) =>
  ifNoneMatch !== null && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");

/**
 * GET /widget/sdk.js — the script venues' websites load. Its address is pasted into their pages
 * and cannot carry a version, so it is cached briefly (a new version reaches every site within
 * ten minutes) and revalidated cheaply by its content hash.
 */
export const GET = (request: Request) => {
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=600",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // Loaded by other sites' pages, also by those that only embed resources that opt in.
    "Cross-Origin-Resource-Policy": "cross-origin",
  };
  if (matches(request.headers.get("if-none-match"))) return new Response(null, { status: 304, headers });
  return new Response(widgetSdkSource, { headers });
};
