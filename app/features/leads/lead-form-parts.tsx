/** Pieces every lead form carries: hidden fields, the consent box, a form alert. */
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

export function FormAlert({
  message,
  tone = "error",
}: {
  message?: string;
  tone?: "error" | "success";
}) {
  if (!message) return null;
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-control border border-danger-700 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700"
          : "rounded-control border border-success-600 bg-green-50 px-4 py-3 text-sm font-medium text-success-600"
      }
    >
      {message}
    </p>
  );
}
