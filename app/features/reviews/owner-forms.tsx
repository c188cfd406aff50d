/**
 * The business owner's forms under a review of their business (/pro/reviews):
 * one public reply, and a report to the console naming the rule of the review
 * policy the review breaks. Plain form posts: they work without JavaScript,
 * and a refusal is said beside its field with what was typed kept.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, Select, TextArea } from "~/components/ui/form-controls";
import {
  REMOVAL_REASON_TEXT,
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
  const id = `reply-${reviewId}`;
  const error = failure?.errors.reply ?? failure?.errors.form;
  return (
    <Form method="post" className="grid gap-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <Field
        id={id}
        label="Your public reply"
        error={error}
        hint={`Shown under the review, with your business's name. You can reply once, up to ${REPLY_MAX_CHARS.toLocaleString("en-US")} characters.`}
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
        Publish reply
      </Button>
    </Form>
  );
}

export function ReportForm({ reviewId, failure }: { reviewId: string; failure?: OwnerFailure }) {
  const reason = `report-reason-${reviewId}`;
  const note = `report-note-${reviewId}`;
  const reasonError = failure?.errors.reason ?? failure?.errors.form;
  return (
    <details className="rounded-control border border-navy-100 p-3" open={failure !== undefined}>
      <summary className="cursor-pointer text-sm font-semibold text-navy-800">
        Report this review
      </summary>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <p className="text-sm text-muted">
          An operator reads every report and decides by the same rules for good and bad reviews. A
          review is never removed for its rating or its opinion of your work.
        </p>
        <Field id={reason} label="Which rule does it break?" error={reasonError}>
          <Select
            id={reason}
            name="reason"
            defaultValue={failure?.values.reason ?? ""}
            required
            {...describedBy(reason, reasonError)}
          >
            <option value="" disabled>
              Choose a rule
            </option>
            {REMOVAL_REASONS.map((value) => (
              <option key={value} value={value}>
                {REMOVAL_REASON_TEXT[value].label}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={note}
          label="What should the operator look at?"
          optional
          error={failure?.errors.note}
          hint={`Up to ${String(REVIEW_REPORT_NOTE_MAX_CHARS)} characters.`}
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
          Send report
        </Button>
      </Form>
    </details>
  );
}
