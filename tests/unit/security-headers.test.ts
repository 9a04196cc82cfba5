import { describe, expect, it } from "vitest";
import { requestPath, responseKind, securityHeaders, type ResponseKind } from "@/lib/http/security-headers";

const nonce = "bm9uY2Utb2YtdGhpcy1yZXF1ZXN0";
const headersFor = (path: string, options: { dev?: boolean; appUrl?: string } = {}) =>
  securityHeaders({ path, nonce: () => nonce, dev: options.dev ?? false, appUrl: options.appUrl ?? "http://localhost:3000" });

/** A policy as directive name -> sources, so a test can name one directive. */
const directives = (csp: string | undefined) =>
  Object.fromEntries(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );

describe("responseKind", () => {
  it.each<[string, ResponseKind]>([
    ["/", "page"],
    ["/login", "page"],
    ["/api-docs", "page"],
    ["/app", "page"],
    ["/app/accounts/1/conversations", "page"],
    ["/app/accounts/1/planning", "page"],
    ["/app/accounts/1/planning/events/9/quotes", "page"],
    ["/q/AbC123_-xyz", "page"],
    ["/favicon.svg", "page"],
    ["/apiary", "page"],
    ["/api", "api"],
    ["/api/health", "api"],
    ["/api/v1/profile", "api"],
    ["/api/v1/openapi.json", "api"],
    ["/api/v1/accounts/1/planning/spaces/5/calendar.ics", "api"],
    ["/api/v2/accounts/1/reports/summary", "api"],
    ["/api/no/such/route", "api"],
    ["/platform/api/v1/users", "api"],
    ["/public/api/v1/inboxes/abc/contacts", "api"],
    ["/api/auth/session", "document"],
    ["/api/auth/signout", "document"],
    ["/app/accounts/1/planning/events/9/quotes/4/preview", "document"],
    ["/app/accounts/1/planning/events/9/quotes/4/download", "download"],
    ["/q/AbC123_-xyz/pdf", "download"],
    ["/uploads/42", "download"],
    ["/uploads/gallery-image/7", "download"],
    ["/hc/handbook/en", "page"],
    ["/_next/static/chunks/main.js", "asset"],
    ["/_next/image", "asset"],
  ])("%s is a %s", (path, kind) => {
    expect(responseKind(path)).toBe(kind);
  });
});

