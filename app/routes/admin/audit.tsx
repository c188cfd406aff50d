/** The audit log: every operator action, newest first, filterable; 50 a page. */
import { data, Form, Link } from "react-router";
import { auditEntries } from "~/features/operator/audit.server";
import { getDb } from "~/lib/app-context.server";
import { ConsoleTable } from "~/features/operator/console-parts";
import type { Route } from "./+types/audit";
import { queryText } from "~/lib/plain-text";

const FILTERS = ["action", "subjectType", "subjectId", "actorEmail"] as const;
const LABELS: Record<(typeof FILTERS)[number], string> = {
  action: "Action",
  subjectType: "Subject type",
  subjectId: "Subject id",
  actorEmail: "Operator",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const filter = Object.fromEntries(
    FILTERS.map((name) => [name, queryText(url.searchParams.get(name), 200) || undefined]),
  );
  const before = Number(url.searchParams.get("before"));
  const page = await auditEntries(getDb(context), {
    ...filter,
    beforeId: Number.isSafeInteger(before) && before > 0 ? before : undefined,
  });
  return data({
    filter,
    nextBeforeId: page.nextBeforeId ?? null,
    rows: page.rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      before: row.before === null ? null : JSON.stringify(row.before),
      after: row.after === null ? null : JSON.stringify(row.after),
    })),
  });
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filter, rows, nextBeforeId } = loaderData;
  const next = new URLSearchParams(
    Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  if (nextBeforeId !== null) next.set("before", String(nextBeforeId));
  return (
    <section aria-labelledby="audit-title" className="grid gap-6">
      <h1 id="audit-title" className="text-2xl font-bold text-navy-900">
        Audit log
      </h1>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter the log">
        {FILTERS.map((name) => (
          <label key={name} className="grid gap-1 text-sm font-medium text-navy-900">
            {LABELS[name]}
            <input
              name={name}
              defaultValue={filter[name] ?? ""}
              className="rounded-control border border-line px-3 py-2"
            />
          </label>
        ))}
        <button
          type="submit"
          className="rounded-control bg-navy-900 px-4 py-2 text-sm font-semibold text-white"
        >
          Filter
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="text-muted">Nothing in the log matches.</p>
      ) : (
        <ConsoleTable
          caption="Operator actions, newest first"
          captionHidden
          headings={["When (UTC)", "Operator", "Action", "Subject", "Before", "After"]}
        >
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-line/60 align-top">
              <td className="py-2 pr-4 whitespace-nowrap">
                {row.at.slice(0, 19).replace("T", " ")}
              </td>
              <td className="py-2 pr-4">{row.actorEmail}</td>
              <td className="py-2 pr-4">{row.action}</td>
              <td className="py-2 pr-4 break-all">
                {row.subjectType} {row.subjectId}
              </td>
              <td className="py-2 pr-4 break-all font-mono text-xs">{row.before ?? "—"}</td>
              <td className="py-2 break-all font-mono text-xs">{row.after ?? "—"}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {nextBeforeId === null ? null : (
        <Link
          to={`/admin/audit?${next.toString()}`}
          className="font-medium text-navy-700 underline"
        >
          Older entries
        </Link>
      )}
    </section>
  );
}
