import type { QuoteDocument } from "./document";
import { presentQuote, type QuoteView, type TotalRow, type ViewGroup, type ViewLine } from "./format";

/**
 * The quote's `preview`: one standalone HTML page (inline CSS, no scripts, no external assets
 * but a logo the account gave as an http(s) URL) laid out from the same `QuoteView` as the PDF.
 * Plain template strings rather than react-dom/server, which route handlers (React Server
 * Components) cannot import; every value from the document goes through `escape`.
 */

const escape = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** Escaped, with the line breaks a planner typed kept as <br>. */
const multiline = (value: string): string => value.split(/\r?\n/).map(escape).join("<br>");

/** Only images the browser can show without running anything: raster data: URLs and http(s) addresses. */
const logoSource = (url: string | null): string | null => {
  if (!url) return null;
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=\s]+$/i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
};

const styles = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#eef1f4;color:#1c2530;font:14px/1.5 "Inter","Segoe UI",system-ui,-apple-system,"Helvetica Neue",Helvetica,Arial,sans-serif;font-variant-numeric:tabular-nums}
.sheet{max-width:900px;margin:32px auto;background:#fff;border-radius:6px;box-shadow:0 1px 3px rgba(16,24,40,.08),0 8px 24px rgba(16,24,40,.06);padding:48px 56px 32px}
.num{text-align:right;white-space:nowrap}
.muted{color:#5f6b7a}
.small{font-size:12.5px}
h1,h2,h3,p{margin:0}
header.top{display:flex;justify-content:space-between;align-items:flex-start;gap:32px;padding-bottom:28px;border-bottom:2px solid #0f4c5c}
.brand{flex:1 1 0;display:flex;align-items:center;gap:14px;min-width:0}
.brand img{max-height:56px;max-width:180px;object-fit:contain;display:block}
.brand .name{font-size:18px;font-weight:700;letter-spacing:-.01em}
.title{flex:0 1 auto;max-width:420px;text-align:right}
.title .kind{font-size:12px;font-weight:700;letter-spacing:.14em;text-transform:uppercase;color:#0f4c5c}
.title h1{font-size:22px;line-height:1.25;font-weight:700;letter-spacing:-.015em;margin:4px 0 10px}
.status{display:inline-block;margin-bottom:10px;padding:2px 10px;border-radius:999px;background:#fff4e5;color:#8a4b00;font-size:12px;font-weight:600}
dl.meta{display:grid;grid-template-columns:auto auto;justify-content:end;column-gap:16px;row-gap:2px;margin:0;font-size:13px}
dl.meta dt{color:#5f6b7a;text-align:right}
dl.meta dd{margin:0;font-weight:600;text-align:right}
.parties{display:grid;grid-template-columns:1fr 1.35fr;gap:32px;padding:28px 0}
.label{font-size:11.5px;font-weight:700;letter-spacing:.1em;text-transform:uppercase;color:#5f6b7a;margin-bottom:8px}
.party p{margin:0}
.party .strong{font-weight:600}
ul.spaces{list-style:none;margin:10px 0 0;padding:0}
ul.spaces li{padding:6px 0 6px 12px;border-left:3px solid #cfe3e6;margin-bottom:6px}
ul.spaces .space{font-weight:600}
table.lines{width:100%;border-collapse:collapse;margin-top:4px}
table.lines th{font-size:11.5px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#5f6b7a;text-align:left;padding:8px 10px;border-bottom:1px solid #d5dbe2}
table.lines th.num{text-align:right}
table.lines td{padding:9px 10px;border-bottom:1px solid #edf0f3;vertical-align:top}
table.lines tr.group td{padding:20px 10px 6px;border-bottom:1px solid #d5dbe2;font-weight:700;font-size:13px;color:#0f4c5c;letter-spacing:.02em}
table.lines tr.subtotal td{font-weight:600;border-bottom:none;padding-top:7px;padding-bottom:4px}
table.lines tr.subtotal td:first-child{color:#5f6b7a;font-weight:500;text-align:right}
.line-name{font-weight:500}
.line-desc{color:#5f6b7a;font-size:12.5px;margin-top:2px}
.show-sm{display:none}
.line-meta{display:none;color:#5f6b7a;font-size:12.5px;margin-top:2px}
.tag{display:inline-block;margin-left:8px;padding:0 7px;border-radius:4px;background:#e6f1f3;color:#0f4c5c;font-size:11px;font-weight:700;letter-spacing:.04em;vertical-align:1px;white-space:nowrap}
tr.excluded .line-name,tr.excluded td.num{color:#7b8694}
tr.excluded td.amount{text-decoration:line-through;text-decoration-color:#aab3bd}
.totals{display:flex;justify-content:flex-end;margin-top:24px}
table.totals{border-collapse:collapse;min-width:360px}
table.totals td{padding:5px 10px}
table.totals td.num{padding-left:32px}
table.totals tr.discount td{color:#1b6b3a}
table.totals tr.sum td{border-top:1px solid #d5dbe2;padding-top:8px;font-weight:600}
table.totals tr.grand td{border-top:2px solid #1c2530;padding-top:10px;font-size:18px;font-weight:700}
.notes{margin-top:32px;padding:16px 20px;background:#f6f8fa;border-radius:6px}
.accept{margin-top:20px;font-size:13px}
.accept a{color:#0f4c5c;word-break:break-all}
footer.bottom{margin-top:36px;padding-top:14px;border-top:1px solid #d5dbe2;display:flex;justify-content:space-between;gap:16px;font-size:12px;color:#5f6b7a}
@media (max-width:720px){
  body{background:#fff;font-size:14px}
  .sheet{margin:0;border-radius:0;box-shadow:none;padding:24px 18px}
  header.top{flex-direction:column;gap:18px}
  .title{text-align:left}
  .title h1{font-size:21px}
  dl.meta{justify-content:start}
  dl.meta dt,dl.meta dd{text-align:left}
  .parties{grid-template-columns:1fr;gap:22px;padding:22px 0}
  table.lines th.hide-sm,table.lines td.hide-sm{display:none}
  table.lines td{padding:9px 4px}
  table.lines th{padding:8px 4px}
  table.lines tr.group td{padding:18px 4px 6px}
  .line-meta{display:block}
  table.lines td.show-sm{display:table-cell}
  table.lines tr.subtotal td.show-sm{color:#5f6b7a;font-weight:500}
  .totals{display:block}
  table.totals{width:100%;min-width:0}
  table.totals td{padding:5px 4px}
  table.totals td.num{padding-left:12px}
  footer.bottom{flex-direction:column;gap:4px}
}
@media print{
  @page{size:A4;margin:16mm 14mm}
  body{background:#fff;font-size:11pt}
  .sheet{margin:0;max-width:none;box-shadow:none;border-radius:0;padding:0}
  table.lines tr{break-inside:avoid}
  table.lines thead{display:table-header-group}
  .totals,.notes{break-inside:avoid}
  .accept{display:none}
}
`;

const brand = (view: QuoteView): string => {
  const logo = logoSource(view.account.logoUrl);
  const image = logo ? `<img src="${escape(logo)}" alt="">` : "";
  const email = view.account.email ? `<div class="muted small">${escape(view.account.email)}</div>` : "";
  return `<div class="brand">${image}<div><div class="name">${escape(view.account.name)}</div>${email}</div></div>`;
};

const meta = (view: QuoteView): string => {
  const rows: [string, string][] = [
    ["Reference", view.reference],
    ["Version", String(view.version)],
    ["Date", view.issued],
  ];
  if (view.validUntil) rows.push(["Valid until", view.validUntil]);
  if (view.poNumber) rows.push(["PO number", view.poNumber]);
  return `<dl class="meta">${rows.map(([term, value]) => `<dt>${escape(term)}</dt><dd>${escape(value)}</dd>`).join("")}</dl>`;
};

const parties = (view: QuoteView): string => {
  const { customer, company, event } = view;
  const customerLines = [
    company?.name ? `<p class="strong">${escape(company.name)}</p>` : "",
    customer.name ? `<p${company?.name ? "" : ' class="strong"'}>${company?.name ? "Attn. " : ""}${escape(customer.name)}</p>` : "",
    ...(company?.addressLines ?? []).map((line) => `<p>${escape(line)}</p>`),
    company?.vatNumber ? `<p class="muted small">VAT ${escape(company.vatNumber)}</p>` : "",
    customer.email ? `<p class="muted small">${escape(customer.email)}</p>` : "",
    customer.phone ? `<p class="muted small">${escape(customer.phone)}</p>` : "",
  ].join("");
  const spaces = view.spaces.length
    ? `<ul class="spaces">${view.spaces.map((s) => `<li><div class="space">${escape(s.name)}</div><div class="muted small">${escape(s.when)}</div></li>`).join("")}</ul>`
    : "";
  return `<section class="parties">
<div class="party"><div class="label">Prepared for</div>${customerLines || '<p class="muted">—</p>'}</div>
<div class="party"><div class="label">Event</div><p class="strong">${escape(event.name)}</p>${event.attendees ? `<p class="muted small">${escape(event.attendees)}</p>` : ""}${spaces}</div>
</section>`;
};

const lineRow = (line: ViewLine): string => {
  const tag = line.tag ? `<span class="tag">${escape(line.tag)}</span>` : "";
  const description = line.description ? `<div class="line-desc">${multiline(line.description)}</div>` : "";
  // On a phone the quantity, price and tax columns fold into one line under the name.
  const folded = `<div class="line-meta">${escape(line.quantity)} × ${escape(line.unitPrice)} · tax ${escape(line.taxRate)}</div>`;
  return `<tr${line.counted ? "" : ' class="excluded"'}>
<td><span class="line-name">${escape(line.name)}</span>${tag}${description}${folded}</td>
<td class="num hide-sm">${escape(line.quantity)}</td>
<td class="num hide-sm">${escape(line.unitPrice)}</td>
<td class="num hide-sm">${escape(line.taxRate)}</td>
<td class="num amount">${escape(line.amount)}</td>
</tr>`;
};

const groupRows = (group: ViewGroup): string =>
  `<tbody><tr class="group"><td colspan="5">${escape(group.title)}</td></tr>
${group.lines.map(lineRow).join("\n")}
${group.subtotal ? `<tr class="subtotal"><td colspan="4" class="hide-sm">${escape(group.title)} subtotal</td><td class="show-sm">${escape(group.title)} subtotal</td><td class="num">${escape(group.subtotal)}</td></tr>` : ""}</tbody>`;

const lines = (view: QuoteView): string =>
  `<table class="lines">
<thead><tr><th>Description</th><th class="num hide-sm">Quantity</th><th class="num hide-sm">Unit price</th><th class="num hide-sm">Tax</th><th class="num">Amount</th></tr></thead>
${view.groups.map(groupRows).join("\n")}
</table>`;

const totalRow = (row: TotalRow, className = ""): string =>
  `<tr${className ? ` class="${className}"` : ""}><td>${escape(row.label)}</td><td class="num">${escape(row.amount)}</td></tr>`;

const totals = (view: QuoteView): string => {
  const { subtotal, discounts, totalExclTax, taxes, total } = view.totals;
  return `<div class="totals"><table class="totals"><tbody>
${totalRow(subtotal)}
${discounts.map((row) => totalRow(row, "discount")).join("\n")}
${totalExclTax ? totalRow(totalExclTax, "sum") : ""}
${taxes.map((row) => totalRow(row)).join("\n")}
${totalRow(total, "grand")}
</tbody></table></div>`;
};

export const renderQuoteHtml = (doc: QuoteDocument): string => {
  const view = presentQuote(doc);
  const status = view.status ? `<div class="status">${escape(view.status)}</div>` : "";
  const notes = view.notes ? `<section class="notes"><div class="label">Notes</div><p>${multiline(view.notes)}</p></section>` : "";
  const accept = view.publicUrl
    ? `<p class="accept muted">Review, choose extras and accept this quote online: <a href="${escape(view.publicUrl)}">${escape(view.publicUrl)}</a></p>`
    : "";
  const validity = view.validUntil ? `Valid until ${view.validUntil}` : "";
  const title = `${view.reference} · ${view.title} · ${view.account.name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${styles}</style>
</head>
<body>
<main class="sheet">
<header class="top">
${brand(view)}
<div class="title"><div class="kind">Quote</div><h1>${escape(view.title)}</h1>${status}${meta(view)}</div>
</header>
${parties(view)}
${lines(view)}
${totals(view)}
${notes}
${accept}
<footer class="bottom"><span>${escape(view.account.name)}${view.account.email ? ` · ${escape(view.account.email)}` : ""}</span><span>${escape(view.footer)}${validity ? ` · ${escape(validity)}` : ""}</span></footer>
</main>
</body>
</html>
`;
};
