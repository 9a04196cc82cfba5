import { describe, expect, it } from "vitest";
import { excerptAround, highlightParts } from "@/lib/conversations/search-text";

describe("excerptAround", () => {
  it("keeps a short message whole, on one line", () => {
    expect(excerptAround("Is the garden room\nfree in June?", "garden")).toBe("Is the garden room free in June?");
  });

  it("cuts a long message to whole words around the match", () => {
    const text = `${"We are planning a big family reunion with many cousins ".repeat(3)}and need a marquee for the garden in July, ${"with food and music for everyone who comes ".repeat(3)}`;
    const excerpt = excerptAround(text, "MARQUEE");
    expect(excerpt.startsWith("…")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerpt).toContain("marquee for the garden");
    expect(excerpt.length).toBeLessThanOrEqual(30 + "marquee".length + 90 + 2);
    // No word is cut in half: the cuts fall on spaces.
    const flat = text.replace(/\s+/g, " ");
    const body = excerpt.slice(1, -1);
    const start = flat.indexOf(body);
    expect(start).toBeGreaterThan(0);
    expect(flat[start - 1]).toBe(" ");
    expect(flat[start + body.length]).toBe(" ");
  });

  it("starts at the beginning when the match is near it, or missing", () => {
    const text = `Marquee please. ${"And a lot more words after it. ".repeat(10)}`;
    expect(excerptAround(text, "marquee").startsWith("Marquee please.")).toBe(true);
    expect(excerptAround(text, "zeppelin").startsWith("Marquee please.")).toBe(true);
  });

  it("takes the search literally", () => {
    expect(excerptAround("Is 50% off (today)?", "50% off (")).toBe("Is 50% off (today)?");
  });
});

describe("highlightParts", () => {
  it("marks every match, whatever its case", () => {
    expect(highlightParts("Garden room, garden party", "garden")).toEqual([
      { text: "Garden", match: true },
      { text: " room, ", match: false },
      { text: "garden", match: true },
      { text: " party", match: false },
    ]);
  });

  it("leaves the text whole without a search or a match", () => {
    expect(highlightParts("Garden room", undefined)).toEqual([{ text: "Garden room", match: false }]);
    expect(highlightParts("Garden room", "  ")).toEqual([{ text: "Garden room", match: false }]);
    expect(highlightParts("Garden room", "hall")).toEqual([{ text: "Garden room", match: false }]);
  });

  it("takes special characters literally", () => {
    expect(highlightParts("a+b (c)", "+b (")).toEqual([
      { text: "a", match: false },
      { text: "+b (", match: true },
      { text: "c)", match: false },
    ]);
  });
});
