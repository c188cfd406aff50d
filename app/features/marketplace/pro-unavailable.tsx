/**
 * The notice on the homeowner's project page for each chosen business an
 * operator suspended (issue 21) or that did not answer in time (issue 33):
 * the business is no longer available, or its place is free; the request
 * stays open with the others, and, while the request has room, a way to
 * choose another pro.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { noAnswerSentence, unavailableSentence, type ProjectView } from "./project-view";

/** The request still waits for answers or a choice: another pro may still be chosen or hired. */
const CHOOSING = new Set<ProjectView["status"]>(["draft", "sent"]);

export function UnavailablePros({
  project,
  choose,
}: {
  project: ProjectView;
  /** The page that chooses more pros, when the request has room for another; else null. */
  choose: string | null;
}) {
  const { i18n } = useLingui();
  const gone = project.parts.filter((part) => part.unavailable || part.state === "no_answer");
  if (gone.length === 0) return null;
  const othersWaiting = project.parts.some(
    (part) =>
      !part.unavailable &&
      (part.state === "sent" ||
        part.state === "viewed" ||
        part.state === "accepted" ||
        part.state === "quoted"),
  );
  const choosing = CHOOSING.has(project.status);
  return (
    <div className="grid gap-2 rounded-control border border-navy-200 bg-navy-50 px-4 py-3 text-sm text-navy-900">
      {gone.map((part) => (
        <p key={part.contractorId} className="font-medium">
          {i18n._(part.unavailable ? unavailableSentence(part.name) : noAnswerSentence(part.name))}
        </p>
      ))}
      {choosing ? (
        <p>
          {othersWaiting ? (
            <Trans>Your request is still open with the other pros you chose.</Trans>
          ) : (
            <Trans>Your request is still open.</Trans>
          )}{" "}
          {choose ? (
            <Link to={choose} className="font-medium underline underline-offset-2">
              <Trans>Choose another pro</Trans>
            </Link>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
