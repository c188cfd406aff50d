import { getServices } from "~/lib/app-context.server";
import type { Route } from "./+types/healthz";

/** Liveness and readiness: 200 when the database answers, else 503. */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, logger } = getServices(context);
  const headers = { "Cache-Control": "no-store" };
  try {
    await database.ping();
    return Response.json({ status: "ok", database: database.kind }, { headers });
  } catch (error) {
    logger.error({ err: error }, "health check: database unreachable");
    return Response.json(
      { status: "unavailable", database: database.kind },
      { status: 503, headers },
    );
  }
}
