import { describe, expect, it } from "vitest";
import { malformedPath, malformedPathAnswer } from "@/lib/http/malformed-path";

describe("malformedPath", () => {
  it.each([
    ["/api/v1/accounts/1/contacts/%FF", true],
    ["/api/v1/accounts/1/contacts/%ED%A0%80", true],
    ["/q/%E0%A4%A", true],
    ["/hc/docs/articles/100%-guide", true],
    ["/api/health%", true],
    ["/api/v1/accounts/%C0%AF/contacts", true],
    ["/api/v1/accounts/1/contacts", false],
    ["/api/v1/accounts/1/contacts?q=%FF&page=1", false],
    ["/hc/docs/articles/caf%C3%A9#%FF", false],
    ["/q/%F0%9F%98%80", false],
    ["/hc/docs/articles/100%25-guide", false],
    [undefined, false],
  ])("%s: %s", (url, malformed) => {
    expect(malformedPath(url)).toBe(malformed);
  });
});

describe("malformedPathAnswer", () => {
  it("answers the API's paths with its standard error body and pages in plain words", () => {
    const api = malformedPathAnswer("/api/v1/accounts/1/contacts/%FF");
    expect(api.contentType).toBe("application/json");
    expect(JSON.parse(api.body)).toEqual({ error: "The request path is not valid percent-encoded UTF-8", description: "The request path is not valid percent-encoded UTF-8", errors: [] });
    expect(malformedPathAnswer("/q/%FF")).toEqual({ contentType: "text/plain; charset=utf-8", body: "Bad request: the address is not valid percent-encoded UTF-8." });
  });
});
