/**
 * "Schedule a Call": name, phone, a preferred time and consent → a call-back
 * lead. An island posting as a normal form; the page comes back with the
 * answer.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { SelectField } from "~/components/ui/form-controls";
import type { FormAnswer } from "~/lib/forms";
import { island } from "~/lib/island";
import { CALLBACK_WINDOWS } from "../../../database/enums";
import { CALLBACK_WINDOW_MESSAGES } from "./labels";
import {
  answerId,
  ContactFields,
  IslandLeadForm,
  LeadFormEnd,
  useLeadFields,
} from "./lead-form-parts";

export const CALLBACK_INTENT = "callback";

export const CALLBACK_SUCCESS: MessageDescriptor = msg`Thanks! We'll call you back at the time you chose.`;

/** `action`: the page's path; it is put in the page's language here. */
export function CallbackForm({ result, action }: { result?: FormAnswer; action: string }) {
  const { i18n, t } = useLingui();
  const { sending, field, top, ...handlers } = useLeadFields(CALLBACK_INTENT, result, {
    success: CALLBACK_SUCCESS,
  });

  return (
    <IslandLeadForm
      {...handlers}
      top={top}
      path={action}
      hash={`#${answerId(CALLBACK_INTENT)}`}
      className="relative grid gap-4"
      label={t`Schedule a Call`}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <ContactFields field={field} include={["name", "phone"]} />
        <SelectField field={field("preferredTime")} label={t`Best time to call`} required>
          <option value="" disabled>
            {t`Choose a time`}
          </option>
          {CALLBACK_WINDOWS.map((window) => (
            <option key={window} value={window}>
              {i18n._(CALLBACK_WINDOW_MESSAGES[window])}
            </option>
          ))}
        </SelectField>
      </div>
      <LeadFormEnd field={field} sending={sending} variant="secondary" label={t`Request a call`} />
    </IslandLeadForm>
  );
}

export const CallbackFormIsland = island("callback-form", CallbackForm);
