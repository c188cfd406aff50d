/**
 * The chosen pros side by side, one column each: their part, their quote
 * (price, what it includes, the start window, how long it holds), the
 * licence state and rating, and a Hire link for each pro who quoted while
 * the homeowner has not hired yet (it opens the confirmation,
 * hire-confirmation.tsx; never for a business an operator suspended:
 * UnavailablePros says it is no longer available), and "Remove this pro"
 * for each part still open.
 *
 * On a phone (issue 43: the second pro's column was cut off at 390 px) the
 * table scrolls sideways inside its own region, never the page: the row
 * names stay put in a sticky first column, and each pro's column is as wide
 * as the rest of the screen allows, snaps into place beside them, and lets
 * the next pro's column show at the edge, which says there is more to swipe
 * to (no sentence for it: the dashboard's catalogue is at its budget). One
 * table at every size, so every reader (and every test) finds the same cells.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ratingTextIn } from "~/components/ui/rating";
import { shortDay } from "~/lib/dates";
import type { Locale } from "~/lib/locales";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { HireLink } from "./hire-confirmation";
import { formatPrice } from "./price";
import { PART_LABELS, type ProjectPart, type ProjectView } from "./project-view";

function dates(from: string, to: string, { locale, now }: CellContext): string {
  return from === to
    ? shortDay(from, locale, now)
    : `${shortDay(from, locale, now)} – ${shortDay(to, locale, now)}`;
}

/** What a cell needs besides the part: the page's language, its messages, and the page's now. */
interface CellContext {
  i18n: I18n;
  locale: Locale;
  /** The loader's time: a date in another year says its year. */
  now: Date;
}

const ROWS: {
  key: string;
  label: MessageDescriptor;
  cell(part: ProjectPart, context: CellContext): ReactNode;
}[] = [
  {
    key: "status",
    label: msg`Status`,
    cell: (part, { i18n }) =>
      i18n._(part.unavailable ? msg`No longer available` : PART_LABELS[part.state]),
  },
  {
    key: "price",
    label: msg`Price`,
    cell: (part, { i18n, locale }) =>
      part.quote ? (
        <span className="font-semibold text-navy-900">
          {formatPrice(part.quote.currency, part.quote.minCents, part.quote.maxCents, locale)}
        </span>
      ) : (
        i18n._(msg`No quote yet`)
      ),
  },
  { key: "included", label: msg`Included`, cell: (part) => part.quote?.included ?? "" },
  {
    key: "start",
    label: msg`Can start`,
    cell: (part, context) =>
      part.quote ? dates(part.quote.startFrom, part.quote.startTo, context) : "",
  },
  {
    key: "valid",
    label: msg`Valid until`,
    cell: (part, context) =>
      part.quote ? dates(part.quote.validUntil, part.quote.validUntil, context) : "",
  },
  { key: "message", label: msg`Message`, cell: (part) => part.quote?.message ?? "" },
  {
    key: "licence",
    label: msg`Licence`,
    cell: (part, { i18n }) => {
      const region = part.licenceRegion;
      return region ? i18n._(msg`${region}, declared by the business`) : i18n._(msg`Not declared`);
    },
  },
  {
    key: "rating",
    label: msg`Rating`,
    cell: (part, { i18n }) => ratingTextIn(i18n, part),
  },
];

/**
 * The first column stays in sight while the pros scroll (7rem on a phone,
 * 10rem from `sm`: the region's scroll padding, so a column snaps beside it).
 */
const STICKY = "sticky left-0 z-10 w-28 min-w-28 bg-surface p-3 sm:w-40 sm:min-w-40";
const ROW_NAME = `${STICKY} font-semibold break-words text-navy-900 shadow-[1px_0_0_var(--color-navy-100)]`;
const CORNER = `${STICKY} shadow-[1px_0_0_var(--color-navy-100)]`;

/**
 * A pro's column: on a phone the rest of the screen beside the row names
 * (390 px less the page's margins and the names: one pro at a time, the
 * next one peeking in), from `sm` a share of the table.
 */
