/** Property-based tests (fast-check) for the rules that take arbitrary input. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeReturnPath } from "~/features/auth/return-path";
import { csvCell, toCsv } from "~/features/leads/csv";
import { checkLeadForm, MESSAGES } from "~/features/leads/lead-schema";
import { multiLine } from "~/lib/plain-text";
import { isUsOrCanadianPhone, toE164 } from "~/features/leads/phone";
import { parsePostalCode } from "~/features/leads/postal-code";
import { breadcrumbs, formatBreadcrumbSegment } from "~/features/places/breadcrumb";
import { CITY_SLUG_PATTERN, citySlug } from "~/features/places/slug";
import { parseCsv } from "../support/csv-parse";

const RUNS = { numRuns: 500 };

describe("the lead schema", () => {
  const valid = {
    name: "Jordan Rivera",
    email: "jordan@example.com",
    phone: "(303) 555-0147",
    service: "roofing",
    postalCode: "80202",
    details: "New roof",
    preferredContact: "phone",
    consent: "on",
  };

  it("never throws, and reports each bad field with a message of its own", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...Object.keys(valid)), fc.string({ maxLength: 80 })),
        (override) => {
          const errors = checkLeadForm("quote", { ...valid, ...override });
          const known = new Set<string>(Object.values(MESSAGES));
          for (const message of Object.values(errors)) expect(known.has(message ?? "")).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it("accepts every ten-digit number with a valid area code and exchange, in any common format", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("303", "416", "212", "604", "713", "902"),
        fc.integer({ min: 200, max: 999 }).filter((n) => n % 100 !== 11),
        fc.integer({ min: 0, max: 9999 }),
        fc.constantFrom(
          (a: string, b: string, c: string) => `(${a}) ${b}-${c}`,
          (a: string, b: string, c: string) => `${a}.${b}.${c}`,
          (a: string, b: string, c: string) => `+1 ${a} ${b} ${c}`,
          (a: string, b: string, c: string) => `1${a}${b}${c}`,
        ),
        (area, exchange, line, format) => {
          const text = format(area, exchange.toString(), line.toString().padStart(4, "0"));
          expect(isUsOrCanadianPhone(text)).toBe(true);
          expect(toE164(text)).toMatch(/^\+1\d{10}$/);
          expect(checkLeadForm("quote", { ...valid, phone: text })).toEqual({});
        },
      ),
      RUNS,
    );
  });

  it("normalises postal codes to one form, whatever the case and spacing", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("K1A0B1", "k1a 0b1", "M5V2T6", "v6b 1a1", "80202", "80202-1234", "10001"),
        fc.boolean(),
        (code, upper) => {
          const input = upper ? code.toUpperCase() : code.toLowerCase();
          const parsed = parsePostalCode(input);
          expect(parsed).not.toBeNull();
          expect(parsePostalCode(parsed?.code ?? "")).toEqual(parsed);
        },
      ),
    );
  });
});

describe("city slugs", () => {
  it("are always of the spec's shape, whatever the name", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((name) => /[A-Za-z0-9À-ÿ]/.test(name)),
        fc.constantFrom("CO", "NY", "QC", "NL", "BC", "TX"),
        (name, region) => {
          expect(citySlug(name, region)).toMatch(CITY_SLUG_PATTERN);
        },
      ),
      RUNS,
    );
  });
});

describe("breadcrumbs", () => {
  it("never throw, have Home first, one crumb per segment, and follow the City, ST rule", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9%-]{1,12}$/), { maxLength: 4 }),
        (segments) => {
          const crumbs = breadcrumbs(`/${segments.join("/")}`);
          expect(crumbs[0]).toEqual({ label: "Home", path: "/" });
          expect(crumbs).toHaveLength(segments.length + 1);
          for (const segment of segments) {
            const label = formatBreadcrumbSegment(segment);
            if (segment.includes("-") && segment.length <= 8) expect(label).toContain(", ");
            else expect(label).not.toMatch(/, [A-Z0-9]+$/);
          }
        },
      ),
      RUNS,
    );
  });
});

describe("the return-path guard", () => {
  it("never lets a path leave the site", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webUrl(),
          fc.webPath(),
          fc.constantFrom("//x", "/\\x", "/%2F/x", "\\\\x"),
        ),
        (candidate) => {
          if (isSafeReturnPath(candidate)) {
            expect(new URL(candidate, "https://site.example").origin).toBe("https://site.example");
            expect(candidate.startsWith("//")).toBe(false);
            expect(candidate.includes("\\")).toBe(false);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("CSV cells", () => {
  it("round-trip any text but control characters, and never start like a formula", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: "binary-ascii" }), { minLength: 1, maxLength: 4 }), {
          maxLength: 5,
        }),
        (rows) => {
          const width = Math.max(1, ...rows.map((row) => row.length));
          const padded = rows.map((row) => [...row, ...Array<string>(width - row.length).fill("")]);
          const parsed = parseCsv(toCsv(Array<string>(width).fill("h"), padded)).slice(1);
          const unescape = (cell: string) => (/^'[=+\-@\t\r']/.test(cell) ? cell.slice(1) : cell);
          // Control characters other than tab and line breaks are dropped on the way out.
          expect(parsed.map((row) => row.map(unescape))).toEqual(
            padded.map((row) => row.map(multiLine)),
          );
          for (const row of padded)
            for (const cell of row) expect(csvCell(cell)).not.toMatch(/^"?[=+\-@\t\r]/);
        },
      ),
      RUNS,
    );
  });
});
