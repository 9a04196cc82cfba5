import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { RouteHandler } from "@/lib/http/route";

/**
 * Calls our route handlers in-process, routed the way Next.js routes app/: static segments
 * beat [param] segments, which beat [...catchAll]; (groups) are not part of the URL.
 */
type RouteFile = { file: string; segments: string[] };

const root = path.resolve(__dirname, "../../app");

const findRoutes = (dir: string, segments: string[] = []): RouteFile[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      const next = name.startsWith("(") && name.endsWith(")") ? segments : [...segments, name];
      return findRoutes(full, next);
    }
    return name === "route.ts" ? [{ file: full, segments }] : [];
  });

const routes = findRoutes(root);

const rank = (segment: string) => (segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);

const match = (parts: string[]) => {
  const candidates = routes.flatMap((route) => {
    const params: Record<string, string | string[]> = {};
    for (let i = 0; i < route.segments.length; i++) {
      const segment = route.segments[i]!;
      if (segment.startsWith("[...")) {
        if (i >= parts.length) return [];
        params[segment.slice(4, -1)] = parts.slice(i);
        return [{ route, params }];
      }
      const part = parts[i];
      if (part === undefined) return [];
      if (segment.startsWith("[")) params[segment.slice(1, -1)] = decodeURIComponent(part);
      else if (segment !== part) return [];
    }
    return route.segments.length === parts.length ? [{ route, params }] : [];
  });
  candidates.sort((a, b) => {
    for (let i = 0; i < Math.max(a.route.segments.length, b.route.segments.length); i++) {
      const diff = rank(a.route.segments[i] ?? "[...]") - rank(b.route.segments[i] ?? "[...]");
      if (diff !== 0) return diff;
    }
    return 0;
  });
  return candidates[0];
};

/** Routes a web Request to our route handlers, as Next.js would (the in-process HTTP server uses it too). */
export const dispatch = async (request: Request): Promise<Response> => {
  const target = new URL(request.url);
  const found = match(target.pathname.split("/").filter(Boolean));
  if (!found) return Response.json({ error: `no route file for ${target.pathname}` }, { status: 404 });
  const routeModule = (await import(found.route.file)) as Record<string, RouteHandler | undefined>;
  const handler = routeModule[request.method];
  if (!handler) return new Response(null, { status: 405 });
  return handler(request, { params: Promise.resolve(found.params) });
};

export type ApiResponse<T = any> = { status: number; body: T; text: string; bytes: Uint8Array; headers: Headers };

export type CallOptions = {
  token?: string | null;
  body?: unknown;
  form?: Record<string, string>;
  raw?: string;
  multipart?: FormData;
  headers?: Record<string, string>;
};

export const call = async <T = any>(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse<T>> => {
  const target = new URL(url, "http://localhost");
  const found = match(target.pathname.split("/").filter(Boolean));
  if (!found) throw new Error(`no route file for ${target.pathname}`);
  const headers = new Headers(options.headers);
  if (options.token) headers.set("api_access_token", options.token);
  let body: string | FormData | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  } else if (options.raw !== undefined) {
    body = options.raw;
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  } else if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  const response = await dispatch(new Request(target, { method, headers, body }));
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed as T, text, bytes, headers: response.headers };
};

export const api = {
  get: <T = any>(url: string, options?: CallOptions) => call<T>("GET", url, options),
  post: <T = any>(url: string, options?: CallOptions) => call<T>("POST", url, options),
  put: <T = any>(url: string, options?: CallOptions) => call<T>("PUT", url, options),
  patch: <T = any>(url: string, options?: CallOptions) => call<T>("PATCH", url, options),
  delete: <T = any>(url: string, options?: CallOptions) => call<T>("DELETE", url, options),
  call,
};

export const routeFiles = () => routes.map((route) => ({ file: route.file, segments: route.segments }));
