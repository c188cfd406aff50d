/**
 * The consent every lead form carries (PRODUCT.md, "Compliance texts"): the
 * box with its text and version, and the links that say how to withdraw it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { describedBy, FieldError } from "~/components/ui/form-controls";
import { CONSENT_VERSION, CONSENT_VERSION_FIELD } from "~/lib/consent-version";
import { CONSENT_MESSAGE } from "~/lib/site-labels";
import { useLocalize } from "~/lib/use-locale";

/**
 * The consent box, its text in the page's language: what it shows is what
 * the lead stores (submitLead, with the request's language), and its version
 * goes with the form, so a text changed since the page was opened is asked
 * again rather than stored unread.
 */
export function ConsentField({
  id,
  error,
  checked = false,
  refusedFirst,
}: {
  id: string;
  error?: string;
  /** Ticked as the refused form was sent. */
  checked?: boolean;
  /** The first refused field of its form (bindFields): the page opens with the focus on it. */
  refusedFirst?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <div className="grid gap-1.5">
      <input type="hidden" name={CONSENT_VERSION_FIELD} value={CONSENT_VERSION} />
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="consent"
          type="checkbox"
          required
          defaultChecked={checked}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the field the server refused, as the page opens
          autoFocus={refusedFirst}
          className="mt-1 size-5 shrink-0 rounded border-navy-300 accent-accent-700"
          {...describedBy(id, error)}
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-muted">
          {i18n._(CONSENT_MESSAGE)} <ConsentLinks />
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * After a consent text: the Privacy Policy it says was read, and the data page
 * where it says the consent can be withdrawn.
 */
export function ConsentLinks() {
  const localize = useLocalize();
  const link = "font-medium text-navy-700 underline underline-offset-2";
  return (
    <Trans>
      <a href={localize("/privacy")} className={link}>
        Read the Privacy Policy
      </a>{" "}
      or{" "}
      <a href={localize("/dashboard/data")} className={link}>
        see your data page
      </a>
      .
    </Trans>
  );
}
