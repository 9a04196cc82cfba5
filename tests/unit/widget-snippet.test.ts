import { runInNewContext } from "node:vm";
import { describe, expect, it, vi } from "vitest";
import { widgetSdkSource } from "@/lib/widget/sdk";
import { widgetPageUrl, widgetSnippet } from "@/lib/widget/snippet";

/** Runs the pasted snippet's script against a stub page; answers the script element it added and what run() got. */
const runSnippet = (snippet: string) => {
  const body = /^<script>\n([\s\S]*)\n<\/script>$/.exec(snippet)?.[1];
  expect(body, "one script element and nothing else").toBeTruthy();
  const added: Record<string, unknown> & { onload?: () => void } = {};
  const existing = { parentNode: { insertBefore: (element: unknown) => Object.assign(added, { inserted: element === added }) } };
  const run = vi.fn();
  const window = { venuedeskSDK: { run } };
  const document = { createElement: (tag: string) => Object.assign(added, { tag }), getElementsByTagName: () => [existing] };
  runInNewContext(body!, { window, document });
  added.onload?.();
  return { added, run };
};

describe("widgetSnippet", () => {
  it("loads our script without blocking the page and starts the chat for the inbox", () => {
    const { added, run } = runSnippet(widgetSnippet({ baseUrl: "https://chat.venue.example/", websiteToken: "AbC_123-xyz" }));
    expect(added).toMatchObject({ tag: "script", src: "https://chat.venue.example/widget/sdk.js", defer: true, async: true, inserted: true });
    expect(run).toHaveBeenCalledWith({ websiteToken: "AbC_123-xyz", baseUrl: "https://chat.venue.example" });
  });

  it("has the shape of Chatwoot's snippet, with our SDK's name", () => {
    const snippet = widgetSnippet({ baseUrl: "http://localhost:3000", websiteToken: "token" });
    expect(snippet).toContain('var BASE_URL = "http://localhost:3000";');
    expect(snippet).toContain("window.venuedeskSDK.run({");
    expect(snippet).toContain('websiteToken: "token",');
    expect(snippet).toContain("baseUrl: BASE_URL");
  });

  it("cannot be broken out of, whatever the configured address holds", () => {
    const snippet = widgetSnippet({ baseUrl: 'https://x.example/"</script><script>alert(1)</script>', websiteToken: "t" });
    expect(snippet.match(/<\/script>/g)).toHaveLength(1);
    expect(snippet.match(/<script>/g)).toHaveLength(1);
    const { added } = runSnippet(snippet);
    expect(added.src).toBe('https://x.example/"</script><script>alert(1)</script>/widget/sdk.js');
  });
});

describe("widgetPageUrl", () => {
  it.each([
    ["https://chat.venue.example", "abc", "https://chat.venue.example/widget?website_token=abc"],
    ["https://chat.venue.example///", "a b&c", "https://chat.venue.example/widget?website_token=a%20b%26c"],
  ])("%s with token %s is %s", (base, token, url) => {
    expect(widgetPageUrl(base, token)).toBe(url);
  });
});

describe("the SDK script", () => {
  const load = () => {
    const created: string[] = [];
    const errors: unknown[] = [];
    const window: Record<string, unknown> = {};
    const document = {
      body: { appendChild: () => undefined },
      createElement: (tag: string) => {
        created.push(tag);
        throw new Error("mounted");
      },
    };
    runInNewContext(widgetSdkSource, { window, document, URL, console: { error: (...args: unknown[]) => errors.push(args), warn: () => undefined } });
    return { window, created, errors };
  };

  it("parses, and adds exactly one global: venuedeskSDK with run", () => {
    const { window } = load();
    expect(Object.keys(window)).toEqual(["venuedeskSDK"]);
    expect(Object.keys(window.venuedeskSDK as object)).toEqual(["run"]);
  });

  it.each([
    ["no options", undefined],
    ["no token", { baseUrl: "https://chat.venue.example" }],
    ["a token that is no token of ours", { websiteToken: "a/b?c", baseUrl: "https://chat.venue.example" }],
    ["a relative base URL", { websiteToken: "abc", baseUrl: "/chat" }],
    ["a javascript: base URL", { websiteToken: "abc", baseUrl: "javascript:alert(1)" }],
  ])("refuses to start with %s, and says why in the console", (_, options) => {
    const { window, created, errors } = load();
    (window.venuedeskSDK as { run: (o: unknown) => void }).run(options);
    expect(created).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it("starts once with good options", () => {
    const { window, created } = load();
    const { run } = window.venuedeskSDK as { run: (o: unknown) => void };
    expect(() => run({ websiteToken: "abc", baseUrl: "https://chat.venue.example" })).toThrow("mounted");
    run({ websiteToken: "abc", baseUrl: "https://chat.venue.example" });
    expect(created).toEqual(["div"]);
  });
});
