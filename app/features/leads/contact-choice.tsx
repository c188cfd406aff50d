/**
 * "How should we contact you?": the homeowner's preferred contact, as radios
 * (phone first). Shared by the home quote form and New Project; an error,
 * when the server gives one, is tied to the radios.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { describedBy, FieldError } from "~/components/ui/form-controls";
import { CONTACT_METHODS } from "../../../database/enums";
import { CONTACT_MESSAGES } from "./labels";

export function ContactChoice({
  id,
  value,
  error,
}: {
  /** The id the error message takes. */
  id: string;
  value: string | undefined;
  error?: string;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-semibold text-navy-900">
        <Trans>How should we contact you?</Trans>
      </legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {CONTACT_METHODS.map((method) => (
          <label key={method} className="flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name="preferredContact"
              value={method}
              defaultChecked={(value ?? "phone") === method}
              className="size-5 accent-accent-700"
              {...describedBy(id, error)}
            />
            {i18n._(CONTACT_MESSAGES[method])}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
