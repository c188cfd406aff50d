/**
 * The pro's quote: a fixed price or a range (in the request's currency),
 * what it includes, a start window, how many days it holds, a message. A
 * plain form; errors come back beside their field with what was typed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, FormAlert, TextArea, TextInput } from "~/components/ui/form-controls";
import type { FieldErrors } from "~/lib/field-errors";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What "Valid for (days)" starts at on a first quote. */
export const DEFAULT_VALID_DAYS = "30";

/**
 * The days a saved quote was given: it holds until `validUntil`, counted from
 * the day it was saved (quotes.server.ts), so the form refills what the pro chose.
 */
export function savedValidDays(quote: { validUntil: string; updatedAt: Date | string }): string {
  const savedOn = new Date(quote.updatedAt).toISOString().slice(0, 10);
  const days =
    (Date.parse(`${quote.validUntil}T00:00:00Z`) - Date.parse(`${savedOn}T00:00:00Z`)) / DAY_MS;
  return Number.isFinite(days) ? String(Math.round(days)) : DEFAULT_VALID_DAYS;
}

export interface QuoteFormProps {
  currency: "USD" | "CAD";
  /** What was typed (after an error) or the saved quote's values. */
  values: Record<string, string>;
  errors: FieldErrors;
  formError?: string;
  editing: boolean;
}

export function QuoteForm({ currency, values, errors, formError, editing }: QuoteFormProps) {
  const { t } = useLingui();
  const kind = values.kind === "range" ? "range" : "fixed";
  const field = (name: string) => ({
    id: `quote-${name}`,
    name,
    defaultValue: values[name] ?? "",
    ...describedBy(`quote-${name}`, errors[name]),
  });
  return (
    <Form method="post" className="grid gap-5" noValidate>
      <input type="hidden" name="intent" value="quote" />
      <FormAlert message={formError} />
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-navy-900">
          <Trans>Price ({currency})</Trans>
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(["fixed", "range"] as const).map((option) => (
            <label key={option} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="kind"
                value={option}
                defaultChecked={kind === option}
                className="size-5 accent-accent-700"
              />
              {option === "fixed" ? t`A fixed price` : t`A range`}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="quote-min" label={t`Price, or the lowest of the range`} error={errors.min}>
          <TextInput {...field("min")} inputMode="decimal" autoComplete="off" />
        </Field>
        <Field id="quote-max" label={t`Highest of the range`} optional error={errors.max}>
          <TextInput {...field("max")} inputMode="decimal" autoComplete="off" />
        </Field>
      </div>
      <Field id="quote-included" label={t`What the price includes`} error={errors.included}>
        <TextArea {...field("included")} rows={4} maxLength={2000} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="quote-startFrom" label={t`Earliest start`} error={errors.startFrom}>
          <TextInput {...field("startFrom")} type="date" />
        </Field>
        <Field id="quote-startTo" label={t`Latest start`} error={errors.startTo}>
          <TextInput {...field("startTo")} type="date" />
        </Field>
        <Field id="quote-validDays" label={t`Valid for (days)`} error={errors.validDays}>
          <TextInput {...field("validDays")} type="number" min={1} max={180} />
        </Field>
      </div>
      <Field id="quote-message" label={t`Message to the homeowner`} optional error={errors.message}>
        <TextArea {...field("message")} rows={3} maxLength={2000} />
      </Field>
      <Button type="submit" className="justify-self-start">
        {editing ? <Trans>Update quote</Trans> : <Trans>Send quote</Trans>}
      </Button>
    </Form>
  );
}
