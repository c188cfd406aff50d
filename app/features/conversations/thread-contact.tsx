/**
 * The thread's contact panel, by the one contact rule (marketplace
 * contact-rule.ts): once it accepted, the pro sees the channels the
 * homeowner allowed when sending; the homeowner may share both with a button
 * (a plain form post); once the pro's part or the request is closed, the pro
 * sees neither ("no longer shared").
 */
import { Trans } from "@lingui/react/macro";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/form-controls";
import type { ThreadSide } from "./access.server";

export interface ContactPanelProps {
  side: ThreadSide;
  otherName: string;
  /** The day the homeowner shared them, in the job's zone (view.server.ts); null before. */
  contactSharedOn: string | null;
  /** The homeowner's email and phone as the pro may see them (null: none). */
  contact: { email: string | null; phone: string | null } | null;
  /** What the pro sees of them. */
  contactState: "shown" | "hidden" | "no_longer_shared";
  /** The refusal of a share (only the homeowner may). */
  error?: string;
}

export function ContactPanel({
  side,
  otherName,
  contactSharedOn,
  contact,
  contactState,
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
        <HomeownerContact
          otherName={otherName}
          sharedOn={contactSharedOn}
          state={contactState}
          error={error}
        />
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
            {contactState === "no_longer_shared" ? (
              <Trans>No longer shared: this request is closed for your business.</Trans>
            ) : (
              <Trans>Shared when the homeowner chooses to.</Trans>
            )}
          </dd>
        </dl>
      )}
      {side === "pro" ? <FieldError id="share" error={error} /> : null}
    </section>
  );
}

function HomeownerContact({
  otherName,
  sharedOn,
  state,
  error,
}: {
  otherName: string;
  sharedOn: string | null;
  state: ContactPanelProps["contactState"];
  error?: string;
}) {
  if (state === "no_longer_shared") {
    return (
      <p className="text-sm text-muted">
        <Trans>
          {otherName} no longer sees your email or phone: the request is closed for them.
        </Trans>
      </p>
    );
  }
  if (sharedOn) {
    const date = sharedOn;
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
        {state === "shown" ? (
          <Trans>
            {otherName} sees the contact details you allowed when you sent the request. You can
            share both your email and phone with them.
          </Trans>
        ) : (
          <Trans>
            {otherName} doesn&apos;t see your email or phone: you talk here until you choose to
            share them.
          </Trans>
        )}
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
