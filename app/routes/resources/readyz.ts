/**
 * Readiness (decision 042): 200 when this instance can serve, that is when
 * the database answers within READY_TIMEOUT_MS and holds every migration this
 * build was made with; else 503 and one line saying why. `/healthz` says the
 * process is alive; a load balancer sends traffic on `/readyz`.
 */
import { sql } from "drizzle-orm";
import { getServices } from "~/lib/app-context.server";
import { rowsOf } from "~/lib/db.server";
import { withTimeout } from "~/lib/timeout";
import journal from "../../../database/migrations/meta/_journal.json";
import type { Route } from "./+types/readyz";

const READY_TIMEOUT_MS = 2_000;

/** drizzle records each applied migration with its journal time (`when`) as `created_at`. */
const LATEST_MIGRATION = Math.max(...journal.entries.map((entry) => entry.when));
const LATEST_TAG = journal.entries.find((entry) => entry.when === LATEST_MIGRATION)?.tag;

class NotReady extends Error {}

function answer(status: 200 | 503, line: string): Response {
  return new Response(`${line}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

async function check(services: ReturnType<typeof getServices>): Promise<void> {
  const { database } = services;
  try {
    await database.ping();
  } catch (error) {
    throw new NotReady("the database does not answer", { cause: error });
  }
  let latest: number;
  try {
    const result = await database.db.execute(
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    latest = Number(rowsOf<{ latest: string | number | null }>(result)[0]?.latest ?? 0);
  } catch (error) {
    throw new NotReady("the database has no migrations table", { cause: error });
  }
  if (latest < LATEST_MIGRATION) {
    throw new NotReady(`migrations are not applied up to ${LATEST_TAG ?? "the latest"}`);
  }
}

export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const late = () =>
    new NotReady(`the database did not answer within ${READY_TIMEOUT_MS.toString()} ms`);
  try {
    await withTimeout(check(services), READY_TIMEOUT_MS, late);
    return answer(200, "ready");
  } catch (error) {
    services.logger.warn({ err: error }, "readiness check: not ready");
    const reason = error instanceof NotReady ? error.message : "the check failed";
    return answer(503, `not ready: ${reason}`);
  }
}
