import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it, vi } from "vitest";
import { QuoteLines as PublicLines } from "@/components/quotes/public/quote-lines";
import type { EditorQuote } from "@/lib/portal/loaders/quote-editor";
import type { QuoteDocument, StoredLine } from "@/lib/quotes/document";
import { groupLines, presentQuote } from "@/lib/quotes/format";
import { renderQuoteHtml } from "@/lib/quotes/render-html";
import { renderQuotePdf } from "@/lib/quotes/render-pdf";
import { sampleQuoteDocument } from "@/lib/quotes/sample-document";
import { renderEditor } from "./render-editor";

/*
 * The planner's editor and the customer's document (HTML preview, PDF, public page) must say the
 * same thing about every line: the same quantity words, the same unit-price digits, the same tax
 * and amount. Each case renders the editor's own components and every document view, and fails
 * if any of them words a figure differently from the table.
 */

// The editor's components import its server actions; none is called while rendering.
vi.mock("@/lib/portal/actions/quotes", () => ({}));

const PDF_TIMEOUT = 60_000;

type Figures = { quantity: string; unitPrice: string; taxRate: string; amount: string };
type Case = { name: string; currency: string; line: Pick<StoredLine, "quantity" | "unit" | "unit_price" | "tax_rate" | "net">; shows: Figures };

const nbsp = "\u00a0";

const cases: Case[] = [
  {
    name: "Hall hire",
    currency: "EUR",
    line: { quantity: "6", unit: "hour", unit_price: "150.00", tax_rate: "21", net: "900.00" },
    shows: { quantity: "6 hours", unitPrice: "€150.00 / hour", taxRate: "21%", amount: "€900.00" },
  },
  {
    name: "Set-up hour",
    currency: "EUR",
    line: { quantity: "1", unit: "hour", unit_price: "180", tax_rate: "21", net: "180.00" },
    shows: { quantity: "1 hour", unitPrice: "€180.00 / hour", taxRate: "21%", amount: "€180.00" },
  },
  {
    name: "Wine pairing",
    currency: "EUR",
    line: { quantity: "80", unit: "person", unit_price: "28.50", tax_rate: "21", net: "2280.00" },
    shows: { quantity: "80 people", unitPrice: "€28.50 / person", taxRate: "21%", amount: "€2,280.00" },
  },
  {
    name: "Tasting for one",
    currency: "EUR",
    line: { quantity: "1", unit: "person", unit_price: "45", tax_rate: "9", net: "45.00" },
    shows: { quantity: "1 person", unitPrice: "€45.00 / person", taxRate: "9%", amount: "€45.00" },
  },
  {
    name: "Canapés",
    currency: "EUR",
    line: { quantity: "1200", unit: "person", unit_price: "0.3333", tax_rate: "9", net: "399.96" },
    shows: { quantity: "1,200 people", unitPrice: "€0.3333 / person", taxRate: "9%", amount: "€399.96" },
  },
  {
    name: "Stored with trailing zeros",
    currency: "EUR",
    line: { quantity: "2.50", unit: "fixed", unit_price: "12.5000", tax_rate: "21.000", net: "31.25" },
    shows: { quantity: "2.5", unitPrice: "€12.50", taxRate: "21%", amount: "€31.25" },
  },
  {
    name: "Staff",
    currency: "EUR",
    line: { quantity: "720", unit: "person_hour", unit_price: "1.125", tax_rate: "5.5", net: "810.00" },
    shows: { quantity: "720 person-hours", unitPrice: "€1.125 / person-hour", taxRate: "5.5%", amount: "€810.00" },
  },
  {
    name: "Night watch",
    currency: "EUR",
    line: { quantity: "2", unit: "night_shift", unit_price: "400", tax_rate: "0", net: "800.00" },
    shows: { quantity: "2 night shift", unitPrice: "€400.00 / night shift", taxRate: "0%", amount: "€800.00" },
  },
  {
    name: "Day hire",
    currency: "JPY",
    line: { quantity: "2", unit: "day", unit_price: "150000", tax_rate: "10", net: "300000" },
    shows: { quantity: "2 days", unitPrice: "¥150,000 / day", taxRate: "10%", amount: "¥300,000" },
  },
  {
    name: "Coffee",
    currency: "JPY",
    line: { quantity: "3", unit: "person", unit_price: "0.5", tax_rate: "10", net: "2" },
    shows: { quantity: "3 people", unitPrice: "¥0.5 / person", taxRate: "10%", amount: "¥2" },
  },
  {
    name: "Majlis",
    currency: "BHD",
    line: { quantity: "2.5", unit: "hour", unit_price: "12.3456", tax_rate: "10", net: "30.864" },
    shows: { quantity: "2.5 hours", unitPrice: `BHD${nbsp}12.3456 / hour`, taxRate: "10%", amount: `BHD${nbsp}30.864` },
  },
  {
    name: "Projector",
    currency: "BHD",
    line: { quantity: "1", unit: "fixed", unit_price: "1.5", tax_rate: "10", net: "1.500" },
    shows: { quantity: "1", unitPrice: `BHD${nbsp}1.500`, taxRate: "10%", amount: `BHD${nbsp}1.500` },
  },
];

const stored = (c: Case, index: number): StoredLine => ({
  key: `line-${index}`,
  name: c.name,
  category: "other",
  discount: "0",
  tax: "0",
  total: c.line.net,
  ...c.line,
});

