import { describe, expect, it } from "vitest";
import { prefixQuery } from "@/lib/knowledge-base/article-list";
import { generateArticleSlug } from "@/lib/knowledge-base/article-slug";
import { freeSlug, isSlug } from "@/lib/knowledge-base/slugs";
import { articleStatusCode, articleStatusName, parseArticleStatus } from "@/lib/knowledge-base/article-status";

describe("parseArticleStatus", () => {
  it.each([
    ["draft", "draft"],
    ["published", "published"],
    ["archived", "archived"],
    [0, "draft"],
    [1, "published"],
    [2, "archived"],
    ["0", "draft"],
    ["1", "published"],
    ["2", "archived"],
    ["bogus", null],
    ["Published", null],
    [3, null],
    [-1, null],
    [1.5, null],
    ["12", null],
    ["", null],
    [null, null],
    [true, null],
  ])("%j → %j", (value, status) => {
    expect(parseArticleStatus(value)).toBe(status);
  });

  it("stores each status as Chatwoot's number and reads it back", () => {
    expect(["draft", "published", "archived"].map((s) => articleStatusCode(s as "draft"))).toEqual([0, 1, 2]);
    expect([0, 1, 2].map(articleStatusName)).toEqual(["draft", "published", "archived"]);
    expect(() => articleStatusName(5)).toThrow();
  });
});

describe("article slugs", () => {
  const at = new Date("2024-04-16T09:33:20Z"); // 1713260000

  it.each([
    ["Reset your password", "1713260000-reset-your-password"],
    ["  How do I: pay?  ", "1713260000-how-do-i-pay"],
    ["Café crème & Öffnungszeiten", "1713260000-cafe-creme-offnungszeiten"],
    ["snake_case_title", "1713260000-snake-case-title"],
    ["2024 prices", "1713260000-2024-prices"],
    ["日本語", "1713260000"],
    ["???", "1713260000"],
  ])("%j → %s", (title, slug) => {
    expect(generateArticleSlug(title, at)).toBe(slug);
    expect(isSlug(slug)).toBe(true);
  });

  it("keeps long titles to whole-ish words without a trailing hyphen", () => {
    const slug = generateArticleSlug(`${"word ".repeat(40)}end`, at).replace(/^\d+-/, "");
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(isSlug(slug)).toBe(true);
  });

  it("numbers the candidates for a taken slug from 2", () => {
    expect(freeSlug("1713260000-faq", new Set())).toBe("1713260000-faq");
    expect(freeSlug("1713260000-faq", new Set(["1713260000-faq"]))).toBe("1713260000-faq-2");
    expect(freeSlug("1713260000-faq", new Set(["1713260000-faq", "1713260000-faq-2"]))).toBe("1713260000-faq-3");
  });

  it.each([
    ["reset-your-password", true],
    ["a", true],
    ["1713260000-faq-2", true],
    ["Reset", false],
    ["double--hyphen", false],
    ["-leading", false],
    ["trailing-", false],
    ["under_score", false],
    ["space d", false],
  ])("the format of a given slug: %s → %s", (slug, valid) => {
    expect(isSlug(slug)).toBe(valid);
  });
});

describe("prefixQuery", () => {
  it.each([
    ["reset pass", "reset:* & pass:*"],
    ["  Réinitialiser   mot-de-passe ", "Réinitialiser:* & mot:* & de:* & passe:*"],
    ["!!! & | :* ( )", null],
    ["", null],
    ["o'clock", "o:* & clock:*"],
  ])("%j → %j", (query, expected) => {
    expect(prefixQuery(query)).toBe(expected);
  });

  it("takes at most 20 words", () => {
    expect(prefixQuery("w ".repeat(50))!.split(" & ")).toHaveLength(20);
  });
});
