import { describe, expect, it } from "vitest";
import { csvLine, guardFormula, type Cell } from "@/lib/reports/csv";
import { offsetLabel, trafficRange, trafficTable } from "@/lib/reports/traffic";

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

describe("conversation traffic", () => {
  it.each([
    // offset, now, since, until
    [0, "2026-03-30T12:00:00Z", 6, "2026-03-24T00:00:00.000Z", "2026-03-30T00:00:00.000Z"],
    // 02:00 UTC is still yesterday five hours west.
    [-5, "2026-03-30T02:00:00Z", 1, "2026-03-28T05:00:00.000Z", "2026-03-29T05:00:00.000Z"],
    // 20:00 UTC is already tomorrow in India.
    [5.5, "2026-03-30T20:00:00Z", 2, "2026-03-28T18:30:00.000Z", "2026-03-30T18:30:00.000Z"],
    // 10:00 UTC is midnight at +14: today starts that instant.
    [14, "2026-03-30T10:00:00Z", 1, "2026-03-29T10:00:00.000Z", "2026-03-30T10:00:00.000Z"],
  ] as const)("offset %s at %s over %s days: %s…%s", (offset, now, days, since, until) => {
    const range = trafficRange(offset, days, new Date(now));
    expect([range.since.toISOString(), range.until.toISOString()]).toEqual([since, until]);
  });

  it.each([
    [0, "(GMT+00:00)"],
    [-5, "(GMT-05:00)"],
    [5.5, "(GMT+05:30)"],
    [5.75, "(GMT+05:45)"],
    [-9.5, "(GMT-09:30)"],
    [14, "(GMT+14:00)"],
  ])("offset %s is labelled %s", (offset, label) => {
    expect(offsetLabel(offset)).toBe(label);
  });

  it("tables hours by dates, hours in the order they come, a missing cell empty", () => {
    const hours = [
      { date: "2026-03-28", hour: 22, count: 1 },
      { date: "2026-03-28", hour: 23, count: 0 },
      { date: "2026-03-29", hour: 0, count: 4 },
      { date: "2026-03-29", hour: 22, count: 2 },
    ];
    expect(trafficTable(hours)).toEqual([
      ["Start of the hour", "2026-03-28", "2026-03-29"],
      ["22:00", 1, 2],
      ["23:00", 0, null],
      ["00:00", null, 4],
    ]);
    expect(trafficTable([])).toEqual([["Start of the hour"]]);
  });
});
