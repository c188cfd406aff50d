import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/features/leads/csv";
import { parseCsv } from "../support/csv-parse";

const tricky = [
  "Smith, John",
  'Dwayne "The Rock" Johnson',
  "Line one\nLine two",
  "Windows\r\nline",
  '=HYPERLINK("http://evil.example","click")',
  "+1 303 555 0147",
  "-2+3",
  "@SUM(A1:A9)",
  "\tTabbed",
  "  padded  ",
  "Plain",
  "",
  "Émilie Côté",
];

/** What a spreadsheet shows after reading our escaped cell. */
const unescape = (cell: string) => (/^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell);

describe("CSV export (RFC 4180, formula-safe)", () => {
  it("round-trips names with commas, quotes, newlines and formula prefixes", () => {
    const csv = toCsv(
      ["name", "n"],
      tricky.map((name, i) => [name, i]),
    );
    expect(csv.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(["name", "n"]);
    expect(rows.slice(1).map((row) => unescape(row[0] ?? ""))).toEqual(tricky);
    expect(rows.slice(1).map((row) => row[1])).toEqual(tricky.map((_, i) => String(i)));
  });

  it.each(["=1+1", "+1", "-1", "@x", "\tx", "\rx"])(
    "neutralises a formula start in %j",
    (value) => {
      expect(parseCsv(`${csvCell(value)}\r\n`)[0]?.[0]?.startsWith("'")).toBe(true);
    },
  );

  it("writes dates as ISO 8601 and empty cells for null", () => {
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("drops control characters a stored row may hold, keeping tabs and line breaks", () => {
    const rows = parseCsv(
      toCsv(
        ["name", "details"],
        [["Jo\u0000e\u001b[2J Doe\u0085", "Leak\u0007 here\r\n\tand there"]],
      ),
    );
    expect(rows[1]).toEqual(["Joe[2J Doe", "Leak here\r\n\tand there"]);
  });
});
