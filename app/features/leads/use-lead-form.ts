/**
 * Client-side behaviour of a lead form: on submit, check it with the same
 * schema the server uses, show each message beside its field and focus the
 * first one; after that first submit, re-check as the person types.
 *
 * The schema (zod) loads when the person first touches the form, not with the
 * page; a submit before it has loaded simply goes to the server, which runs
 * the same checks.
 *
 * A submit that passes goes to the server as a normal form post (the page's
 * answer replaces this one); `sending` says so meanwhile. When that answer
 * is this form with the server's messages, the first field it names gets
 * focus (which also scrolls the form into view).
 */
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import { useSubmitting } from "~/lib/use-submitting";
import type { FieldErrors } from "~/lib/field-errors";
import type { LeadFormName } from "./lead-schema";

type Validate = (form: HTMLFormElement) => FieldErrors;

/** The checks, their messages in the page's language (i18n: the page's instance). */
async function loadValidator(name: LeadFormName, i18n: I18n): Promise<Validate> {
  const { checkLeadForm, formValues } = await import("./lead-schema");
  return (form) => checkLeadForm(name, formValues(new FormData(form)), i18n);
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

export function useLeadForm(name: LeadFormName, serverErrors?: FieldErrors) {
  const { i18n } = useLingui();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [checking, setChecking] = useState(false);
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  const [sending, markSending] = useSubmitting();
  const validator = useRef<Validate | null>(null);
  const loading = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The page arrived with the server's messages for this form.
  useEffect(() => {
    if (serverErrors && formRef.current) focusFirstError(formRef.current, serverErrors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the errors the page arrived with
  }, []);

  // New messages from the server replace what the browser found.
  if (serverErrors !== lastServerErrors) {
    setLastServerErrors(serverErrors);
    setClientErrors(null);
    if (serverErrors) setChecking(true);
  }

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    loadValidator(name, i18n).then(
      (validate) => {
        validator.current = validate;
      },
      (error: unknown) => {
        loading.current = false;
        console.error("Form checks could not load; the server will check instead", error);
      },
    );
  };

  return {
    errors: clientErrors ?? serverErrors ?? {},
    sending,
    formRef,
    onFocus: load,
    onSubmit: (event: SyntheticEvent<HTMLFormElement>) => {
      const validate = validator.current;
      const found = validate ? validate(event.currentTarget) : {};
      if (validate) {
        setChecking(true);
        setClientErrors(found);
      }
      if (Object.keys(found).length > 0) {
        event.preventDefault();
        focusFirstError(event.currentTarget, found);
      } else if (!event.defaultPrevented) {
        markSending();
      }
    },
    onChange: (event: SyntheticEvent<HTMLFormElement>) => {
      load();
      const validate = validator.current;
      if (checking && validate) setClientErrors(validate(event.currentTarget));
    },
  };
}
