/**
 * Dashboard "New Project": the quote request, prefilled with the account's
 * name and email. The homeowner says how pros may reach them (as on the
 * other quote forms): pros see only the channels allowed.
 */
import { useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import type { ServiceGroup } from "~/features/content/index.server";
import { ContactChoice } from "~/features/leads";
import {
  ContactFields,
  DetailsField,
  LeadFormEnd,
  LeadFormTop,
  useLeadFields,
} from "~/features/leads";
import { ServiceField } from "~/features/leads";
import type { FormAnswer } from "~/lib/forms";

export const PROJECT_INTENT = "project";

export function NewProjectForm({
  result,
  account,
  groups,
}: {
  result?: FormAnswer;
  account: { name: string; email: string };
  groups: ServiceGroup[];
}) {
  const { errors, onSubmit, onChange, onFocus, values, field, top } = useLeadFields(
    PROJECT_INTENT,
    result,
    { initial: { name: account.name, email: account.email } },
  );
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
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
      <LeadFormTop {...top} />
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields field={field} include={["name", "email", "phone", "postalCode"]} />
      </div>
      <ServiceField field={field("service")} label={t`What do you need?`} groups={groups} />
      <DetailsField field={field("details")} rows={5} />
      <ContactChoice
        id={field("preferredContact").id}
        value={values.preferredContact}
        error={errors.preferredContact}
      />
      <LeadFormEnd
        field={field}
        sending={sending}
        size="lg"
        label={t`Add project`}
        sendingLabel={t`Adding…`}
      />
    </Form>
  );
}
