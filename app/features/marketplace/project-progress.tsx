/**
 * The homeowner's steps once a pro is hired: start the work (with how far it
 * is), update the percentage, mark it completed; or cancel while the project
 * is open. Plain forms: each posts one intent to the project's action.
 */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, TextInput } from "~/components/ui/form-controls";
import type { ProjectView } from "./project-view";

function ProgressForm({ project, intent }: { project: ProjectView; intent: "start" | "progress" }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <Field id={`progress-${intent}`} label="Progress (%)" className="w-36">
        <TextInput
          id={`progress-${intent}`}
          name="progress"
          type="number"
          min={0}
          max={100}
          step={5}
          required
          defaultValue={intent === "start" ? 10 : project.progress}
        />
      </Field>
      <Button type="submit">{intent === "start" ? "Mark In Progress" : "Update progress"}</Button>
    </Form>
  );
}

export function ProjectProgress({ project }: { project: ProjectView }) {
  const { status } = project;
  const open =
    status === "draft" || status === "sent" || status === "scheduled" || status === "in_progress";
  if (!open) return null;
  return (
    <div className="grid justify-items-start gap-4 rounded-card bg-surface p-6 shadow-card">
      <h2 className="text-xl font-bold text-navy-900">Your project's progress</h2>
      {status === "scheduled" ? <ProgressForm project={project} intent="start" /> : null}
      {status === "in_progress" ? (
        <>
          <ProgressForm project={project} intent="progress" />
          <Form method="post">
            <input type="hidden" name="intent" value="complete" />
            <Button type="submit">Mark Completed</Button>
          </Form>
        </>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <Button type="submit" variant="secondary">
          Cancel project
        </Button>
      </Form>
    </div>
  );
}
