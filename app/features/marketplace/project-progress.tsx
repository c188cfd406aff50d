/**
 * The homeowner's steps once a pro is hired: start the work (with how far it
 * is), update the percentage, mark it completed. Closing the request ("Not
 * going ahead") is its own form (not-going-ahead.tsx). Plain forms: each posts one intent to the project's action. A
 * progress the server refuses comes back beside the field, with what was typed.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useActionData } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, TextInput } from "~/components/ui/form-controls";
import type { ProjectView } from "./project-view";
import type { FormFailure } from "~/lib/forms";

/** The server's answer to a progress that is not a whole number from 0 to 100. */
export const PROGRESS_REFUSAL = msg`Enter the progress as a whole number from 0 to 100.`;

/**
 * The same answer in English, as the refusal's `message` says it (tests and
 * logs); tests/unit/homeowner-i18n.test.ts checks the two agree.
 */
export const PROGRESS_MESSAGE = "Enter the progress as a whole number from 0 to 100.";

/** What the project's action answers when it refuses a step. */
type Refusal = Omit<FormFailure, "ok">;

/**
 * The refusal of this form's progress, and what was typed; none otherwise.
 * `refusal` is PROGRESS_REFUSAL in the page's language, as the server said it.
 */
function progressRefusal(answer: Refusal | undefined, intent: string, refusal: string) {
  if (!answer || answer.values?.intent !== intent) return null;
  const error =
    answer.errors?.progress ?? (answer.formError === refusal ? answer.formError : undefined);
  return error ? { error, typed: answer.values.progress ?? "" } : null;
}

function ProgressForm({ project, intent }: { project: ProjectView; intent: "start" | "progress" }) {
  const { i18n, t } = useLingui();
  const refused = progressRefusal(useActionData<Refusal>(), intent, i18n._(PROGRESS_REFUSAL));
  const id = `progress-${intent}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <Field id={id} label={t`Progress (%)`} className="w-36" error={refused?.error}>
        <TextInput
          id={id}
          name="progress"
          type="number"
          min={0}
          max={100}
          step={5}
          required
          defaultValue={refused ? refused.typed : intent === "start" ? 10 : project.progress}
          {...describedBy(id, refused?.error)}
        />
      </Field>
      <Button type="submit">
        {intent === "start" ? <Trans>Mark In Progress</Trans> : <Trans>Update progress</Trans>}
      </Button>
    </Form>
  );
}

export function ProjectProgress({ project }: { project: ProjectView }) {
  const { status } = project;
  // Before a pro is hired there is no progress to give ("Not going ahead" has its own card).
  if (status !== "scheduled" && status !== "in_progress") return null;
  return (
    <div className="grid justify-items-start gap-4 rounded-card bg-surface p-6 shadow-card">
      <h2 className="text-xl font-bold text-navy-900">
        <Trans>Your project's progress</Trans>
      </h2>
      {status === "scheduled" ? <ProgressForm project={project} intent="start" /> : null}
      {status === "in_progress" ? (
        <>
          <ProgressForm project={project} intent="progress" />
          <Form method="post">
            <input type="hidden" name="intent" value="complete" />
            <Button type="submit">
              <Trans>Mark Completed</Trans>
            </Button>
          </Form>
        </>
      ) : null}
    </div>
  );
}
