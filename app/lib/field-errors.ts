/**
 * A form's messages by field, from a failed zod check: what every form
 * (lead forms, the pro's profile) shows beside each field. Its own module so
 * that a form's schema can use it without bringing another form's schema.
 */
import type * as z from "zod/mini";

/** The message to show beside each field that failed ("form" for the form as a whole). */
export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field that failed. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
