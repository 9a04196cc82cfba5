/**
 * The security headers of every response, decided by what its path serves. This is the one
 * definition; scripts/server.ts applies it to each request before Next.js handles it (and puts a
 * page's policy on the request too, which is where Next.js reads the nonce for its scripts).
 */

/** What a path serves, as far as the browser's defences are concerned. */
export type ResponseKind =
  | "page" // HTML rendered by Next.js, with its scripts
  | "api" // JSON (and iCalendar) for programs
  | "document" // HTML with no scripts: the quote preview, next-auth's own pages
  | "download" // files people uploaded or we generated: attachments, quote PDFs
  | "asset"; // Next.js build output

export type SecurityOptions = {
  path: string;
  /** Fresh for each request: the only way a page's scripts may run (made only for a page: no other policy names it). */
  nonce: () => string;
  /** `next dev`: React's debugging needs eval, hot reload a WebSocket. */
  dev: boolean;
  /** `APP_URL`: served over https, browsers are told never to use plain http. */
  appUrl: string | undefined;
};

/** A path URL parsing would leave as it is: not `//host`, no escapes, dot segments or characters it would encode. */
const plainPath = /^(?!\/\/)(?![^?#]*\/\.\.?(?:[/?#]|$))\/[\w\-./~:@!$&'()*+,;=]*(?:[?#]|$)/;

/** A request's path as URL parsing gives it (dot segments resolved, `//host` read as a host), cheaply when it is already plain. */
export const requestPath = (url: string | undefined) => {
  if (url && plainPath.test(url)) {
    const end = url.search(/[?#]/);
    return end < 0 ? url : url.slice(0, end);
  }
  try {
    return new URL(url ?? "/", "http://localhost").pathname;
  } catch {
    return "/";
  }
};

const apiPrefixes = ["/api/", "/platform/api/", "/public/api/", "/.well-known/"];
/** The authorization server's endpoints for programs (its consent page, /oauth/authorize, is a page). */
const oauthEndpoints = new Set(["/oauth/token", "/oauth/register", "/oauth/revoke"]);
const quoteFile = /^\/app\/accounts\/[^/]+\/planning\/events\/[^/]+\/quotes\/[^/]+\/(preview|download)$/;

export const responseKind = (path: string): ResponseKind => {
  if (path.startsWith("/_next/static/") || path.startsWith("/_next/image")) return "asset";
  if (path.startsWith("/uploads/") || /^\/q\/[^/]+\/pdf$/.test(path)) return "download";
  const quote = quoteFile.exec(path);
  if (quote) return quote[1] === "preview" ? "document" : "download";
  if (path === "/api/auth" || path.startsWith("/api/auth/")) return "document";
  if (apiPrefixes.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1))) return "api";
  if (oauthEndpoints.has(path)) return "api";
  return "page";
};

const policy = (directives: (string | false)[]) => directives.filter(Boolean).join("; ");

/**
 * The website chat (app/widget): venues put it on their own sites in an iframe, so it is the one
 * page any site may frame. It takes nothing from the page around it and acts only for the
 * visitor's own chat, so framing it lets no one act for anybody else.
 */
export const framable = (path: string) => path === "/widget";

/** The public help center: its articles show images from wherever their authors link them (over https). */
export const showsRemoteImages = (path: string) => path === "/hc" || path.startsWith("/hc/");

/**
 * Pages: scripts only with this request's nonce (and what they load: 'strict-dynamic'); styles
 * may be inline because React renders `style` attributes (the calendar's positions, label
 * colours), which no nonce can cover; images from us or data:/blob: URLs (quote logos are
 * data: URLs), and on the help center from any https site; requests only to us.
 */
const pagePolicy = ({ nonce, dev, https, embeddable, remoteImages }: { nonce: string; dev: boolean; https: boolean; embeddable: boolean; remoteImages: boolean }) =>
  policy([
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${remoteImages ? " https:" : ""}`,
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${embeddable ? "*" : "'none'"}`,
    https && "upgrade-insecure-requests",
  ]);

/** HTML that runs nothing: its own inline styles, a logo from anywhere, forms back to us. */
const documentPolicy = policy([
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
]);

const apiPolicy = policy(["default-src 'none'", "frame-ancestors 'none'"]);

/** Opened on its own, an uploaded file runs nothing, even if it is HTML or SVG in disguise. */
const downloadPolicy = policy(["default-src 'none'", "sandbox"]);

/** Features no page of ours uses, refused for us and anything we might embed. */
const permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()";

export const securityHeaders = ({ path, nonce, dev, appUrl }: SecurityOptions): Record<string, string> => {
  const kind = responseKind(path);
  const https = appUrl?.startsWith("https:") ?? false;
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    // A quote link is its own credential: it must not leave the page in a Referer.
    "Referrer-Policy": path.startsWith("/q/") ? "no-referrer" : "strict-origin-when-cross-origin",
    "Permissions-Policy": permissionsPolicy,
  };
  if (https) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  if (kind === "asset") return headers;
  // Added to the one object, not spread into a new one (Node 20 copies a spread object slowly
  // once more keys follow it, and this runs for every response).
  if (kind === "download") {
    headers["Content-Security-Policy"] = downloadPolicy;
    return headers;
  }
  const embeddable = kind === "page" && framable(path);
  headers["Content-Security-Policy"] =
    kind === "page" ? pagePolicy({ nonce: nonce(), dev, https, embeddable, remoteImages: showsRemoteImages(path) }) : kind === "document" ? documentPolicy : apiPolicy;
  if (!embeddable) headers["X-Frame-Options"] = "DENY";
  return headers;
};
