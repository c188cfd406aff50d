/**
 * Dashboard "New Project": the quote request, prefilled with the account's
 * name and email. The homeowner says how pros may reach them (as on the
 * other quote forms): pros see only the channels allowed.
 */
import { useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormAlert, TextArea, TextInput, describedBy } from "~/components/ui/form-controls";
import type { ServiceGroup } from "~/features/content/service-options.server";
import { ContactChoice } from "~/features/leads/contact-choice";
import type { LeadActionData } from "~/features/leads/lead-action.server";
import { ConsentField, LeadFormMeta } from "~/features/leads/lead-form-parts";
import { MAX_DETAILS_LENGTH } from "~/features/leads/lead-limits";
import { ServiceSelect } from "~/features/leads/service-select";
import { useLeadForm } from "~/features/leads/use-lead-form";

export const PROJECT_INTENT = "project";

export function NewProjectForm({
  result,
  account,
  groups,
}: {
  result?: LeadActionData;
  account: { name: string; email: string };
  groups: ServiceGroup[];
}) {
  const { errors, onSubmit, onChange, onFocus } = useLeadForm("project", result?.errors);
  const values = result?.values ?? { name: account.name, email: account.email };
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const id = (field: string) => `project-${field}`;
  const { t } = useLingui();
  return (
    <Form
      method="post"
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={onFocus}
      className="relative grid gap-5"
      aria-label={t`New Project`}
    >
      <LeadFormMeta intent={PROJECT_INTENT} />
      <FormAlert message={result?.formError} />
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
            required
            defaultValue={values.postalCode}
            {...describedBy(id("postalCode"), errors.postalCode)}
          />
        </Field>
      </div>
      <Field id={id("service")} label={t`What do you need?`} error={errors.service}>
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
      <Field id={id("details")} label={t`Project details`} error={errors.details}>
        <TextArea
          id={id("details")}
          name="details"
          required
          rows={5}
          maxLength={MAX_DETAILS_LENGTH}
          defaultValue={values.details}
          {...describedBy(id("details"), errors.details)}
        />
      </Field>
      <ContactChoice
        id={id("preferredContact")}
        value={values.preferredContact}
        error={errors.preferredContact}
      />
      <ConsentField id={id("consent")} error={errors.consent} />
      <Button
        type="submit"
        size="lg"
        disabled={sending}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {sending ? t`Adding…` : t`Add project`}
      </Button>
    </Form>
  );
}
