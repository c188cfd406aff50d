/** Pieces every lead form carries: hidden fields and the consent box. */
import { describedBy, FieldError } from "~/components/ui/form-controls";
import { CONSENT_TEXT } from "~/site";

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

export function ConsentField({ id, error }: { id: string; error?: string }) {
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
          {CONSENT_TEXT}{" "}
          <a href="/privacy" className="font-medium text-navy-700 underline underline-offset-2">
            Read the Privacy Policy
          </a>
          .
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
