import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleMarkdown } from "@/components/knowledge-base/article-markdown";
import { xssPayloads as payloads } from "../helpers/xss-payloads";

/*
 * Known XSS payloads in an article's Markdown render inert: no script element, no event
 * handler, no javascript:/vbscript:/data: URL, no SVG, iframe, object or style that could run
 * or load anything. The same component renders the public help center and the portal's preview.
 */
const render = (source: string) => renderToStaticMarkup(createElement(ArticleMarkdown, { source }));

const dangerous = [
  /<script/i,
  /<svg/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<style/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /<details/i,
  /\son\w+\s*=/i,

  /style\s*=/i,
];

describe("article Markdown", () => {
  it.each(payloads)("renders %j inert", (payload) => {
    const html = render(`Before\n\n${payload}\n\nAfter`);
    // What a quoted attribute value holds is text (its quotes come escaped): only the markup is checked.
    const markup = html.replace(/"[^"]*"/g, '""');
    for (const pattern of dangerous) expect(markup, `${pattern} in ${html}`).not.toMatch(pattern);
    expect(html).toContain("After");
  });

  it.each(payloads)("keeps no script URL in any attribute of %j", (payload) => {
    const attributes = [...render(payload).matchAll(/\s([\w-]+)="([^"]*)"/g)];
    for (const [, name, value] of attributes) expect(`${name}=${value}`).not.toMatch(/^(href|src|action|data|formaction|xlink:href)=\s*(javascript|vbscript|data):/i);
  });

  it("still renders what articles are made of", () => {
    const html = render(
      [
        "## Parking",
        "Free for **guests**, see [the map](https://venue.example/map) or [our rules](/hc/help/articles/rules).",
        "",
        "- Level -1",
        "- Level -2",
        "",
        "| Hall | Seats |",
        "| - | - |",
        "| Grand | 400 |",
        "",
        "![Entrance](https://venue.example/entrance.jpg)",
        "",
        "Call [us](tel:+31201234567) or [mail](mailto:events@venue.example). `code` and ~~old~~.",
      ].join("\n"),
    );
    expect(html).toContain("<h2>Parking</h2>");
    expect(html).toContain("<strong>guests</strong>");
    expect(html).toContain('<a href="https://venue.example/map" target="_blank" rel="nofollow noopener noreferrer">the map</a>');
    expect(html).toContain('<a href="/hc/help/articles/rules">our rules</a>');
    expect(html).toContain("<li>Level -1</li>");
    expect(html).toContain("<td>Grand</td>");
    expect(html).toMatch(/<img src="https:\/\/venue.example\/entrance.jpg" alt="Entrance" loading="lazy" referrerPolicy="no-referrer"\/>/i);
    expect(html).toContain('href="tel:+31201234567"');
    expect(html).toContain('href="mailto:events@venue.example"');
    expect(html).toContain("<del>old</del>");
    // A fenced block shows its HTML as text.
    expect(render("```html\n<b>x</b>\n```")).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});