describe("securityHeaders", () => {
  it("lets help-center pages, and only them, show https images (articles link them from anywhere)", () => {
    const imagesOf = (path: string) => directives(headersFor(path)["Content-Security-Policy"])["img-src"];
    for (const path of ["/hc", "/hc/handbook/en", "/hc/handbook/articles/1700000000-parking"]) expect(imagesOf(path), path).toEqual(["'self'", "data:", "blob:", "https:"]);
    for (const path of ["/app/accounts/1/conversations", "/q/token", "/hcx", "/widget"]) expect(imagesOf(path), path).toEqual(["'self'", "data:", "blob:"]);
    expect(directives(headersFor("/hc/handbook/en")["Content-Security-Policy"])["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
  });

  it.each(["/login", "/app/accounts/1/planning", "/api-docs", "/q/token", "/api/v1/profile", "/uploads/1", "/q/token/pdf", "/_next/static/x.js", "/api/auth/signout"])(
    "answers %s with nosniff and a permissions policy",
    (path) => {
      const headers = headersFor(path);
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers["Permissions-Policy"]).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\), usb=\(\)/);
    },
  );

  it.each([
    ["/login", "strict-origin-when-cross-origin"],
    ["/app/accounts/1/conversations", "strict-origin-when-cross-origin"],
    ["/api/v1/profile", "strict-origin-when-cross-origin"],
    ["/q/token", "no-referrer"],
    ["/q/token/pdf", "no-referrer"],
  ])("gives %s the referrer policy %s", (path, value) => {
    expect(headersFor(path)["Referrer-Policy"]).toBe(value);
  });

  it.each(["/login", "/app/accounts/1/planning", "/api-docs", "/q/token", "/app/accounts/1/planning/events/9/quotes/4/preview", "/api/v1/profile"])(
    "refuses to let %s be framed",
    (path) => {
      const headers = headersFor(path);
      expect(headers["X-Frame-Options"]).toBe("DENY");
      expect(directives(headers["Content-Security-Policy"])["frame-ancestors"]).toEqual(["'none'"]);
    },
  );

  it("lets a page run only scripts with this request's nonce, and what they load", () => {
    const csp = directives(headersFor("/app/accounts/1/planning")["Content-Security-Policy"]);
    expect(csp["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(csp).toMatchObject({
      "default-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "img-src": ["'self'", "data:", "blob:"],
      "connect-src": ["'self'"],
      "style-src": ["'self'", "'unsafe-inline'"],
    });
    expect(csp["upgrade-insecure-requests"]).toBeUndefined();
  });

  it("allows eval and the hot-reload socket only in development", () => {
    const csp = directives(headersFor("/login", { dev: true })["Content-Security-Policy"]);
    expect(csp["script-src"]).toContain("'unsafe-eval'");
    expect(csp["connect-src"]).toEqual(["'self'", "ws:", "wss:"]);
    expect(headersFor("/login")["Content-Security-Policy"]).not.toContain("unsafe-eval");
  });

  it("gives API responses a policy that allows nothing", () => {
    expect(headersFor("/api/v1/profile")["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headersFor("/platform/api/v1/users")["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it.each(["/uploads/42", "/q/token/pdf", "/app/accounts/1/planning/events/9/quotes/4/download"])("sandboxes the file at %s", (path) => {
    expect(headersFor(path)["Content-Security-Policy"]).toBe("default-src 'none'; sandbox");
  });

  it("lets the quote preview show its inline styles and logo, and run nothing", () => {
    const csp = directives(headersFor("/app/accounts/1/planning/events/9/quotes/4/preview")["Content-Security-Policy"]);
    expect(csp["default-src"]).toEqual(["'none'"]);
    expect(csp["script-src"]).toBeUndefined();
    expect(csp["style-src"]).toEqual(["'unsafe-inline'"]);
    expect(csp["img-src"]).toContain("data:");
  });

  it("leaves build assets without a policy of their own", () => {
    expect(headersFor("/_next/static/chunks/main.js")["Content-Security-Policy"]).toBeUndefined();
  });

  it.each([
    ["http://localhost:3000", false],
    ["http://venue.example", false],
    [undefined, false],
    ["https://venue.example", true],
  ])("sends HSTS for APP_URL %s: %s", (appUrl, https) => {
    for (const path of ["/login", "/api/v1/profile", "/uploads/1", "/_next/static/x.js"]) {
      const headers = securityHeaders({ path, nonce: () => nonce, dev: false, appUrl });
      expect(headers["Strict-Transport-Security"]).toBe(https ? "max-age=63072000; includeSubDomains" : undefined);
    }
    const page = directives(securityHeaders({ path: "/login", nonce: () => nonce, dev: false, appUrl })["Content-Security-Policy"]);
    expect("upgrade-insecure-requests" in page).toBe(https);
  });
});

describe("the nonce", () => {
  it.each([
    ["/app/accounts/1/conversations", 1],
    ["/api/v1/accounts/1/conversations", 0],
    ["/uploads/abc/photo.jpg", 0],
    ["/api/auth/signin", 0],
  ])("is made for %s %i time(s): only a page's policy names one", (path, times) => {
    let made = 0;
    securityHeaders({ path, nonce: () => `n${++made}`, dev: false, appUrl: "http://localhost:3000" });
    expect(made).toBe(times);
  });
});

describe("requestPath: the path a response's headers are chosen by", () => {
  /** What URL parsing makes of it (an address it refuses is "/"): the slow way, always right. */
  const parsed = (url: string) => {
    try {
      return new URL(url, "http://localhost").pathname;
    } catch {
      return "/";
    }
  };

  it.each([
    ["/api/v1/accounts/1/conversations?status=open&page=2", "/api/v1/accounts/1/conversations"],
    ["/api/../app/accounts/1", "/app/accounts/1"],
    ["/api/./v1", "/api/v1"],
    ["/.", "/"],
    ["/a/..?x=1", "/"],
    ["//evil.test/api/v1", "/api/v1"],
    ["/x%2e%2e/y", "/x%2e%2e/y"],
    ["/a b", "/a%20b"],
    ["/q/abc/pdf#top", "/q/abc/pdf"],
    ["/a\\..\\b", "/b"],
    ["/.well-known/oauth-authorization-server", "/.well-known/oauth-authorization-server"],
  ])("%s is %s, as URL parsing says", (url, path) => {
    expect(requestPath(url)).toBe(path);
    expect(requestPath(url)).toBe(parsed(url));
  });

  it("agrees with URL parsing on 100,000 paths made of the characters that change it", () => {
    let seed = 5;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pieces = ["/", ".", "..", "a", "%", "2e", "?", "#", "\\", ":", "@", " ", "é", "api"];
    for (let i = 0; i < 100_000; i++) {
      let url = "/";
      for (let n = Math.floor(random() * 9); n > 0; n--) url += pieces[Math.floor(random() * pieces.length)];
      expect(requestPath(url)).toBe(parsed(url));
    }
  });
});
