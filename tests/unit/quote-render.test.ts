import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import type { QuoteDocument, StoredLine } from "@/lib/quotes/document";
import { formatMoney } from "@/lib/format/money";
import { formatDay, formatSpan, groupLines, presentQuote, quoteFilename } from "@/lib/quotes/format";
import { renderQuoteHtml } from "@/lib/quotes/render-html";
import { renderQuotePdf } from "@/lib/quotes/render-pdf";
import { sampleQuoteDocument } from "@/lib/quotes/sample-document";

// The first PDF render loads @react-pdf/renderer (yoga, fonts): seconds on a busy machine.
const PDF_TIMEOUT = 60_000;

const pdfText = async (pdf: Buffer): Promise<string> => {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: true });
  return text.replace(/\s+/g, " ");
};

const allLines = (doc: QuoteDocument): StoredLine[] => [...doc.breakdown.lines, ...doc.breakdown.additional_lines, ...doc.breakdown.optional_lines];

const line = (overrides: Partial<StoredLine>): StoredLine => ({
  key: "k",
  name: "Line",
  category: "other",
  quantity: "1",
  unit: "fixed",
  unit_price: "10.00",
  tax_rate: "21",
  net: "10.00",
  discount: "0.00",
  tax: "2.10",
  total: "12.10",
  ...overrides,
});

/** The sample with different lines in its breakdown (totals are not recomputed: the renderers only show them). */
const withLines = (doc: QuoteDocument, lines: StoredLine[], optional: StoredLine[] = []): QuoteDocument => ({
  ...doc,
  breakdown: { ...doc.breakdown, lines, additional_lines: [], optional_lines: optional },
});

describe("dates", () => {
  it("shows an allocation in its space's zone with the zone named", () => {
    expect(formatSpan("2027-06-12T12:00:00.000Z", "2027-06-12T21:59:00.000Z", "Europe/Amsterdam")).toBe(
      "Saturday 12 June 2027, 14:00–23:59 (Europe/Amsterdam)",
    );
    expect(formatSpan("2027-06-12T12:00:00.000Z", "2027-06-12T21:59:00.000Z", "America/New_York")).toBe(
      "Saturday 12 June 2027, 08:00–17:59 (America/New_York)",
    );
  });

  it("ends at 24:00 at the following midnight and names both days when it runs longer", () => {
    expect(formatSpan("2027-06-12T16:00:00.000Z", "2027-06-12T22:00:00.000Z", "Europe/Amsterdam")).toBe(
      "Saturday 12 June 2027, 18:00–24:00 (Europe/Amsterdam)",
    );
    expect(formatSpan("2027-06-12T16:00:00.000Z", "2027-06-13T01:00:00.000Z", "Europe/Amsterdam")).toBe(
      "Saturday 12 June 2027, 18:00 – Sunday 13 June 2027, 03:00 (Europe/Amsterdam)",
    );
  });

  it("follows daylight saving time (Amsterdam is UTC+1 in winter)", () => {
    expect(formatSpan("2027-01-09T09:00:00.000Z", "2027-01-09T17:00:00.000Z", "Europe/Amsterdam")).toBe(
      "Saturday 9 January 2027, 10:00–18:00 (Europe/Amsterdam)",
    );
  });

  it("reads a YYYY-MM-DD validity date as that calendar day and an instant in the venue's zone", () => {
    expect(formatDay("2027-04-30", "Pacific/Auckland")).toBe("30 April 2027");
    expect(formatDay("2027-03-01T23:30:00.000Z", "Europe/Amsterdam")).toBe("2 March 2027");
    expect(formatDay("2027-03-01T23:30:00.000Z", "America/New_York", true)).toBe("Monday 1 March 2027");
  });

  it("falls back to UTC, and says so, for a zone Intl does not know", () => {
    expect(formatSpan("2027-06-12T12:00:00.000Z", "2027-06-12T13:00:00.000Z", "Mars/Olympus")).toBe("Saturday 12 June 2027, 12:00–13:00 (UTC)");
  });
});

describe("grouping", () => {
  it("orders venue categories first, then others as they appear, optional lines marked and left out of subtotals", () => {
    const doc = withLines(
      sampleQuoteDocument(),
      [line({ key: "a", name: "Flowers", category: "decoration" }), line({ key: "b", name: "Hall", category: "space", net: "500.00" }), line({ key: "c", name: "Dinner", category: "catering" })],
      [line({ key: "o1", name: "Band", category: "space", net: "300.00", selected: false }), line({ key: "o2", name: "Photo booth", category: "space", net: "45.50", selected: true })],
    );
    const groups = groupLines(doc);
    expect(groups.map((g) => g.title)).toEqual(["Spaces", "Catering", "Decoration"]);
    const spaces = groups[0]!;
    expect(spaces.lines.map((l) => [l.name, l.tag])).toEqual([
      ["Hall", null],
      ["Band", "Optional · not included"],
      ["Photo booth", "Optional · selected"],
    ]);
    expect(spaces.subtotal).toBe("€545.50");
  });

  it("shows no subtotal for a group whose lines are all unselected options", () => {
    const doc = withLines(sampleQuoteDocument(), [line({ key: "a" })], [line({ key: "o", category: "entertainment", selected: false })]);
    expect(groupLines(doc).find((g) => g.category === "entertainment")?.subtotal).toBeNull();
  });
});

