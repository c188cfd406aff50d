import { z as classic } from "zod";
import * as mini from "zod/mini";
import { describe, expect, it } from "vitest";
import { withoutControlCharacters } from "~/lib/text-checks";

const MESSAGE = "Please type this again.";

/** The same check on a zod/mini field (the lead forms) and a classic one (the visit pages). */
const fields = {
  mini: (multiLine: boolean) =>
    mini.string().check(mini.trim(), withoutControlCharacters(MESSAGE, { multiLine })),
  classic: (multiLine: boolean) =>
    classic.string().trim().check(withoutControlCharacters(MESSAGE, { multiLine })),
};
const messageOf = (schema: mini.ZodMiniType, text: string) => {
  const result = mini.safeParse(schema, text);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe.each(Object.entries(fields))("the one control-character check on %s zod", (_, field) => {
  it.each([
    ["a NUL", "Holidays\u0000"],
    ["an escape", "Holi\u001b[2Jdays"],
    ["a DEL", "Holi\u007fdays"],
    ["a C1 control", "Holi\u0085days"],
    ["a lone surrogate", "Holidays \ud83d"],
  ])("refuses %s on one line and in free text, with the field's message", (_, text) => {
    expect(messageOf(field(false), text)).toEqual([MESSAGE]);
    expect(messageOf(field(true), text)).toEqual([MESSAGE]);
  });

  it("refuses tabs and line breaks on one line only", () => {
    for (const text of ["Holi\tdays", "Holidays\r\nBcc: x@example.com", "Holi\ndays"]) {
      expect(messageOf(field(false), text), JSON.stringify(text)).toEqual([MESSAGE]);
      expect(messageOf(field(true), text), JSON.stringify(text)).toBeNull();
    }
  });

  it("takes ordinary text in every language", () => {
    for (const text of ["Vacances d'été — Québec", "Días libres 🚀", "休假", "Jordan O'Neil"]) {
      expect(messageOf(field(false), text)).toBeNull();
    }
  });
});
