/**
 * One contract for every form (issue 32): a submission is parsed by one
 * function into the value or the messages by field, with what the person
 * typed kept; a refused form answers one shape, whichever page it is on; a
 * form with several buttons names each action by its `intent`, a zod
 * discriminated union with a handler each.
 *
 * zod is imported for its functional API only (`zod/mini`'s `safeParse` works
 * with classic and mini schemas alike); the types below are all a form
 * component needs, so a browser bundle that imports only them carries no zod.
 */
import * as z from "zod/mini";
import { fieldErrors, type FieldErrors } from "./field-errors";

export type { FieldErrors };

/** What a person typed, by field: text fields only (files are read apart). */
export type FormValues = Record<string, string>;

/**
 * Form fields as plain strings (files and repeated keys are ignored; the
 * first of each name counts). Field names are the sender's: they are kept in
 * a Map, so that "constructor" or "__proto__" is a name like any other.
 */
export function formValues(form: FormData): FormValues {
  const values = new Map<string, string>();
  for (const [key, value] of form) {
    if (typeof value === "string" && !values.has(key)) values.set(key, value);
  }
  return Object.fromEntries(values);
}

export type Submission<T> =
  | { status: "success"; value: T; values: FormValues }
  | { status: "error"; fieldErrors: FieldErrors; values: FormValues };

/**
 * The form checked against `schema`: its value, or the first message of each
 * field that failed ("form" for the form as a whole). Either way `values`
 * is what was typed, to show again.
 */
export function parseSubmission<S extends z.core.$ZodType>(
  schema: S,
  form: FormData | FormValues,
): Submission<z.output<S>> {
  const values = form instanceof FormData ? formValues(form) : form;
  const parsed = z.safeParse(schema, values);
  return parsed.success
    ? { status: "success", value: parsed.data, values }
    : { status: "error", fieldErrors: fieldErrors(parsed.error), values };
}

/**
 * A refused form, as the page gets it back: the messages beside their fields
 * (`errors`), one about the whole form (`formError`), and what was typed.
 * `form` names which form answered when a page has several.
 */
export interface FormFailure {
  ok: false;
  form?: string;
  errors?: FieldErrors;
  values?: FormValues;
  formError?: string;
}

/** An accepted form that stays on its page (a success message, an empty form). */
export interface FormSuccess {
  ok: true;
  form?: string;
}

export type FormAnswer = FormFailure | FormSuccess;

/** A failed submission as the page's answer. */
export function failureOf(
  submission: Extract<Submission<unknown>, { status: "error" }>,
  form?: string,
): FormFailure {
  return { ok: false, form, errors: submission.fieldErrors, values: submission.values };
}

type IntentSchema = z.core.$ZodType<{ intent: string }>;

/** The handler of each intent, given the parsed value of its own schema. */
export type IntentHandlers<S extends IntentSchema, R> = {
  [K in z.output<S>["intent"]]: (
    value: Extract<z.output<S>, { intent: K }>,
    values: FormValues,
  ) => R | Promise<R>;
};

/**
 * A form with several actions: `schema` is a discriminated union on
 * `intent`; the matching handler gets its branch's parsed value. A refusal
 * (an unknown intent, or a field that fails its branch) is answered by
 * `refused`, with the submission's messages and values.
 */
export async function dispatchIntent<S extends IntentSchema, R>(
  schema: S,
  form: FormData | FormValues,
  handlers: IntentHandlers<S, R>,
  refused: (failure: Extract<Submission<unknown>, { status: "error" }>) => R | Promise<R>,
): Promise<R> {
  const submission = parseSubmission(schema, form);
  if (submission.status === "error") return refused(submission);
  const intent = submission.value.intent as keyof IntentHandlers<S, R>;
  const handler = handlers[intent] as (value: z.output<S>, values: FormValues) => R | Promise<R>;
  return handler(submission.value, submission.values);
}
