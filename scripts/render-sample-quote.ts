// `npx tsx scripts/render-sample-quote.ts <directory> [--lines N] [--status draft]`: writes the sample
// quote as quote.html and quote.pdf, the two renderings a reviewer screenshots and rasterises.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { renderQuoteHtml } from "@/lib/quotes/render-html";
import { renderQuotePdf } from "@/lib/quotes/render-pdf";
import { sampleQuoteDocument } from "@/lib/quotes/sample-document";

const main = async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { lines: { type: "string" }, status: { type: "string" }, "no-logo": { type: "boolean" } },
  });
  const [directory] = positionals;
  if (!directory) {
    console.error("Usage: npx tsx scripts/render-sample-quote.ts <directory> [--lines N] [--status draft] [--no-logo]");
    process.exit(2);
  }
  const lines = values.lines === undefined ? undefined : Number(values.lines);
  if (lines !== undefined && !(Number.isInteger(lines) && lines > 0)) {
    console.error("--lines must be a whole number of at least 1");
    process.exit(2);
  }
  const doc = sampleQuoteDocument({ lines, status: values.status, logo: !values["no-logo"] });
  mkdirSync(directory, { recursive: true });
  const html = path.join(directory, "quote.html");
  const pdf = path.join(directory, "quote.pdf");
  writeFileSync(html, renderQuoteHtml(doc));
  writeFileSync(pdf, await renderQuotePdf(doc));
  console.log(`${html}\n${pdf}`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
