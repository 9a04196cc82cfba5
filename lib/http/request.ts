import { ApiError } from "./errors";

export const maxBodyBytes = () => Number(process.env.MAX_BODY_BYTES ?? 1_048_576);

const tooLarge = () => new ApiError("payload_too_large", `Request body exceeds ${maxBodyBytes()} bytes`);

/** Reads the body as text, refusing it once it passes the limit (whatever Content-Length says). */
export const readBodyText = async (request: Request): Promise<string> => {
  const limit = maxBodyBytes();
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
};

/** A JSON body's text parsed, or the API's 400 `invalid_json` when it does not parse (an empty text included). */
export const parseJsonText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid JSON");
  }
};

type Nested = { [key: string]: string | string[] | Nested };

/** Null-prototype objects: a key named `__proto__` is an ordinary key there, never the prototype. */
const bare = <T>(): T => Object.create(null) as T;

/**
 * Rails-style nested keys: `account[name]=x`, `custom_attributes[industry]=y`, `ids[]=1`.
 * Every level is a null-prototype object; forbidden keys are refused later, by `cleanInput`.
 */
export const parseFormBody = (text: string): Nested => {
  const result = bare<Nested>();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Nested = result;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last && part === "" && index > 0) return;
      const nextIsArray = parts[index + 1] === "" && index + 1 === parts.length - 1;
      if (last) {
        node[part] = value;
      } else if (nextIsArray) {
        const existing = node[part];
        node[part] = Array.isArray(existing) ? [...existing, value] : [value];
      } else {
        const child = node[part];
        node = (node[part] = typeof child === "object" && !Array.isArray(child) ? child : bare<Nested>()) as Nested;
      }
    });
  }
  return result;
};

/** Query strings: `labels[]=a&labels[]=b` becomes an array; other repeated keys keep the last value. */
export const parseQuery = (url: URL): Record<string, string | string[]> => {
  const query = bare<Record<string, string | string[]>>();
  for (const [key, value] of url.searchParams) {
    if (key.endsWith("[]")) {
      const name = key.slice(0, -2);
      const existing = query[name];
      query[name] = Array.isArray(existing) ? [...existing, value] : [value];
    } else {
      query[key] = value;
    }
  }
  return query;
};

/** Where links we hand out point: the configured public URL, else the address the request came to. */
export const appBaseUrl = (request: Request) =>
  (process.env.APP_URL ?? process.env.NEXTAUTH_URL ?? new URL(request.url).origin).replace(/\/+$/, "");

/** Absolute links where the public URL is configured (the launcher always sets it), else root-relative. */
export const publicBaseUrl = () => (process.env.APP_URL ?? "").replace(/\/+$/, "");
