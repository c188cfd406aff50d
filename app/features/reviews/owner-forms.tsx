/**
 * The business owner's forms under a review of their business (/pro/reviews):
 * one public reply, and a report to the console naming the rule of the review
 * policy the review breaks. Plain form posts: they work without JavaScript,
 * and a refusal is said beside its field with what was typed kept.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Select, TextArea } from "~/components/ui/form-controls";
import { figure } from "~/features/conversations";
import { useLocale } from "~/lib/use-locale";
import {
  REMOVAL_REASON_MESSAGES,
  REMOVAL_REASONS,
  REPLY_MAX_CHARS,
  REVIEW_REPORT_NOTE_MAX_CHARS,
} from "./limits";

/** A refused reply or report, for the review it was about. */
export interface OwnerFailure {
  intent: "reply" | "report";
  reviewId: string;
  errors: Partial<Record<"reply" | "reason" | "note" | "form", string>>;
  values: { reply?: string; reason?: string; note?: string };
}

export function ReplyForm({ reviewId, failure }: { reviewId: string; failure?: OwnerFailure }) {
  const { t } = useLingui();
  const locale = useLocale();
  const max = figure(REPLY_MAX_CHARS, locale);
  const id = `reply-${reviewId}`;
  const error = failure?.errors.reply ?? failure?.errors.form;
  return (
    <Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <Field
        id={id}
        label={t`Your public reply`}
        error={error}
        hint={t`Shown under the review, with your business's name. You can reply once, up to ${max} characters.`}
      >
        <TextArea
          id={id}
          name="reply"
          rows={3}
          maxLength={REPLY_MAX_CHARS}
          defaultValue={failure?.values.reply}
          required
          {...describedBy(id, error, true)}
        />
      </Field>
      <Button type="submit" size="sm" className="justify-self-start">
        <Trans>Publish reply</Trans>
      </Button>
    </Form>
  );
}

export function ReportForm({ reviewId, failure }: { reviewId: string; failure?: OwnerFailure }) {
  const { i18n, t } = useLingui();
  const max = REVIEW_REPORT_NOTE_MAX_CHARS;
  const reason = `report-reason-${reviewId}`;
  const note = `report-note-${reviewId}`;
  const reasonError = failure?.errors.reason ?? failure?.errors.form;
  return (
    <details className="rounded-control border border-navy-100 p-3" open={failure !== undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-navy-800">
        <Trans>Report this review</Trans>
      </summary>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <p className="text-sm text-muted">
          <Trans>
            An operator reads every report and decides by the same rules for good and bad reviews. A
            review is never removed for its rating or its opinion of your work.
          </Trans>
        </p>
        <Field id={reason} label={t`Which rule does it break?`} error={reasonError}>
          <Select
            id={reason}
            name="reason"
            defaultValue={failure?.values.reason ?? ""}
            required
            {...describedBy(reason, reasonError)}
          >
            <option value="" disabled>
              {t`Choose a rule`}
            </option>
            {REMOVAL_REASONS.map((value) => (
              <option key={value} value={value}>
                {i18n._(REMOVAL_REASON_MESSAGES[value].label)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={note}
          label={t`What should the operator look at?`}
          optional
          error={failure?.errors.note}
          hint={t`Up to ${max} characters.`}
        >
          <TextArea
            id={note}
            name="note"
            rows={2}
            maxLength={REVIEW_REPORT_NOTE_MAX_CHARS}
            defaultValue={failure?.values.note}
            {...describedBy(note, failure?.errors.note, true)}
          />
        </Field>
        <Button type="submit" variant="secondary" size="sm" className="justify-self-start">
          <Trans>Send report</Trans>
        </Button>
      </Form>
    </details>
  );
}
