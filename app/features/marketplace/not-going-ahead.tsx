/**
 * "Not going ahead" (issue 33): the homeowner closes their request with a
 * reason. A plain form posting the "close" intent to the project's action;
 * a missing reason comes back beside the reasons, with nothing stored.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData } from "react-router";
import { Button } from "~/components/ui/button";
import { errorId, FieldError } from "~/components/ui/form-controls";
import type { FormFailure } from "~/lib/forms";
import { CLOSE_REASONS, type CloseReason } from "../../../database/enums";
import type { ProjectView } from "./project-view";

export const CLOSE_REASON_LABELS: Record<CloseReason, MessageDescriptor> = {
  found_someone: msg`I found someone else`,
  postponed: msg`I've postponed the project`,
  too_expensive: msg`It's too expensive`,
  other: msg`Another reason`,
};

/** The request can still be closed: it is open (a draft, sent, scheduled or under way). */
export const canClose = (status: ProjectView["status"]): boolean =>
  status === "draft" || status === "sent" || status === "scheduled" || status === "in_progress";

export function NotGoingAhead({ project }: { project: Pick<ProjectView, "status"> }) {
  const { i18n } = useLingui();
  const answer = useActionData<Omit<FormFailure, "ok">>();
  if (!canClose(project.status)) return null;
  const refused = answer?.values?.intent === "close" ? answer : undefined;
  const error = refused?.errors?.reason;
  const chosen = refused?.values?.reason;
  return (
    <Form method="post" className="grid justify-items-start gap-3">
      <input type="hidden" name="intent" value="close" />
      <fieldset
        className="grid gap-2"
        aria-describedby={["close-hint", error ? errorId("close-reason") : ""].join(" ").trim()}
        aria-invalid={error ? true : undefined}
      >
        <legend className="text-lg font-bold text-navy-900">
          <Trans>Not going ahead?</Trans>
        </legend>
        <p id="close-hint" className="text-sm text-muted">
          <Trans>
            Close this request: every pro who has it is told, and none of them sees your email or
            phone from then on.
          </Trans>
        </p>
        {CLOSE_REASONS.map((reason) => (
          <label key={reason} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="reason"
              value={reason}
              defaultChecked={chosen === reason}
              className="size-5 accent-accent-700"
            />
            {i18n._(CLOSE_REASON_LABELS[reason])}
          </label>
        ))}
        <FieldError id="close-reason" error={error} />
      </fieldset>
      <Button type="submit" variant="secondary">
        <Trans>Close this request</Trans>
      </Button>
    </Form>
  );
}
