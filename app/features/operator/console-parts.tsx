/**
 * Pieces every console page uses: times in UTC as the console writes them,
 * the links between pages of a list, and a table with its caption and
 * column headings. Plain components: no server code.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

/** "2026-11-26 01:24" for an ISO time (UTC); "—" for none. */
export function utcMinute(iso: string | null): string {
  return iso ? iso.slice(0, 16).replace("T", " ") : "—";
}

export const CONSOLE_LINK = "font-medium text-navy-700 underline";

/** "Previous page" / "Next page" under a list; nothing when it has one page. */
export function PageLinks({
  label,
  page,
  more,
  link,
}: {
  /** What the pages are of, for the navigation's name: "Pages of people". */
  label: string;
  page: number;
  more: boolean;
  link: (page: number) => string;
}) {
  if (page <= 1 && !more) return null;
  return (
    <nav aria-label={label} className="flex gap-6 text-sm">
      {page > 1 ? (
        <Link to={link(page - 1)} className={CONSOLE_LINK}>
          Previous page
        </Link>
      ) : null}
      {more ? (
        <Link to={link(page + 1)} className={CONSOLE_LINK}>
          Next page
        </Link>
      ) : null}
    </nav>
  );
}

/** A console table: scrolls sideways on a narrow screen; its caption says what it lists. */
export function ConsoleTable({
  caption,
  captionHidden = false,
  headings,
  children,
}: {
  caption: ReactNode;
  /** For screen readers only, where a heading above already names the table. */
  captionHidden?: boolean;
  headings: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption
          className={captionHidden ? "sr-only" : "mb-2 text-left font-semibold text-navy-900"}
        >
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-line">
            {headings.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
