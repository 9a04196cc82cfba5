import { describe, expect, it } from "vitest";
import { csvLine, guardFormula, type Cell } from "@/lib/reports/csv";

describe("guardFormula (csv-safe 3.3.1)", () => {
  it.each<[Cell, Cell]>([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1 555", "'+1 555"],
    ["-Sales", "'-Sales"],
    ["@team", "'@team"],
    ["%macro", "'%macro"],
    ["|pipe", "'|pipe"],
    ["\tindented", "'\tindented"],
    ["\rreturn", "'\rreturn"],
    // Only the first character counts.
    ["Sales = Events", "Sales = Events"],
    ["Ann", "Ann"],
    ["", ""],
    ["'quoted", "'quoted"],
    // Numbers and missing values pass, even negative ones.
    [-5, -5],
    [0, 0],
    [null, null],
    [undefined, undefined],
  ])("%j → %j", (cell, guarded) => {
    expect(guardFormula(cell)).toBe(guarded);
  });
});

describe("csvLine (Ruby CSV.generate_line through CSVSafe)", () => {
  it.each<[Cell[], string]>([
    [["Agent name", "Assigned conversations"], "Agent name,Assigned conversations\n"],
    [["Ann", 3, "1 hour 5 minutes", "N/A", 0], "Ann,3,1 hour 5 minutes,N/A,0\n"],
    [["Smith, Ann"], '"Smith, Ann"\n'],
    [['The "A" team'], '"The ""A"" team"\n'],
    [["two\nlines"], '"two\nlines"\n'],
    [["carriage\rreturn"], '"carriage\rreturn"\n'],
    // Ruby writes an empty string as "" and nil as nothing.
    [["", null, undefined, "x"], '"",,,x\n'],
    // The guard comes first, then quoting.
    [["=1,2"], "\"'=1,2\"\n"],
    [["-Sales, EMEA", 12], "\"'-Sales, EMEA\",12\n"],
    [["O'Keefe & <Co>"], "O'Keefe & <Co>\n"],
    [[], "\n"],
  ])("%j", (cells, line) => {
    expect(csvLine(cells)).toBe(line);
  });

  it("leaves formulas alone when unguarded (Ruby's plain CSV)", () => {
    expect(csvLine(["Timezone", "-05:00"], { guard: false })).toBe("Timezone,-05:00\n");
    expect(csvLine(["Timezone", "-05:00"])).toBe("Timezone,'-05:00\n");
  });
});
