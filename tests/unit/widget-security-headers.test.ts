import { describe, expect, it } from "vitest";
import { securityHeaders } from "@/lib/http/security-headers";

const headersFor = (path: string) => securityHeaders({ path, nonce: () => "bm9uY2U=", dev: false, appUrl: "http://localhost:3000" });
const frameAncestors = (path: string) => /frame-ancestors ([^;]+)/.exec(headersFor(path)["Content-Security-Policy"] ?? "")?.[1];

describe("the website chat's framing exception", () => {
  it("lets any site frame the chat page, with no X-Frame-Options to say otherwise", () => {
    const headers = headersFor("/widget");
    expect(frameAncestors("/widget")).toBe("*");
    expect(headers["X-Frame-Options"]).toBeUndefined();
  });

  it("keeps the chat page's scripts to its nonce, as on every page", () => {
    const csp = headersFor("/widget")["Content-Security-Policy"];
    for (const directive of ["script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "connect-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(headersFor("/widget")["X-Content-Type-Options"]).toBe("nosniff");
  });

  it.each(["/widget/", "/widget/sdk.js", "/widgets", "/widget/x", "/app/widget", "/login", "/app/accounts/1/settings/inboxes/2", "/q/token", "/public/api/v1/inboxes/abc"])(
    "still refuses framing for %s",
    (path) => {
      expect(frameAncestors(path)).toBe("'none'");
      expect(headersFor(path)["X-Frame-Options"]).toBe("DENY");
    },
  );
});
