/**
 * CSV as Chatwoot's report downloads write it (followed: Chatwoot 4.10 develop, the newest
 * upstream source read; the report templates are unchanged in later forks): Ruby's CSV
 * `generate_line` — fields joined by commas, a line ends with "\n", a field holding a comma,
 * a double quote, CR or LF is quoted with its quotes doubled, an empty string is `""` and a
 * missing value (nil) is empty — behind csv-safe 3.3.1's formula guard: a text field starting
 * with - = + @ % | tab or CR gets a leading `'` so a spreadsheet shows it instead of running
 * it. Numbers and missing values pass unguarded, as in csv-safe.
 *
 * Chatwoot renders these lines through ERB templates that HTML-escape them (`O'Keefe` comes
 * out `O&#39;Keefe`, chatwoot/chatwoot#10310); that corruption is deliberately not copied.
 */
export type Cell = string | number | null | undefined;

const formulaStart = ["-", "=", "+", "@", "%", "|", "\t", "\r"];
const needsQuotes = /[\r\n,"]/;

/** csv-safe's guard for one field. */
export const guardFormula = (cell: Cell): Cell =>
  typeof cell === "string" && formulaStart.some((start) => cell.startsWith(start)) ? `'${cell}` : cell;

const quote = (cell: Cell): string => {
  if (cell === null || cell === undefined) return "";
  const text = String(cell);
  return text === "" || needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One CSV line (with its "\n"); `guard: false` is Ruby's plain CSV, which Chatwoot uses for the traffic report's time zone line. */
export const csvLine = (cells: readonly Cell[], { guard = true } = {}): string =>
  `${cells.map((cell) => quote(guard ? guardFormula(cell) : cell)).join(",")}\n`;

/** A header line and one line per row. */
export const csvTable = (header: readonly Cell[], rows: readonly (readonly Cell[])[]): string => `${csvLine(header)}${rows.map((row) => csvLine(row)).join("")}`;
