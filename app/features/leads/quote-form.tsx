/**
 * "Get Your Quote" (spec §2 Home): name, email, phone, project type, ZIP or
 * postal code, details and consent. Browser-required fields as the spec says;
 * the shared schema's messages beside each field. An island: it posts as a
 * normal form, and the server's answer (errors, or /search) is the next page.
 */
import { useLingui } from "@lingui/react/macro";
import { Button } from "~/components/ui/button";
import {
  Field,
  FormAlert,
  Select,
  TextArea,
  TextInput,
  describedBy,
} from "~/components/ui/form-controls";
import { island } from "~/lib/island";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { CATEGORIES } from "~/site";
import { ContactChoice } from "./contact-choice";
import { ConsentField, LeadFormMeta } from "./lead-form-parts";
import type { LeadActionData } from "./lead-action.server";
import { MAX_DETAILS_LENGTH } from "./lead-limits";
import { phoneExample } from "./phone-format";
import { useLeadForm } from "./use-lead-form";

export const QUOTE_INTENT = "quote";

/** `action`: the page's path; it is put in the page's language here. */
export function QuoteForm({ result, action }: { result?: LeadActionData; action: string }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const answer = result?.form === QUOTE_INTENT ? result : undefined;
  const { errors, sending, formRef, onSubmit, onChange, onFocus } = useLeadForm(
    "quote",
    answer?.errors,
  );
  const values = answer?.values ?? {};
  const id = (field: string) => `quote-${field}`;

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
      className="relative grid gap-5"
      aria-label={t`Get Your Quote`}
    >
      <LeadFormMeta intent={QUOTE_INTENT} />
      <FormAlert message={answer?.formError} />
      <div className="grid gap-5 sm:grid-cols-2">
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
        <Field id={id("email")} label={t`Email`} error={errors.email}>
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
        <Field id={id("phone")} label={t`Phone`} error={errors.phone}>
          <TextInput
            id={id("phone")}
            name="phone"
            type="tel"
            autoComplete="tel-national"
            placeholder={phoneExample(locale)}
            required
            defaultValue={values.phone}
            {...describedBy(id("phone"), errors.phone)}
          />
        </Field>
        <Field id={id("postalCode")} label={t`ZIP or postal code`} error={errors.postalCode}>
          <TextInput
            id={id("postalCode")}
            name="postalCode"
            autoComplete="postal-code"
            placeholder={t`80202 or M5V 2T6`}
            required
            defaultValue={values.postalCode}
            {...describedBy(id("postalCode"), errors.postalCode)}
          />
        </Field>
      </div>
      <Field id={id("service")} label={t`Project type`} error={errors.service}>
        <Select
          id={id("service")}
          name="service"
          required
          defaultValue={values.service ?? ""}
          {...describedBy(id("service"), errors.service)}
        >
          <option value="" disabled>
            {t`Choose a project type`}
          </option>
          {CATEGORIES.map((category) => (
            <option key={category.slug} value={category.slug}>
              {i18n._(CATEGORY_TITLES[category.slug])}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={id("details")} label={t`Project details`} error={errors.details}>
        <TextArea
          id={id("details")}
          name="details"
          required
          maxLength={MAX_DETAILS_LENGTH}
          rows={4}
          placeholder={t`What needs doing, and when would you like it done?`}
          defaultValue={values.details}
          {...describedBy(id("details"), errors.details)}
        />
      </Field>
      <ContactChoice id={id("preferredContact")} value={values.preferredContact} />
      <ConsentField id={id("consent")} error={errors.consent} />
      <Button
        type="submit"
        size="lg"
        disabled={sending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {sending ? t`Sending…` : t`Get Your Quote`}
      </Button>
    </form>
  );
}

export const QuoteFormIsland = island("quote-form", QuoteForm);
