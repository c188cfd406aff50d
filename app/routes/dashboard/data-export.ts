import { exportPersonalData } from "~/features/auth/personal-data.server";
import { requireUser } from "~/features/auth/require-user.server";
import { getDb } from "~/lib/app-context.server";
import type { Route } from "./+types/data-export";

/** GET /dashboard/data/export: the signed-in person's data as a JSON download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/dashboard/data");
  const body = JSON.stringify(await exportPersonalData(getDb(context), user.id), null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="trade-match-my-data.json"',
      "Cache-Control": "no-store",
    },
  });
}
