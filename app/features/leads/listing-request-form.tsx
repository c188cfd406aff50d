/**
 * A listing's request to one business (issue 43): what the job is, where,
 * and the consent, on the request page a card's Get Free Quote, Contact or
 * Schedule Consultation opens. An island posting as a normal form to that
 * page, checked by the browser first with the server's own schema; without
 * JavaScript the server's answer is the next page.
 */
import { useLingui } from "@lingui/react/macro";
import { SelectField } from "~/components/ui/form-controls";
import type { ServiceGroup } from "~/features/content/index.server";
import type { FormAnswer } from "~/lib/forms";
import { island } from "~/lib/island";
import {
  ContactFields,
  DetailsField,
  IslandLeadForm,
  LeadFormEnd,
  useLeadFields,
} from "./lead-form-parts";

export const LISTING_FORM = "listing";

/**
 * Its words are the ones the other request forms already say (the islands'
 * catalogue part is loaded by every content page); what only this page says
 * (its heading, the button) comes from the server in the page's language.
 */
export function ListingRequestForm({
  result,
  path,
  contractorId,
  kind,
  group,
  service,
  label,
  send,
}: {
  result?: FormAnswer;
  /** The request page's own path and query (the business and what was asked), unlocalized. */
  path: string;
  contractorId: string;
  kind: string;
  /** The trade and the services this business may be asked for, in the page's language. */
  group: ServiceGroup;
  /** The listing's service, chosen until the person picks another. */
  service: string;
  /** The form's name: the page's heading ("Ask … for a free quote"). */
  label: string;
  /** The button: what the card's button said. */
  send: string;
}) {
  const { t } = useLingui();
  const { sending, field, top, ...handlers } = useLeadFields(LISTING_FORM, result, {
    initial: { service },
  });
  const category = group.category.title;
  return (
    <IslandLeadForm
      {...handlers}
      top={top}
      path={path}
      className="relative grid gap-5"
      label={label}
      hidden={
        <>
          <input type="hidden" name="contractorId" value={contractorId} />
          <input type="hidden" name="kind" value={kind} />
        </>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {/* A plain select of one trade: the grouped one is the city form's alone. */}
        <SelectField field={field("service")} label={t`Service`} required>
          {group.services.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.title}
            </option>
          ))}
          <option value={group.category.slug}>{t`${category}: something else`}</option>
        </SelectField>
        <ContactFields
          field={field}
          include={["postalCode"]}
          placeholders={{ postalCode: t`80202 or M5V 2T6` }}
        />
      </div>
      <DetailsField field={field("details")} example />
      <LeadFormEnd field={field} sending={sending} size="lg" label={send} />
    </IslandLeadForm>
  );
}

export const ListingRequestFormIsland = island("listing-request-form", ListingRequestForm);
