/**
 * GET /admin/people/:id/data.json: the person's data, the same copy as their
 * own download (/dashboard/data/export), with its audit row.
 */
import { NO_STORE } from "~/features/auth/require-user.server";
import { notFound } from "~/features/marketplace/answers.server";
import { exportPerson } from "~/features/operator/people.server";
import { requireOperator } from "~/features/operator/require-operator.server";
import { getDb } from "~/lib/app-context.server";
import type { Route } from "./+types/person-export";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireOperator(request, context);
  const copy = await exportPerson(getDb(context), { id: user.id, email: user.email }, params.id);
  if (!copy) notFound();
  return new Response(JSON.stringify(copy, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="trade-match-person-${params.id}.json"`,
      ...NO_STORE,
    },
  });
}
