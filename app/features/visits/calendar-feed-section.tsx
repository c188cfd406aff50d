/**
 * "Calendar feed" (issue 34): a person's private link to their visits, for
 * Google Calendar, Apple Calendar or Outlook to subscribe to. Without one, a
 * button makes it; with one, the full address to copy, what sharing it means,
 * and buttons to make a new one or turn it off. Plain posts to the page it is
 * on (its action hands the intents to `feedAction`); it works without
 * JavaScript. Any schedule page may show it: the homeowner's (the person's
 * own feed) and the pro's (the business's feed), each posting to itself.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, FormAlert, TextInput } from "~/components/ui/form-controls";
import type { FeedIntent } from "./calendar-feed-actions.server";

const NOTICES: Record<FeedIntent, MessageDescriptor> = {
  create_feed: msg`Your private calendar link is ready. Add it to your calendar app.`,
  renew_feed: msg`Your new calendar link is ready. The old one no longer works.`,
  revoke_feed: msg`Your calendar link is turned off. Calendars that used it no longer get your visits.`,
};

const FIELD_ID = "calendar-feed-link";

export function CalendarFeedSection({
  url,
  done,
  error,
  intro,
}: {
  /** The feed's full address, or null while the person has none. */
  url: string | null;
  /** The button just used, for the sentence that says it worked. */
  done: FeedIntent | null;
  /** Why the last post was refused. */
  error?: string;
  /** What the feed lists, when it is not the person's own visits (a business's). */
  intro?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <section
      id="calendar-feed"
      aria-labelledby="calendar-feed-title"
      className="grid gap-4 print:hidden"
    >
      <h2 id="calendar-feed-title" className="text-xl font-bold text-navy-900">
        <Trans>Calendar feed</Trans>
      </h2>
      <p className="max-w-prose text-muted">
        {intro ?? (
          <Trans>Subscribe to your visits in Google Calendar, Apple Calendar or Outlook.</Trans>
        )}
      </p>
      <FormAlert message={error} />
      {done && !error ? <FormAlert tone="success" message={i18n._(NOTICES[done])} /> : null}
      {url ? (
        <>
          <Field
            id={FIELD_ID}
            label={<Trans>Your private calendar link</Trans>}
            hint={
              <Trans>
                Anyone with this link can see your visits. Make a new link if you shared it by
                mistake.
              </Trans>
            }
          >
            <TextInput
              id={FIELD_ID}
              type="text"
              readOnly
              value={url}
              spellCheck={false}
              autoComplete="off"
              {...describedBy(FIELD_ID, undefined, true)}
            />
          </Field>
          <Form method="post" className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="renew_feed" variant="secondary" size="sm">
              <Trans>Make a new link</Trans>
            </Button>
            <Button type="submit" name="intent" value="revoke_feed" variant="ghost" size="sm">
              <Trans>Turn off the link</Trans>
            </Button>
          </Form>
        </>
      ) : (
        <Form method="post">
          <Button type="submit" name="intent" value="create_feed" variant="secondary" size="sm">
            <Trans>Create my private calendar link</Trans>
          </Button>
        </Form>
      )}
    </section>
  );
}
