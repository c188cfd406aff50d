/**
 * "Get Your Quote" (spec §2 Home): name, email, phone, project type, ZIP or
 * postal code, details and consent. Browser-required fields as the spec says;
 * the shared schema's messages beside each field. An island: it posts as a
 * normal form, and the server's answer (errors, or /search) is the next page.
 */
import { useLingui } from "@lingui/react/macro";
import { SelectField } from "~/components/ui/form-controls";
import type { FormAnswer } from "~/lib/forms";
import { island } from "~/lib/island";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { useLocale } from "~/lib/use-locale";
import { CATEGORIES } from "~/site";
import { ContactChoice } from "./contact-choice";
import {
  ContactFields,
  DetailsField,
  IslandLeadForm,
  LeadFormEnd,
  useLeadFields,
} from "./lead-form-parts";
import { phoneExample } from "./phone-format";

export const QUOTE_INTENT = "quote";

const CONTACT = ["name", "email", "phone", "postalCode"] as const;

/** `action`: the page's path; it is put in the page's language here. */
export function QuoteForm({ result, action }: { result?: FormAnswer; action: string }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const { sending, values, field, top, ...handlers } = useLeadFields(QUOTE_INTENT, result);

  return (
    <IslandLeadForm
      {...handlers}
      top={top}
      path={action}
      className="relative grid gap-5"
      label={t`Get Your Quote`}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields
          field={field}
          include={CONTACT}
          placeholders={{ phone: phoneExample(locale), postalCode: t`80202 or M5V 2T6` }}
        />
      </div>
      <SelectField field={field("service")} label={t`Project type`} required>
        <option value="" disabled>
          {t`Choose a project type`}
        </option>
        {CATEGORIES.map((category) => (
          <option key={category.slug} value={category.slug}>
            {i18n._(CATEGORY_TITLES[category.slug])}
          </option>
        ))}
      </SelectField>
      <DetailsField field={field("details")} example />
      <ContactChoice id={field("preferredContact").id} value={values.preferredContact} />
      <LeadFormEnd field={field} sending={sending} size="lg" label={t`Get Your Quote`} />
    </IslandLeadForm>
  );
}

export const QuoteFormIsland = island("quote-form", QuoteForm);
