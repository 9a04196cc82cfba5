import { describe, expect, it } from "vitest";
import { isSlug, maxSlugLength, slugify, ZSlug } from "@/lib/knowledge-base/slugs";

describe("slugify", () => {
  it.each([
    ["Getting started", "getting-started"],
    ["  Billing & Invoices!  ", "billing-invoices"],
    ["Café crème brûlée", "cafe-creme-brulee"],
    ["Straße über Øresund", "strasse-uber-oresund"],
    ["API_v2 — FAQ", "api-v2-faq"],
    ["---", ""],
    ["Привет мир", ""],
    ["12 ways", "12-ways"],
  ])("%j → %j", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it("cuts a long text on a word boundary within the limit", () => {
    const slug = slugify(`${"word ".repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(maxSlugLength);
    expect(isSlug(slug)).toBe(true);
    expect(slug.endsWith("word")).toBe(true);
  });

  it("cuts a single over-long word at the limit", () => {
    expect(slugify("a".repeat(150))).toBe("a".repeat(maxSlugLength));
  });

  it("honours a smaller limit", () => {
    expect(slugify("reset your password", 12)).toBe("reset-your");
  });
});

describe("isSlug and ZSlug", () => {
  it.each([
    ["handbook", true],
    ["getting-started-2", true],
    ["Handbook", false],
    ["double--hyphen", false],
    ["-leading", false],
    ["trailing-", false],
    ["under_score", false],
    ["with space", false],
    ["", false],
    ["a".repeat(maxSlugLength), true],
    ["a".repeat(maxSlugLength + 1), false],
  ])("%j is a slug: %s", (value, expected) => {
    expect(isSlug(value)).toBe(expected);
    expect(ZSlug.safeParse(value).success).toBe(expected);
  });

  it("trims what a client sends", () => {
    expect(ZSlug.parse("  handbook ")).toBe("handbook");
  });
});
