/**
 * Hiring in two steps (issue 43). "Hire" used to post at once, and the other
 * pros became "Not chosen" with no warning. Now "Hire" is a link to the same
 * page with `?hire={business}` (so it works without JavaScript, and Back
 * undoes it), which shows this confirmation: the pro, what it quoted, and
 * which other pros will be told they were not chosen. Only its button posts
 * the hire; "Keep comparing" goes back to the quotes.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { formatterCache } from "~/lib/locales";
import { useLocale } from "~/lib/use-locale";
import { formatPrice } from "./price";
import type { PartView, ProjectPart, ProjectView } from "./project-view";

/** Where the confirmation is on the page: the link's fragment takes the reader there. */
export const CONFIRM_HIRE_ID = "confirm-hire";

/** The parts a hire closes as "not chosen" (states.ts pass_over), as the homeowner sees them. */
const STILL_OPEN: readonly PartView[] = ["sent", "viewed", "accepted", "quoted"];

const names = formatterCache(
  (tag) => new Intl.ListFormat(tag, { style: "long", type: "conjunction" }),
);

/** The part `contractorId` names when the homeowner may hire it now (it quoted, is available). */
export function hireable(project: ProjectView, contractorId: string | null): ProjectPart | null {
  if (project.status !== "sent" || !contractorId) return null;
  const part = project.parts.find((candidate) => candidate.contractorId === contractorId);
  return part && part.state === "quoted" && !part.unavailable ? part : null;
}

/** "Hire": opens the confirmation for this pro. */
export function HireLink({ contractorId, name }: { contractorId: string; name: string }) {
  const { t } = useLingui();
  return (
    <Link
      to={{
        search: `?${new URLSearchParams({ hire: contractorId }).toString()}`,
        hash: CONFIRM_HIRE_ID,
      }}
      preventScrollReset
      className={buttonClasses("primary", "sm")}
      aria-label={t`Hire ${name}`}
    >
      <Trans>Hire</Trans>
    </Link>
  );
}

/** The confirmation of a hire, or nothing when `contractorId` names no pro the homeowner may hire. */
export function HireConfirmation({
  project,
  contractorId,
}: {
  project: ProjectView;
  contractorId: string | null;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const part = hireable(project, contractorId);
  const panel = useRef<HTMLElement>(null);
  const shown = part?.contractorId;
  // Opened by its link: the reader (and a screen reader's focus) is taken to it.
  useEffect(() => {
    if (shown) panel.current?.focus();
  }, [shown]);
  if (!part) return null;
  const name = part.name;
  const others = project.parts.filter(
    (other) => other.contractorId !== part.contractorId && STILL_OPEN.includes(other.state),
  );
  const list = names(locale).format(others.map((other) => other.name));
  const price = part.quote
    ? formatPrice(part.quote.currency, part.quote.minCents, part.quote.maxCents, locale)
    : null;
  return (
    <section
      ref={panel}
      id={CONFIRM_HIRE_ID}
      tabIndex={-1}
      aria-labelledby="confirm-hire-title"
      className="grid gap-3 rounded-card border-2 border-accent-600 bg-surface p-6 shadow-card focus:outline-none focus-visible:ring-2 focus-visible:ring-navy-600"
    >
      <h2 id="confirm-hire-title" className="text-xl font-bold text-navy-900">
        <Trans>Hire {name}?</Trans>
      </h2>
      {price ? (
        <p>
          <Trans>
            {name} quoted {price} for this project.
          </Trans>
        </p>
      ) : null}
      <p>
        {others.length > 0 ? (
          <Trans>
            The other pros you chose will be told by email that they were not chosen, and can no
            longer quote: {list}.
          </Trans>
        ) : (
          <Trans>No other pro is waiting on this request.</Trans>
        )}
      </p>
      <p className="text-muted">
        <Trans>
          {name} is told by email at once. If plans change later, you can still close this request.
        </Trans>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="hire" />
          <input type="hidden" name="contractorId" value={part.contractorId} />
          <Button type="submit">{t`Yes, hire ${name}`}</Button>
        </Form>
        <Link to={{ search: "" }} className={buttonClasses("secondary", "md")}>
          <Trans>Keep comparing</Trans>
        </Link>
      </div>
    </section>
  );
}
