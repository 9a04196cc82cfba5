import { describe, expect, it } from "vitest";
import { articlePath } from "@/lib/knowledge-base/paths";
import { escapeHtml, headlineInput, headlineToHtml, markdownToText, markStart, markStop, plainSnippet, snippetParts, typedPrefix } from "@/lib/knowledge-base/search-text";

describe("markdownToText", () => {
  it.each([
    ["headings end as sentences", "## Parking\n\nFree for guests.", "Parking.\n\nFree for guests."],
    ["a heading's own punctuation stays", "## Where do I park?\n### Hours:\n# Note…", "Where do I park?\nHours:\nNote…"],
    ["closing hashes of a heading", "# Wi-Fi #", "Wi-Fi."],
    ["a hash inside a heading stays", "## Room #4", "Room #4."],
    ["an empty heading", "#  \ntext", "text"],
    ["emphasis and strong", "Bring **your badge** and *a coat* or __gloves__ and _hat_.", "Bring your badge and a coat or gloves and hat."],
    ["snake_case and 2*3 stay", "Use field room_size, 2*3 metres.", "Use field room_size, 2*3 metres."],
    ["strike-through and inline code", "~~Closed~~ open; type `wifi-guest`", "Closed open; type wifi-guest"],
    ["links keep their text", "See [the map](https://example.test/map \"Map\") now", "See the map now"],
    ["images keep their alt text", "![Ballroom at night](/img/b.jpg) here", "Ballroom at night here"],
    ["reference links and definitions", "Read [the policy][p].\n\n[p]: https://example.test/p", "Read the policy."],
    ["autolinks keep the address", "Mail <mailto:desk@venue.test> or <https://venue.test>", "Mail mailto:desk@venue.test or https://venue.test"],
    ["lists and task boxes", "- one\n* two\n+ three\n1. four\n2) five\n- [x] done", "one\ntwo\nthree\nfour\nfive\ndone"],
    ["quotes", "> Quiet after 23:00\n> > really", "Quiet after 23:00\nreally"],
    ["code fences keep the code", "```bash\nssid=venue-guest\n```", "ssid=venue-guest"],
    ["rules vanish", "above\n\n---\n\n***\n\nbelow", "above\n\nbelow"],
    ["tables become words", "| Room | Seats |\n|------|------:|\n| Hall | 200 |", "Room Seats\nHall 200"],
    ["HTML stays as text", "Hi <script>alert(1)</script>", "Hi <script>alert(1)</script>"],
    ["Windows line ends", "a\r\n\r\n\r\n\r\nb", "a\n\nb"],
  ])("%s", (_name, markdown, text) => {
    expect(markdownToText(markdown)).toBe(text);
  });
});

describe("headlineToHtml", () => {
  it.each([
    ["marks matches", `The ${markStart}projector${markStop} is ready`, "The <mark>projector</mark> is ready"],
    ["escapes markup in the text", headlineInput(`a <script>alert(1)</script> & "b" 'c'`), "a &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;b&quot; &#39;c&#39;"],
    ["escapes markup inside a match", `${markStart}${headlineInput("<b>")}${markStop}`, "<mark>&lt;b&gt;</mark>"],
    ["closes a mark left open", `${markStart}wifi`, "<mark>wifi</mark>"],
    ["ignores a stray stop mark", `wifi${markStop} ok`, "wifi ok"],
    ["collapses whitespace to one line", "  one\n\n two\t", "one two"],
    ["empty stays empty", "", ""],
  ])("%s", (_name, headline, html) => {
    expect(headlineToHtml(headline)).toBe(html);
  });

  it("never lets a tag through, whatever the text holds", () => {
    const hostile = `<img src=x onerror=alert(1)>${markStart}<svg onload=alert(1)>${markStop}\u0001</mark><script>`;
    const html = headlineToHtml(headlineInput(hostile));
    expect(html.replaceAll("<mark>", "").replaceAll("</mark>", "")).not.toMatch(/[<>]/);
  });
});

describe("headlineInput", () => {
  it("takes the marks out of the text, so only PostgreSQL's marks are matches", () => {
    expect(headlineToHtml(headlineInput(`a${markStart}b${markStop}c`))).toBe("a b c");
  });
});

describe("escapeHtml", () => {
  it.each([
    ["<a href='x'>", "&lt;a href=&#39;x&#39;&gt;"],
    ['"&"', "&quot;&amp;&quot;"],
    ["plain", "plain"],
  ])("%s", (text, html) => {
    expect(escapeHtml(text)).toBe(html);
  });
});

describe("typedPrefix", () => {
  it.each([
    ["projec", { word: "projec", rest: "", join: "and" }],
    ["wedding men", { word: "men", rest: "wedding ", join: "and" }],
    ["salle de réu", { word: "réu", rest: "salle de ", join: "and" }],
    ["wi-fi", { word: "fi", rest: "wi-", join: "and" }],
    ["parking or valet", { word: "valet", rest: "parking ", join: "or" }],
    ["parking OR val", { word: "val", rest: "parking ", join: "or" }],
    ["indoor val", { word: "val", rest: "indoor ", join: "and" }],
    ["room ", null],
    ['"quiet room"', null],
    ['"quiet ro', null],
    ["parking -valet", null],
    ["parking or", null],
    ["a", null],
    ["", null],
    ["50%", null],
  ])("%j", (query, expected) => {
    expect(typedPrefix(query)).toEqual(expected);
  });
});

describe("articlePath", () => {
  it("is the public help center page of the article", () => {
    expect(articlePath("guests", "1713260000-parking")).toBe("/hc/guests/articles/1713260000-parking");
  });
});

describe("snippetParts", () => {
  it.each<[string, { text: string; match: boolean }[]]>([
    ["", []],
    ["plain &amp; simple", [{ text: "plain & simple", match: false }]],
    [
      "Free <mark>parking</mark> for &lt;guests&gt;",
      [
        { text: "Free ", match: false },
        { text: "parking", match: true },
        { text: " for <guests>", match: false },
      ],
    ],
    ["<mark>&lt;script&gt;</mark>alert(&quot;x&#39;)", [{ text: "<script>", match: true }, { text: `alert("x')`, match: false }]],
  ])("%j", (html, parts) => {
    expect(snippetParts(html)).toEqual(parts);
  });

  it("gives back the text a snippet was made from, for any text", () => {
    for (const text of ["a < b & c > d", `quote " and ' apostrophe`, "&amp; stays literal", "<mark>not a match</mark>"]) {
      const html = headlineToHtml(`${headlineInput(text)} ${markStart}hit${markStop}`);
      expect(plainSnippet(html)).toBe(`${text.replace(/\s+/g, " ")} hit`);
    }
  });
});
