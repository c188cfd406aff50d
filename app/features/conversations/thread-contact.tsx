/**
 * The thread's contact panel. Neither side sees the other's email or phone
 * until the homeowner shares theirs with a button (a plain form post); the
 * pro then sees them here.
 */
import { Trans } from "@lingui/react/macro";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/form-controls";
import { mediumDate } from "~/lib/dates";
import { useLocale } from "~/lib/use-locale";
import type { ThreadSide } from "./access.server";

export interface ContactPanelProps {
  side: ThreadSide;
  otherName: string;
  contactSharedAt: string | null;
  /** The homeowner's email and phone, for the pro, once shared. */
  contact: { email: string | null; phone: string | null } | null;
  /** The refusal of a share (only the homeowner may). */
  error?: string;
}

export function ContactPanel({
  side,
  otherName,
  contactSharedAt,
  contact,
  error,
}: ContactPanelProps) {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className="grid content-start gap-3 rounded-card bg-surface p-6 shadow-card"
    >
      <h2 id="contact-title" className="text-lg font-bold text-navy-900">
        <Trans>Contact details</Trans>
      </h2>
      {side === "homeowner" ? (
        <HomeownerContact otherName={otherName} sharedAt={contactSharedAt} error={error} />
      ) : contact ? (
        <dl className="grid gap-1 text-sm">
          <dt className="font-semibold text-navy-900">
            <Trans>Email</Trans>
          </dt>
          <dd className="break-words">
            {contact.email ? (
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            ) : (
              <Trans>Not given</Trans>
            )}
          </dd>
          <dt className="font-semibold text-navy-900">
            <Trans>Phone</Trans>
          </dt>
          <dd>
            {contact.phone ? (
              <a href={`tel:${contact.phone}`}>{contact.phone}</a>
            ) : (
              <Trans>Not given</Trans>
            )}
          </dd>
        </dl>
      ) : (
        <dl className="grid gap-1 text-sm">
          <dt className="font-semibold text-navy-900">
            <Trans>{otherName}&apos;s email and phone</Trans>
          </dt>
          <dd className="text-muted">
            <Trans>Shared when the homeowner chooses to.</Trans>
          </dd>
        </dl>
      )}
      {side === "pro" ? <FieldError id="share" error={error} /> : null}
    </section>
  );
}

function HomeownerContact({
  otherName,
  sharedAt,
  error,
}: {
  otherName: string;
  sharedAt: string | null;
  error?: string;
}) {
  const locale = useLocale();
  if (sharedAt) {
    const date = mediumDate(sharedAt, locale);
    return (
      <p className="text-sm text-muted">
        <Trans>
          You shared your email and phone with {otherName} on {date}.
        </Trans>
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-muted">
        <Trans>
          {otherName} doesn&apos;t see your email or phone: you talk here until you choose to share
          them.
        </Trans>
      </p>
      <Form method="post" className="grid justify-items-start gap-2">
        <input type="hidden" name="intent" value="share" />
        <Button type="submit" variant="secondary" size="sm" className="h-auto py-2 text-left">
          <Trans>Share my email and phone with {otherName}</Trans>
        </Button>
        <FieldError id="share" error={error} />
      </Form>
    </>
  );
}
