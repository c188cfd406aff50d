/** Pieces every lead form carries: hidden fields and the consent box. */
import { Trans, useLingui } from "@lingui/react/macro";
import { describedBy, FieldError } from "~/components/ui/form-controls";
import { CONSENT_MESSAGE } from "~/lib/site-labels";
import { useLocalize } from "~/lib/use-locale";

/** The form's intent, and the honeypot (the form key travels in a cookie). */
export function LeadFormMeta({ intent }: { intent: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {/* Off-screen and out of the tab order: people never fill it, bots do. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Company (leave empty)
          <input type="text" name="company" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

/**
 * The consent box, its text in the page's language: what it shows is what
 * the lead stores (submitLead, with the request's language).
 */
export function ConsentField({ id, error }: { id: string; error?: string }) {
  const { i18n } = useLingui();
  const localize = useLocalize();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="consent"
          type="checkbox"
          required
          className="mt-1 size-5 shrink-0 rounded border-navy-300 accent-accent-700"
          {...describedBy(id, error)}
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-muted">
          {i18n._(CONSENT_MESSAGE)}{" "}
          <Trans>
            <a
              href={localize("/privacy")}
              className="font-medium text-navy-700 underline underline-offset-2"
            >
              Read the Privacy Policy
            </a>
            .
          </Trans>
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