describe("renderQuoteHtml", () => {
  const doc = sampleQuoteDocument({ lines: 24 });
  const html = renderQuoteHtml(doc);
  const view = presentQuote(doc);

  it("is a complete standalone page with no scripts", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<style>[\s\S]*@media \(max-width:720px\)[\s\S]*@media print/);
    expect(html).not.toMatch(/<script|<link /i);
  });

  it("shows the account, customer, company, event, spaces, validity and version", () => {
    expect(html).toContain("Harbourlight Venues");
    expect(html).toContain('<img src="data:image/png;base64,');
    expect(html).toContain("Sophie van den Berg");
    expect(html).toContain("Northwind Analytics B.V.");
    expect(html).toContain("VAT NL123456789B01");
    expect(html).toContain("Northwind Summer Gala 2027");
    expect(html).toContain("180 people");
    expect(html).toContain("Saturday 12 June 2027, 14:00–23:59 (Europe/Amsterdam)");
    expect(html).toContain("30 April 2027");
    expect(html).toContain("PO-2027-0612");
    expect(html).toMatch(/Quote 1042 · Version 3/);
  });

  it("lists every line under its category with the optional ones marked, then discounts, taxes by rate and totals", () => {
    for (const title of ["Spaces", "Catering", "Equipment", "Staff", "Other", "Entertainment"]) expect(html).toContain(`<td colspan="5">${title}</td>`);
    for (const stored of allLines(doc)) expect(html).toContain(stored.name.replace(/'/g, "&#39;"));
    expect(html.match(/Optional · not included/g)).toHaveLength(2);
    expect(html.match(/Optional · selected/g)).toHaveLength(1);
    expect(html).toContain("Early booking (EARLY10) · 10%");
    expect(html).toContain(`-${formatMoney(doc.breakdown.discounts[0]!.amount, "EUR")}`);
    for (const tax of doc.breakdown.taxes) expect(html).toContain(`Tax ${tax.tax_rate}% on ${formatMoney(tax.base, "EUR")}`);
    expect(html).toContain(view.totals.total.amount);
    expect(view.totals.total.amount).toBe(formatMoney(doc.breakdown.total_incl_tax, "EUR"));
    expect(html).toContain(formatMoney(doc.breakdown.subtotal_excl_tax, "EUR"));
    expect(html).toContain(formatMoney(doc.breakdown.total_excl_tax, "EUR"));
  });

  it("escapes everything the document carries", () => {
    const hostile = sampleQuoteDocument({ lines: 3 });
    hostile.account.name = `<script>alert("x")</script>`;
    hostile.event.name = `Gala & "Friends" <b>`;
    hostile.breakdown.lines[0]!.name = `<img src=x onerror=alert(1)>`;
    hostile.quote.notes = `</section><script>1</script>\nsecond line`;
    hostile.quote.public_url = `javascript:alert(1)" onclick="x`;
    const out = renderQuoteHtml(hostile);
    expect(out).not.toMatch(/<script|<img src=x|onclick="x/);
    expect(out).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(out).toContain("Gala &amp; &quot;Friends&quot; &lt;b&gt;");
    expect(out).toContain("&lt;/section&gt;&lt;script&gt;1&lt;/script&gt;<br>second line");
  });

  it("shows a remote logo by address but drops anything that is not an image URL", () => {
    const remote = sampleQuoteDocument({ lines: 3 });
    remote.account.logo_url = "https://cdn.example/logo.png";
    expect(renderQuoteHtml(remote)).toContain('<img src="https://cdn.example/logo.png" alt="">');
    remote.account.logo_url = "javascript:alert(1)";
    expect(renderQuoteHtml(remote)).not.toContain("<img");
  });

  it("marks a draft as such", () => {
    expect(renderQuoteHtml(sampleQuoteDocument({ lines: 3, status: "draft" }))).toContain('<div class="status">Draft</div>');
    expect(html).not.toContain('class="status"');
  });
});

describe("renderQuotePdf", () => {
  const doc = sampleQuoteDocument({ lines: 60 });
  let pdf: Buffer;
  let text: string;

  beforeAll(async () => {
    pdf = await renderQuotePdf(doc);
    text = await pdfText(pdf);
  }, PDF_TIMEOUT);

  it("is a PDF whose text holds the totals, taxes and discount", () => {
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(text).toContain(`Total incl. tax ${formatMoney(doc.breakdown.total_incl_tax, "EUR")}`);
    expect(text).toContain(`Subtotal excl. tax ${formatMoney(doc.breakdown.subtotal_excl_tax, "EUR")}`);
    expect(text).toContain(`Total excl. tax ${formatMoney(doc.breakdown.total_excl_tax, "EUR")}`);
    for (const tax of doc.breakdown.taxes) expect(text).toContain(`Tax ${tax.tax_rate}% on ${formatMoney(tax.base, "EUR")} ${formatMoney(tax.tax, "EUR")}`);
    expect(text).toContain(`Early booking (EARLY10) · 10% -${formatMoney(doc.breakdown.discounts[0]!.amount, "EUR")}`);
  });

  it("holds every one of the 60 line names with its amount", () => {
    const lines = allLines(doc);
    expect(lines).toHaveLength(60);
    for (const stored of lines) {
      expect(text).toContain(stored.name);
      expect(text).toContain(formatMoney(stored.net, "EUR"));
    }
    expect(text.match(/OPTIONAL · NOT INCLUDED/g)).toHaveLength(2);
  });

  it("shows the parties, the spaces' dates, the validity and the version on every page", () => {
    for (const part of ["Harbourlight Venues", "Northwind Analytics B.V.", "Attn. Sophie van den Berg", "Northwind Summer Gala 2027", "PO-2027-0612"]) expect(text).toContain(part);
    expect(text).toContain("Saturday 12 June 2027, 14:00–23:59 (Europe/Amsterdam)");
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text.match(/Quote 1042 · Version 3 · Valid until 30 April 2027/g)).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it("agrees with the HTML preview on every amount", () => {
    const html = renderQuoteHtml(doc);
    const view = presentQuote(doc);
    const amounts = [view.totals.subtotal, ...view.totals.discounts, ...view.totals.taxes, view.totals.total].map((row) => row.amount);
    for (const group of view.groups) amounts.push(...group.lines.map((l) => l.amount), ...(group.subtotal ? [group.subtotal] : []));
    for (const amount of amounts) {
      expect(text).toContain(amount);
      expect(html).toContain(amount);
    }
  });

  it(
    "embeds a PNG logo, and renders without one when the logo is remote, not an image or broken",
    async () => {
      const imageCount = (buffer: Buffer) => buffer.toString("latin1").match(/\/Subtype \/Image/g)?.length ?? 0;
      const small = sampleQuoteDocument({ lines: 3 });
      // An RGBA PNG is an image plus its alpha mask.
      expect(imageCount(await renderQuotePdf(small))).toBeGreaterThan(0);
      for (const logo of ["https://cdn.example/logo.png", "data:image/svg+xml;base64,PHN2Zy8+", `data:image/png;base64,${Buffer.from("not a png").toString("base64")}`]) {
        const variant = { ...small, account: { ...small.account, logo_url: logo } };
        const out = await renderQuotePdf(variant);
        expect(imageCount(out)).toBe(0);
        expect(await pdfText(out)).toContain("Harbourlight Venues");
      }
      // A PNG signature over bytes that do not decode: the fallback render leaves the image out.
      const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("garbage")]);
      const out = await renderQuotePdf({ ...small, account: { ...small.account, logo_url: `data:image/png;base64,${broken.toString("base64")}` } });
      expect(await pdfText(out)).toContain("Total incl. tax");
    },
    PDF_TIMEOUT,
  );

  it(
    "marks a draft and renders a quote with no company, spaces, discounts or notes",
    async () => {
      const bare = sampleQuoteDocument({ lines: 2, status: "draft", logo: false });
      const minimal: QuoteDocument = {
        ...bare,
        company: null,
        allocations: [],
        quote: { ...bare.quote, notes: null, valid_until: null, po_number: null, name: null },
        breakdown: { ...bare.breakdown, discounts: [] },
      };
      const out = await pdfText(await renderQuotePdf(minimal));
      expect(out).toContain("Draft");
      expect(out).toContain("Sophie van den Berg");
      expect(out).toContain("Quote 1042 · Version 3");
      expect(out).not.toContain("Valid until");
      expect(out).not.toContain("Total excl. tax");
    },
    PDF_TIMEOUT,
  );
});

describe("quoteFilename", () => {
  it("names the download after the quote and its version", () => {
    expect(quoteFilename(sampleQuoteDocument({ lines: 1 }))).toBe("quote-1042-v3.pdf");
  });
});
