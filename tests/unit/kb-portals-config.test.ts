import { describe, expect, it } from "vitest";
import type { PortalConfig } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { normalizeCustomDomain, normalizePortalConfig, type PortalConfigInput } from "@/lib/knowledge-base/portal-schemas";
import { freeSlug, maxSlugLength } from "@/lib/knowledge-base/slugs";

const stored: PortalConfig = { allowed_locales: ["en", "fr", "de"], default_locale: "fr", draft_locales: ["de"] };

describe("normalizePortalConfig", () => {
  it.each<[string, PortalConfig | null, PortalConfigInput | undefined, PortalConfig]>([
    ["a new portal with no config is English", null, undefined, { allowed_locales: ["en"], default_locale: "en", draft_locales: [] }],
    ["a new portal's only locale is its default", null, { default_locale: "nl" }, { allowed_locales: ["nl"], default_locale: "nl", draft_locales: [] }],
    ["blanks and duplicates are dropped", null, { allowed_locales: ["en", "", "fr", "en"] }, { allowed_locales: ["en", "fr"], default_locale: "en", draft_locales: [] }],
    ["an empty list falls back to the default", null, { allowed_locales: [""], default_locale: "es" }, { allowed_locales: ["es"], default_locale: "es", draft_locales: [] }],
    ["nothing given keeps the stored config", stored, {}, stored],
    ["drafts alone are merged over the rest", stored, { draft_locales: ["en"] }, { ...stored, draft_locales: ["en"] }],
    ["a new default among the allowed", stored, { default_locale: "de", draft_locales: [] }, { ...stored, default_locale: "de", draft_locales: [] }],
    ["the stored default stays while allowed", stored, { allowed_locales: ["fr", "en"] }, { allowed_locales: ["fr", "en"], default_locale: "fr", draft_locales: [] }],
    ["a dropped default gives way to the first allowed", stored, { allowed_locales: ["de", "en"], draft_locales: [] }, { allowed_locales: ["de", "en"], default_locale: "de", draft_locales: [] }],
    ["drafts not allowed are dropped", stored, { draft_locales: ["de", "xx"] }, stored],
  ])("%s", (_, before, input, expected) => {
    expect(normalizePortalConfig(before, input)).toEqual(expected);
  });

  it.each<[string, PortalConfig | null, PortalConfigInput, string]>([
    ["a default that is not allowed", null, { allowed_locales: ["en"], default_locale: "fr" }, "config.default_locale"],
    ["a default outside the stored locales", stored, { default_locale: "nl" }, "config.default_locale"],
    ["a drafted default", stored, { draft_locales: ["fr"] }, "config.draft_locales"],
    ["a dropped default whose successor is drafted", stored, { allowed_locales: ["de", "en"] }, "config.draft_locales"],
  ])("refuses %s", (_, before, input, field) => {
    let thrown: unknown;
    try {
      normalizePortalConfig(before, input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).errors[0]!.field).toBe(field);
  });
});

describe("normalizeCustomDomain", () => {
  it.each([
    ["help.example.com", "help.example.com"],
    ["  Help.Example.COM ", "help.example.com"],
    ["https://support.example.dev/a/b?c", "support.example.dev"],
    ["http://docs.example.org:8080", "docs.example.org"],
    ["help.example.com.", "help.example.com"],
    ["", null],
    ["   ", null],
  ])("%j → %j", (input, expected) => {
    expect(normalizeCustomDomain(input)).toBe(expected);
  });
});

describe("freeSlug", () => {
  it.each([
    ["faq", [], "faq"],
    ["faq", ["faq"], "faq-2"],
    ["faq", ["faq", "faq-2", "faq-3"], "faq-4"],
    ["faq", ["faq-2"], "faq"],
  ])("%j among %j → %j", (base, taken, expected) => {
    expect(freeSlug(base, new Set(taken))).toBe(expected);
  });

  it("keeps a suffixed slug within the length limit", () => {
    const base = `${"a".repeat(maxSlugLength - 2)}-b`;
    const slug = freeSlug(base, new Set([base]));
    expect(slug.length).toBeLessThanOrEqual(maxSlugLength);
    expect(slug.endsWith("-2")).toBe(true);
  });
});
