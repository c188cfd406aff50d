/**
 * The chosen pros side by side, one column each: their part, their quote
 * (price, what it includes, the start window, how long it holds), the
 * licence state and rating, and a Hire button for each pro who quoted while
 * the homeowner has not hired yet (never for a business an operator
 * suspended: UnavailablePros says it is no longer available).
 */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ratingText } from "~/components/ui/rating";
import { shortDay } from "~/lib/dates";
import { formatPrice } from "./price";
import { PART_LABELS, type ProjectPart, type ProjectView } from "./project-view";

function dates(from: string, to: string): string {
  return from === to ? shortDay(from) : `${shortDay(from)} – ${shortDay(to)}`;
}

const ROWS: { label: string; cell(part: ProjectPart): ReactNode }[] = [
  {
    label: "Status",
    cell: (part) => (part.unavailable ? "No longer available" : PART_LABELS[part.state]),
  },
  {
    label: "Price",
    cell: (part) =>
      part.quote ? (
        <span className="font-semibold text-navy-900">
          {formatPrice(part.quote.currency, part.quote.minCents, part.quote.maxCents)}
        </span>
      ) : (
        "No quote yet"
      ),
  },
  { label: "Included", cell: (part) => part.quote?.included ?? "" },
  {
    label: "Can start",
    cell: (part) => (part.quote ? dates(part.quote.startFrom, part.quote.startTo) : ""),
  },
  {
    label: "Valid until",
    cell: (part) => (part.quote ? dates(part.quote.validUntil, part.quote.validUntil) : ""),
  },
  { label: "Message", cell: (part) => part.quote?.message ?? "" },
  {
    label: "Licence",
    cell: (part) =>
      part.licenceRegion ? `${part.licenceRegion}, declared by the business` : "Not declared",
  },
  {
    label: "Rating",
    cell: (part) => ratingText(part),
  },
];

export function QuoteTable({
  project,
  hiring = true,
}: {
  project: ProjectView;
  /** False where the homeowner must sign in before hiring. */
  hiring?: boolean;
}) {
  const canHire = hiring && project.status === "sent";
  return (
    <div className="grid gap-3">
      <h2 className="text-xl font-bold text-navy-900">Your pros and their quotes</h2>
      <div
        className="overflow-x-auto rounded-card bg-surface shadow-card"
        role="region"
        aria-label="Quotes side by side"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <thead>
            <tr>
              <td className="p-3" />
              {project.parts.map((part) => (
                <th
                  key={part.contractorId}
                  scope="col"
                  className="p-3 align-bottom text-base font-bold text-navy-900"
                >
                  {/* A suspended business has no public profile to link to. */}
                  {part.unavailable ? (
                    part.name
                  ) : (
                    <Link to={`/pros/${part.slug}`} className="underline underline-offset-2">
                      {part.name}
                    </Link>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label} className="border-t border-navy-100">
                <th scope="row" className="p-3 font-semibold whitespace-nowrap text-navy-900">
                  {row.label}
                </th>
                {project.parts.map((part) => (
                  <td
                    key={part.contractorId}
                    className="p-3 align-top whitespace-pre-line text-muted"
                  >
                    {row.cell(part)}
                  </td>
                ))}
              </tr>
            ))}
            {canHire ? (
              <tr className="border-t border-navy-100">
                <td className="p-3" />
                {project.parts.map((part) => (
                  <td key={part.contractorId} className="p-3">
                    {part.state === "quoted" && !part.unavailable ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="hire" />
                        <input type="hidden" name="contractorId" value={part.contractorId} />
                        <Button type="submit" size="sm" aria-label={`Hire ${part.name}`}>
                          Hire
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                ))}
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}
