import { describe, expect, it } from "vitest";
import { checkLeadForm, formValues, MESSAGES } from "~/features/leads/lead-schema";
import { hasControlCharacters, multiLine, singleLine } from "~/lib/plain-text";

const quote = {
  name: "Jordan Rivera",
  email: "jordan@example.com",
  phone: "(303) 555-0147",
  service: "roofing",
  postalCode: "80202",
  details: "Shingles blew off.",
  consent: "on",
};

describe("control characters in what people type", () => {
  it.each([
    ["a NUL", "Jordan\u0000Rivera"],
    ["an escape sequence", "Jordan\u001b[2JRivera"],
    ["a tab", "Jordan\tRivera"],
    ["a line break", "Jordan\nRivera"],
    ["a DEL", "Jordan\u007fRivera"],
    ["a C1 control", "Jordan\u009bRivera"],
    ["a lone high surrogate", "Jordan \ud83d Rivera"],
    ["a lone low surrogate", "Jordan \ude42 Rivera"],
  ])("refuse %s in a name, with the message beside the name", (_, name) => {
    expect(checkLeadForm("quote", { ...quote, name })).toEqual({ name: MESSAGES.nameCharacters });
  });

  it.each([
    ["a NUL", "Leak\u0000 here"],
    ["an escape", "Leak\u001b here"],
    ["a DEL", "Leak\u007f here"],
    ["a C1 control", "Leak\u0085 here"],
    ["a lone surrogate", "Leak \ud83d here"],
  ])("refuse %s in the details", (_, details) => {
    expect(checkLeadForm("quote", { ...quote, details })).toEqual({
      details: MESSAGES.detailsCharacters,
    });
  });

  it("take names with accents and emoji, and details with lines and tabs", () => {
    expect(
      checkLeadForm("quote", {
        ...quote,
        name: "Zoë 🙂 Côté-O'Brien",
        details: "Line one\r\n\tLine two\nLine three",
      }),
    ).toEqual({});
    expect(hasControlCharacters("Zoë 🙂")).toBe(false);
  });

  it("take out of text for a table or an email what a stored row may hold", () => {
    expect(singleLine("Jo\u0000e\u001b[2J\nDoe\ud83d")).toBe("Jo e [2J Doe\ufffd");
    expect(multiLine("Leak\u0000 here\r\n\tand\u0085 there 🙂")).toBe(
      "Leak here\r\n\tand there 🙂",
    );
  });
});

describe("form fields read as names, not as object keys", () => {
  it("keeps a field called constructor or __proto__ as a field like any other", () => {
    const form = new FormData();
    form.append("constructor", "a");
    form.append("__proto__", "b");
    form.append("toString", "c");
    form.append("name", "first");
    form.append("name", "second");
    const values = formValues(form);
    expect(Object.entries(values)).toEqual([
      ["constructor", "a"],
      ["__proto__", "b"],
      ["toString", "c"],
      ["name", "first"],
    ]);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
  });
});
