// `npm run bench:pdf`: renders the sample 60-line quote (lib/quotes/sample-document.ts) to PDF 30
// times after a warm-up, in this process, and prints p50/p99 render times: the quote download's
// own cost, without HTTP or the database. Target: under 500 ms. BENCH_PDF_LINES and
// BENCH_PDF_RUNS change the quote's size and the number of runs.
import { performance } from "node:perf_hooks";

// React runs as the production server runs it (its development build is ~30% slower here); it
// reads NODE_ENV when first loaded, hence the dynamic imports below.
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? "production" });

const LINES = Number(process.env.BENCH_PDF_LINES ?? 60);
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 30);
const WARM_UP = 3;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Wall time, and this process's CPU time, which a machine busy with other work inflates far less. */
const time = async (render: () => unknown) => {
  for (let i = 0; i < WARM_UP; i++) await render();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await render();
    wall.push(performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { p50: percentile(wall, 50), p99: percentile(wall, 99), cpu50: percentile(cpu, 50) };
};

const main = async () => {
  const { renderQuoteHtml } = await import("@/lib/quotes/render-html");
  const { renderQuotePdf } = await import("@/lib/quotes/render-pdf");
  const { sampleQuoteDocument } = await import("@/lib/quotes/sample-document");
  const doc = sampleQuoteDocument({ lines: LINES });
  const t0 = performance.now();
  const pdf = await renderQuotePdf(doc);
  const first = performance.now() - t0;
  const pdfTimes = await time(() => renderQuotePdf(doc));
  const htmlTimes = await time(() => renderQuoteHtml(doc));
  console.log(`${LINES}-line quote, ${RUNS} renders after ${WARM_UP} warm-up; NODE_ENV=${process.env.NODE_ENV}`);
  console.log("| render | p50 ms | p99 ms | CPU p50 ms |\n| - | - | - | - |");
  console.log(`| PDF (${(pdf.length / 1024).toFixed(0)} KiB) | ${pdfTimes.p50.toFixed(1)} | ${pdfTimes.p99.toFixed(1)} | ${pdfTimes.cpu50.toFixed(1)} |`);
  console.log(`| HTML | ${htmlTimes.p50.toFixed(2)} | ${htmlTimes.p99.toFixed(2)} | ${htmlTimes.cpu50.toFixed(2)} |`);
  console.log(`First PDF render in a fresh process (loads the renderer): ${first.toFixed(0)} ms`);
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