/** One document per currency with that currency's cases as its lines, and a discount. */
const documentIn = (currency: string): QuoteDocument => {
  const sample = sampleQuoteDocument();
  const lines = cases.flatMap((c, index) => (c.currency === currency ? [stored(c, index)] : []));
  return {
    ...sample,
    quote: { ...sample.quote, currency },
    breakdown: {
      ...sample.breakdown,
      lines,
      additional_lines: [],
      optional_lines: [],
      discounts: [{ code: "EARLY", name: "Early booking", discount_type: "fixed_amount", value: "20.5000", amount: "20.50" }],
    },
  };
};

const currencies = [...new Set(cases.map((c) => c.currency))];

const editorQuoteOf = (doc: QuoteDocument) =>
  ({
    id: 1,
    version: doc.quote.version,
    status: "sent",
    currency: doc.quote.currency,
    breakdown: doc.breakdown,
    overrides: { lines: [], additional_lines: [], optional_lines: [] },
    selected_optional_keys: [],
    discount_code_ids: [],
    excluded_lines: [],
  }) as unknown as EditorQuote;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .trim();

/**
 * The markup as a desktop browser shows it: elements only phones show (`sm:hidden`, the line's
 * "6 hours × €150.00" card text) are taken out with everything inside them.
 */
const desktopOnly = (html: string) => {
  let out = html;
  for (let start = out.indexOf('<span class="sm:hidden">'); start !== -1; start = out.indexOf('<span class="sm:hidden">')) {
    let depth = 0;
    let end = start;
    for (const match of out.slice(start).matchAll(/<(\/?)span\b[^>]*>/g)) {
      depth += match[1] ? -1 : 1;
      if (depth === 0) {
        end = start + match.index + match[0].length;
        break;
      }
    }
    out = out.slice(0, start) + out.slice(end);
  }
  return out;
};

/** The cells of the table row that names `name`, as text (the name cell first), as a desktop shows them. */
const rowCells = (html: string, name: string) => {
  const row = desktopOnly(html)
    .split(/<tr[ >]/)
    .find((chunk) => chunk.includes(`>${name}<`));
  if (!row) throw new Error(`No row names ${name}`);
  return [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) => text(match[1]!));
};

const pdfText = async (doc: QuoteDocument) => {
  const { text: pages } = await extractText(await getDocumentProxy(new Uint8Array(await renderQuotePdf(doc))), { mergePages: true });
  return pages.replace(/\s+/g, " ");
};

const oneSpace = (value: string) => value.replace(/\s+/g, " ");

describe.each(currencies)("a quote in %s", (currency) => {
  const doc = documentIn(currency);
  const view = presentQuote(doc);
  const documentLines = groupLines(doc).flatMap((group) => group.lines);
  const editor = renderEditor(editorQuoteOf(doc));
  const preview = renderQuoteHtml(doc);
  const publicPage = renderToStaticMarkup(createElement(PublicLines, { groups: view.groups }));

  it.each(cases.filter((c) => c.currency === currency))("$name: the editor and every document view say $shows.quantity × $shows.unitPrice", (c) => {
    const [, quantity, unitPrice, taxRate, amount] = rowCells(editor, c.name);
    expect({ quantity, unitPrice, taxRate, amount }, "the editor").toEqual(c.shows);

    const line = documentLines.find((candidate) => candidate.name === c.name)!;
    expect({ quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate, amount: line.amount }, "the document").toEqual(c.shows);

    const [, htmlQuantity, htmlPrice, htmlTax, htmlAmount] = rowCells(preview, c.name);
    expect({ quantity: htmlQuantity, unitPrice: htmlPrice, taxRate: htmlTax, amount: htmlAmount }, "the HTML preview").toEqual(c.shows);

    const [, pageQuantity, pagePrice, pageTax, pageAmount] = rowCells(publicPage, c.name);
    expect({ quantity: pageQuantity, unitPrice: pagePrice, taxRate: pageTax, amount: pageAmount }, "the public page").toEqual(c.shows);
  });

  it("words a discount and the totals alike in the editor and the document", () => {
    const [discount] = view.totals.discounts;
    // "Early booking (EARLY) · €20.50" on the document; "(€20.50)" after the code's name in the editor.
    const value = discount!.label.split(" · ")[1]!;
    expect(editor).toContain(`Early booking (${value})`);
    expect(discount!.amount.startsWith("-")).toBe(true);
    expect(editor).toContain(discount!.amount);
    for (const row of [view.totals.subtotal, view.totals.total]) expect(editor).toContain(row.amount);
  });

  it(
    "prints the same figures in the PDF",
    async () => {
      const pdf = await pdfText(doc);
      for (const c of cases.filter((candidate) => candidate.currency === currency)) {
        for (const figure of Object.values(c.shows)) expect(pdf, `${c.name}: ${figure}`).toContain(oneSpace(figure));
      }
    },
    PDF_TIMEOUT,
  );
});

describe("the event's attendees", () => {
  it("are people on the document, as in the editor", () => {
    const sample = sampleQuoteDocument();
    expect(presentQuote({ ...sample, event: { ...sample.event, attendees_count: 180 } }).event.attendees).toBe("180 people");
    expect(presentQuote({ ...sample, event: { ...sample.event, attendees_count: 1 } }).event.attendees).toBe("1 person");
  });
});
