/**
 * City page "Request a Free Consultation" (spec §2): your name, your email,
 * phone number, a service, project details, Get Free Quote; consent. An
 * island posting as a normal form to the city page, which answers in place.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Button } from "~/components/ui/button";
import { Field, FormAlert, TextArea, TextInput, describedBy } from "~/components/ui/form-controls";
import type { ServiceGroup } from "~/features/content/service-options.server";
import { island } from "~/lib/island";
import { useLocalize } from "~/lib/use-locale";
import type { LeadActionData } from "./lead-action.server";
import { ConsentField, LeadFormMeta } from "./lead-form-parts";
import { MAX_DETAILS_LENGTH } from "./lead-limits";
import { ServiceSelect } from "./service-select";
import { useLeadForm } from "./use-lead-form";

export const CONSULTATION_INTENT = "consultation";
export const CONSULTATION_SUCCESS: MessageDescriptor = msg`Thanks! Your request is in. A coordinator will match you with local contractors, usually within one business day.`;

export function ConsultationForm({
  result,
  citySlug,
  groups,
}: {
  result?: LeadActionData;
  citySlug: string;
  groups: ServiceGroup[];
}) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const answer = result?.form === CONSULTATION_INTENT ? result : undefined;
  const { errors, sending, formRef, onSubmit, onChange, onFocus } = useLeadForm(
    "consultation",
    answer?.errors,
  );
  // After a success the page comes back with an empty form.
  const values = answer?.ok ? {} : (answer?.values ?? {});
  const id = (field: string) => `consultation-${field}`;

  return (
    // Input and focus events bubble up from the form's own controls.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <form
      ref={formRef}
      method="post"
      action={`${localize(`/${citySlug}`)}#consultation`}
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={onFocus}
      className="relative grid gap-4"
      aria-label={t`Request a Free Consultation`}
    >
      <LeadFormMeta intent={CONSULTATION_INTENT} />
      <input type="hidden" name="citySlug" value={citySlug} />
      <FormAlert message={answer?.formError} />
      <FormAlert message={answer?.ok ? i18n._(CONSULTATION_SUCCESS) : undefined} tone="success" />
      <div className="grid gap-4 sm:grid-cols-2">
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
        <Field id={id("email")} label={t`Your email`} error={errors.email}>
          <TextInput
            id={id("email")}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={values.email}
            {...describedBy(id("email"), errors.email)}
          />
        </Field>
        <Field id={id("phone")} label={t`Phone number`} error={errors.phone}>
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
        <Field id={id("service")} label={t`Service`} error={errors.service}>
          <ServiceSelect
            id={id("service")}
            name="service"
            required
            groups={groups}
            placeholder={t`Choose a service`}
            defaultValue={values.service ?? ""}
            {...describedBy(id("service"), errors.service)}
          />
        </Field>
      </div>
      <Field id={id("details")} label={t`Project details`} error={errors.details} optional>
        <TextArea
          id={id("details")}
          name="details"
          rows={4}
          maxLength={MAX_DETAILS_LENGTH}
          defaultValue={values.details}
          {...describedBy(id("details"), errors.details)}
        />
      </Field>
      <ConsentField id={id("consent")} error={errors.consent} />
      <Button
        type="submit"
        size="lg"
        disabled={sending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {sending ? t`Sending…` : t`Get Free Quote`}
      </Button>
    </form>
  );
}

export const ConsultationFormIsland = island("consultation-form", ConsultationForm);
