/**
 * City page "Request a Free Consultation" (spec §2): your name, your email,
 * phone number, a service, project details, Get Free Quote; consent. An
 * island posting as a normal form to the city page, which answers in place.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ServiceGroup } from "~/features/content/index.server";
import type { FormAnswer } from "~/lib/forms";
import { island } from "~/lib/island";
import {
  answerId,
  ContactFields,
  DetailsField,
  IslandLeadForm,
  LeadFormEnd,
  useLeadFields,
} from "./lead-form-parts";
import { ServiceField } from "./service-select";

export const CONSULTATION_INTENT = "consultation";
export const CONSULTATION_SUCCESS: MessageDescriptor = msg`Thanks! Your request is in. A coordinator will match you with local contractors, usually within one business day.`;

export function ConsultationForm({
  result,
  citySlug,
  groups,
}: {
  result?: FormAnswer;
  citySlug: string;
  groups: ServiceGroup[];
}) {
  const { t } = useLingui();
  const { sending, field, top, ...handlers } = useLeadFields(CONSULTATION_INTENT, result, {
    success: CONSULTATION_SUCCESS,
  });

  return (
    <IslandLeadForm
      {...handlers}
      top={top}
      path={`/${citySlug}`}
      hash={`#${answerId(CONSULTATION_INTENT)}`}
      className="relative grid gap-4"
      label={t`Request a Free Consultation`}
      hidden={<input type="hidden" name="citySlug" value={citySlug} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactFields
          field={field}
          include={["name", "email", "phone"]}
          labels={{ email: t`Your email`, phone: t`Phone number` }}
        />
        <ServiceField field={field("service")} label={t`Service`} groups={groups} />
      </div>
      <DetailsField field={field("details")} optional />
      <LeadFormEnd field={field} sending={sending} size="lg" label={t`Get Free Quote`} />
    </IslandLeadForm>
  );
}

export const ConsultationFormIsland = island("consultation-form", ConsultationForm);
