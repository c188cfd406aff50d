/**
 * Client-side behaviour of a lead form: on submit, check it with the same
 * schema the server uses, show each message beside its field and focus the
 * first one; after that first submit, re-check as the person types.
 */
import { useState, type SyntheticEvent } from "react";
import * as z from "zod/mini";
import { fieldErrors, formValues, type FieldErrors, type LeadFormSchema } from "./lead-schema";

function validate(schema: LeadFormSchema, form: HTMLFormElement): FieldErrors {
  const result = z.safeParse(schema, formValues(new FormData(form)));
  return result.success ? {} : fieldErrors(result.error);
}

function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute("name");
    if (element instanceof HTMLElement && name && errors[name]) {
      element.focus();
      return;
    }
  }
}

export function useLeadForm(schema: LeadFormSchema, serverErrors?: FieldErrors) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [checking, setChecking] = useState(false);
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);

  // New messages from the server replace what the browser found.
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    setClientErrors(null);
    if (serverErrors) setChecking(true);
  }

  const errors = clientErrors ?? serverErrors ?? {};

  return {
    errors,
    onSubmit: (event: SyntheticEvent<HTMLFormElement>) => {
      const found = validate(schema, event.currentTarget);
      setChecking(true);
      setClientErrors(found);
      if (Object.keys(found).length > 0) {
        event.preventDefault();
        focusFirstError(event.currentTarget, found);
      }
    },
    onChange: (event: SyntheticEvent<HTMLFormElement>) => {
      if (checking) setClientErrors(validate(schema, event.currentTarget));
    },
    /** Call after a successful submit that stays on the page. */
    reset: () => {
      setChecking(false);
      setClientErrors(null);
    },
  };
}
