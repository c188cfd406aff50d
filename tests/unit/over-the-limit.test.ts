/**
 * ESLint's `max-lines` (issue 44: files stay small) has its exceptions listed
 * with their reasons in scripts/lint/over-the-limit.js. The list may only
 * shrink: a file listed there must still be past the limit (once split, it
 * comes off) and still exist; and the rule itself fails a file past it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { OVER_THE_LIMIT } from "../../scripts/lint/over-the-limit.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const linter = new Linter({ configType: "flat" });
const MAX_LINES = { max: 300, skipBlankLines: true, skipComments: true };

/** The `max-lines` messages ESLint gives `source` as a file called `file`. */
function pastTheLimit(source: string, file: string): boolean {
  const messages = linter.verify(
    source,
    [
      {
        files: ["**/*.{ts,tsx}"],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { ecmaFeatures: { jsx: true } },
        },
        rules: { "max-lines": ["error", MAX_LINES] },
      },
    ],
    file,
  );
  return messages.some((message) => message.ruleId === "max-lines");
}

describe("the files allowed past 300 lines", () => {
  it.each(OVER_THE_LIMIT.map(({ file, reason }) => [file, reason]))(
    "%s is still past the limit, for its reason",
    (file, reason) => {
      expect(reason.length).toBeGreaterThan(10);
      const full = path.join(ROOT, file);
      expect(existsSync(full), `${file} is gone: take it off the list`).toBe(true);
      expect(
        pastTheLimit(readFileSync(full, "utf8"), full),
        `${file} is within 300 lines now: take it off scripts/lint/over-the-limit.js`,
      ).toBe(true);
    },
  );

  it("counts as the rule does: blank lines and comments are free, code is not", () => {
    const code = Array.from(
      { length: 301 },
      (_, n) => `export const a${n.toString()} = ${n.toString()};`,
    );
    expect(pastTheLimit(code.join("\n"), path.join(ROOT, "app/x.ts"))).toBe(true);
    const spaced = [...code.slice(0, 300), "", "// a comment", "/* another */"].join("\n");
    expect(pastTheLimit(spaced, path.join(ROOT, "app/x.ts"))).toBe(false);
  });
});
