/**
 * The one check for text people type (issue 42): a field that holds a
 * control character is refused beside the field, never stored. A NUL makes
 * PostgreSQL refuse the row (a 500 where a message belongs); CR, LF and ESC
 * would reach emails, calendar invites and terminals raw. Names, lead
 * details, a business's profile and a day off's note use this (and any new
 * free-text field should: a visit's address, a reason), so "control
 * character" means one thing everywhere
 * (`hasControlCharacters` in plain-text.ts, which also cleans rows stored
 * before the check).
 *
 * A zod check: `.check(withoutControlCharacters(…))` works on zod/mini
 * schemas (the forms the browser checks too) and classic zod ones alike.
 * A field with no sentence of its own says CONTROL_CHARACTERS_MESSAGE
 * (text-check-messages.ts: apart, so that the lead forms' browser code,
 * which brings its own sentences, does not carry it in its catalogue).
 */
import * as z from "zod/mini";
import { hasControlCharacters } from "./plain-text";

/**
 * Refuses a string holding a control character: C0, DEL, C1 or a lone
 * surrogate. `multiLine` text keeps tab, line feed and carriage return (a
 * description, a message); a one-line field (a name, a note, an address)
 * keeps none. `error` is the sentence shown beside the field, already in
 * the page's language (a string, or a function as zod takes it).
 */
export function withoutControlCharacters(
  error: NonNullable<z.core.$ZodCustomParams["error"]>,
  options: { multiLine?: boolean } = {},
): z.core.$ZodCheck<string> {
  return z.refine<string>((value) => !hasControlCharacters(value, options), { error });
}
