/**
 * The thread's contact panel. Neither side sees the other's email or phone
 * until the homeowner shares theirs with a button (a plain form post); the
 * pro then sees them here.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/form-controls";
import { mediumDate } from "~/lib/dates";
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
        Contact details
      </h2>
      {side === "homeowner" ? (
        <HomeownerContact otherName={otherName} sharedAt={contactSharedAt} error={error} />
      ) : contact ? (
        <dl className="grid gap-1 text-sm">
          <dt className="font-semibold text-navy-900">Email</dt>
          <dd className="break-words">
            {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : "Not given"}
          </dd>
          <dt className="font-semibold text-navy-900">Phone</dt>
          <dd>
            {contact.phone ? <a href={`tel:${contact.phone}`}>{contact.phone}</a> : "Not given"}
          </dd>
        </dl>
      ) : (
        <dl className="grid gap-1 text-sm">
          <dt className="font-semibold text-navy-900">{otherName}&apos;s email and phone</dt>
          <dd className="text-muted">Shared when the homeowner chooses to.</dd>
        </dl>
      )}
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
  if (sharedAt) {
    return (
      <p className="text-sm text-muted">
        You shared your email and phone with {otherName} on {mediumDate(sharedAt)}.
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-muted">
        {otherName} doesn&apos;t see your email or phone: you talk here until you choose to share
        them.
      </p>
      <Form method="post" className="grid justify-items-start gap-2">
        <input type="hidden" name="intent" value="share" />
        <Button type="submit" variant="secondary" size="sm" className="h-auto py-2 text-left">
          Share my email and phone with {otherName}
        </Button>
        <FieldError id="share" error={error} />
      </Form>
    </>
  );
}
