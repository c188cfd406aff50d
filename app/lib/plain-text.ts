/**
 * Control characters in what people type: refused at validation (a NUL,
 * an escape sequence or a lone surrogate is never part of a name or a project
 * description, and PostgreSQL cannot store a NUL), and taken out of anything
 * we show or send, for rows stored before the check existed.
 *
 * "Control" here is C0 (U+0000–U+001F), DEL (U+007F), C1 (U+0080–U+009F) and
 * UTF-16 surrogates that are not part of a pair. Multi-line text keeps tab,
 * line feed and carriage return. Pure and small: the browser runs it too.
 */

/* eslint-disable no-control-regex -- these patterns exist to find control characters */
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/g;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** True when the text holds a character a name (or, multi-line, free text) never has. */
export function hasControlCharacters(text: string, options: { multiLine?: boolean } = {}): boolean {
  const pattern = options.multiLine ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return text.search(pattern) !== -1 || !text.isWellFormed();
}

/** One line of text for a table cell or a subject: every control character becomes a space. */
export function singleLine(text: string): string {
  return text.replace(CONTROL_SINGLE_LINE, " ").replace(LONE_SURROGATE, "\ufffd");
}

/** Free text with its tabs and line breaks kept, other control characters removed. */
export function multiLine(text: string): string {
  return text.replace(CONTROL_MULTI_LINE, "").replace(LONE_SURROGATE, "\ufffd");
}

/**
 * What a person typed into a search or filter box, read from a query string:
 * one line without control characters (a NUL would make the database refuse
 * the query), trimmed, at most `max` characters.
 */
export function queryText(value: string | null | undefined, max: number): string {
  return singleLine(value ?? "")
    .trim()
    .slice(0, max);
}
