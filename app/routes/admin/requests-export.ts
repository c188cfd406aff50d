/**
 * GET /admin/requests.csv?…: the requests the list's search finds, as the
 * command line exports them (`npm run leads -- export`: same columns, same
 * escaping, formula starts made harmless), newest first, at most
 * REQUESTS_EXPORT_CAP rows. Each download is written to the audit log.
 */
import { NO_STORE } from "~/features/auth/require-user.server";
import { leadsToCsv } from "~/features/leads/lead-export.server";
import { writeAudit } from "~/features/operator/audit.server";
import { filterQuery, parseRequestFilter } from "~/features/operator/request-filters";
import { requireOperator } from "~/features/operator/require-operator.server";
import { exportRequests } from "~/features/operator/requests.server";
import { getDb } from "~/lib/app-context.server";
import type { Route } from "./+types/requests-export";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const operator = await requireOperator(request, context);
  const parsed = parseRequestFilter(url.searchParams);
  if (!parsed.ok) {
    const lines = Object.entries(parsed.errors).map(([field, message]) => `${field}: ${message}`);
    return new Response(`${lines.join("\n")}\n`, {
      status: 400,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const db = getDb(context);
  const rows = await exportRequests(db, parsed.filter);
  const query = filterQuery(parsed.values);
  await writeAudit(
    db,
    { id: operator.id, email: operator.email },
    {
      action: "requests.export",
      subjectType: "requests",
      subjectId: query || "all",
      after: { filters: parsed.filter, rows: rows.length },
    },
  );
  const today = new Date().toISOString().slice(0, 10);
  return new Response(leadsToCsv(rows), {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="requests-${today}.csv"`,
    },
  });
}