const PRO_COLUMN = "min-w-[calc(100vw-2rem-7rem-1.5rem)] snap-start p-3 break-words sm:min-w-48";

export function QuoteTable({
  project,
  now,
  hiring = true,
  extraRow,
}: {
  project: ProjectView;
  /** The loader's time (ISO): the dates are read against it. */
  now: string;
  /** False where the homeowner must sign in before hiring (removing a pro needs no account). */
  hiring?: boolean;
  /** One more row, drawn by the page (a feature above this one: site visits). */
  extraRow?: { label: string; cell(part: ProjectPart): ReactNode };
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const canHire = hiring && project.status === "sent";
  return (
    <div className="grid gap-3">
      <h2 className="text-xl font-bold text-navy-900">
        <Trans>Your pros and their quotes</Trans>
      </h2>
      <div
        // The row names' width is the scroll padding: a column snaps in just beside them.
        className="snap-x snap-mandatory scroll-pl-28 overflow-x-auto rounded-card bg-surface shadow-card sm:scroll-pl-40"
        role="region"
        aria-label={t`Quotes side by side`}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">
            <Trans>Your pros and their quotes</Trans>
          </caption>
          <thead>
            <tr>
              <td className={CORNER} />
              {project.parts.map((part) => (
                <th
                  key={part.contractorId}
                  scope="col"
                  className={`${PRO_COLUMN} align-bottom text-base font-bold text-navy-900`}
                >
                  {/* A suspended business has no public profile to link to. */}
                  {part.unavailable ? (
                    part.name
                  ) : (
                    <Link
                      to={localize(`/pros/${part.slug}`)}
                      className="underline underline-offset-2"
                    >
                      {part.name}
                    </Link>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.key} className="border-t border-navy-100">
                <th scope="row" className={ROW_NAME}>
                  {i18n._(row.label)}
                </th>
                {project.parts.map((part) => (
                  <td
                    key={part.contractorId}
                    className={`${PRO_COLUMN} align-top whitespace-pre-line text-muted`}
                  >
                    {row.cell(part, { i18n, locale, now: new Date(now) })}
                  </td>
                ))}
              </tr>
            ))}
            {extraRow ? (
              <tr className="border-t border-navy-100">
                <th scope="row" className={ROW_NAME}>
                  {extraRow.label}
                </th>
                {project.parts.map((part) => (
                  <td key={part.contractorId} className={`${PRO_COLUMN} align-top`}>
                    {extraRow.cell(part)}
                  </td>
                ))}
              </tr>
            ) : null}
            {canHire ? (
              <tr className="border-t border-navy-100">
                <td className={CORNER} />
                {project.parts.map((part) => (
                  <td key={part.contractorId} className={PRO_COLUMN}>
                    {part.state === "quoted" && !part.unavailable ? (
                      <HireLink contractorId={part.contractorId} name={part.name} />
                    ) : null}
                  </td>
                ))}
              </tr>
            ) : null}
            {project.status === "sent" && project.parts.some(isRemovable) ? (
              <tr className="border-t border-navy-100">
                <td className={CORNER} />
                {project.parts.map((part) => (
                  <td key={part.contractorId} className={PRO_COLUMN}>
                    {isRemovable(part) ? (
                      <RemoveForm contractorId={part.contractorId} name={part.name} />
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

/** A part the homeowner may still close alone: waiting, accepted or quoted (states.ts "remove"). */
const isRemovable = (part: ProjectPart): boolean =>
  !part.unavailable &&
  (part.state === "sent" ||
    part.state === "viewed" ||
    part.state === "accepted" ||
    part.state === "quoted");

/** "Remove this pro": closes this pro's part alone and frees its place. */
function RemoveForm({ contractorId, name }: { contractorId: string; name: string }) {
  const { t } = useLingui();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="contractorId" value={contractorId} />
      <Button type="submit" size="sm" variant="secondary" aria-label={t`Remove this pro: ${name}`}>
        <Trans>Remove this pro</Trans>
      </Button>
    </Form>
  );
}
