/**
 * "Schedule a Call": name, phone, a preferred time and consent → a call-back
 * lead. An island posting as a normal form; the page comes back with the
 * answer.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Button } from "~/components/ui/button";
import { Field, FormAlert, Select, TextInput, describedBy } from "~/components/ui/form-controls";
import { island } from "~/lib/island";
import { useLocalize } from "~/lib/use-locale";
import { CALLBACK_WINDOWS } from "../../../database/enums";
import { CALLBACK_WINDOW_MESSAGES } from "./labels";
import { ConsentField, LeadFormMeta } from "./lead-form-parts";
import type { LeadActionData } from "./lead-action.server";
import { useLeadForm } from "./use-lead-form";

export const CALLBACK_INTENT = "callback";

export const CALLBACK_SUCCESS: MessageDescriptor = msg`Thanks! We'll call you back at the time you chose.`;

/** `action`: the page's path; it is put in the page's language here. */
export function CallbackForm({ result, action }: { result?: LeadActionData; action: string }) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const answer = result?.form === CALLBACK_INTENT ? result : undefined;
  const { errors, sending, formRef, onSubmit, onChange, onFocus } = useLeadForm(
    "callback",
    answer?.errors,
  );
  // After a success the page comes back with an empty form.
  const values = answer?.ok ? {} : (answer?.values ?? {});
  const id = (field: string) => `callback-${field}`;

  return (
    // Input and focus events bubble up from the form's own controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      ref={formRef}
      method="post"
      action={localize(action)}
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={onFocus}
      className="relative grid gap-4"
      aria-label={t`Schedule a Call`}
    >
      <LeadFormMeta intent={CALLBACK_INTENT} />
      <FormAlert message={answer?.formError} />
      <FormAlert message={answer?.ok ? i18n._(CALLBACK_SUCCESS) : undefined} tone="success" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={id("name")} label={t`Your name`} error={errors.name}>
          <TextInput
            id={id("name")}
            name="name"
            autoComplete="name"
            required
            defaultValue={values.name}
            {...describedBy(id("name"), errors.name)}
          />
        </Field>
        <Field id={id("phone")} label={t`Phone`} error={errors.phone}>
          <TextInput
            id={id("phone")}
            name="phone"
            type="tel"
            autoComplete="tel-national"
            required
            defaultValue={values.phone}
            {...describedBy(id("phone"), errors.phone)}
          />
        </Field>
        <Field id={id("preferredTime")} label={t`Best time to call`} error={errors.preferredTime}>
          <Select
            id={id("preferredTime")}
            name="preferredTime"
            required
            defaultValue={values.preferredTime ?? ""}
            {...describedBy(id("preferredTime"), errors.preferredTime)}
          >
            <option value="" disabled>
              {t`Choose a time`}
            </option>
            {CALLBACK_WINDOWS.map((window) => (
              <option key={window} value={window}>
                {i18n._(CALLBACK_WINDOW_MESSAGES[window])}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <ConsentField id={id("consent")} error={errors.consent} />
      <Button
        type="submit"
        variant="secondary"
        disabled={sending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {sending ? t`Sending…` : t`Request a call`}
      </Button>
    </form>
  );
}

export const CallbackFormIsland = island("callback-form", CallbackForm);
