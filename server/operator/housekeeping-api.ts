/**
 * `npm run housekeeping [-- --dry-run]` while the server holds the embedded
 * database (issue 42, item 11): PGlite lets one process open its files, so
 * the command asks the running server, through the operator endpoint
 * (loopback and the token in DATA_DIR/server.json, as `npm run leads` and
 * `npm run backup` do), and the server runs the same housekeeping it runs
 * every hour. GET is the dry run: it counts and changes nothing, so an
 * operator can look at any time; POST is the run.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { PruneCounts } from "../../app/lib/housekeeping.server";
import type { Housekeeper } from "../housekeeping";
import { admitOperator, type RuntimeFile } from "./operator-api";

/** GET: what would go (a dry run); POST: delete it. Answered with a HousekeepingAnswer. */
export const OPERATOR_HOUSEKEEPING_PATH = "/_operator/housekeeping";

export interface HousekeepingAnswer {
  dryRun: boolean;
  counts: PruneCounts;
}

/** A refusal the operator can act on, said on stderr (exit code 1). */
export class HousekeepingRefusal extends Error {}

export async function handleOperatorHousekeeping(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  housekeep: Housekeeper,
): Promise<void> {
  if (!admitOperator(req, res, token)) return;
  const dryRun = req.method !== "POST";
  const answer: HousekeepingAnswer = { dryRun, counts: await housekeep({ dryRun }) };
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(answer));
}

/** Housekeeping run (or, `dryRun`, counted) by the server that holds the database. */
export async function housekeepingThroughServer(
  site: RuntimeFile,
  dryRun: boolean,
): Promise<PruneCounts> {
  const url = new URL(OPERATOR_HOUSEKEEPING_PATH, site.url.replace("localhost", "127.0.0.1"));
  let response: Response;
  try {
    response = await fetch(url, {
      method: dryRun ? "GET" : "POST",
      headers: { authorization: `Bearer ${site.token}` },
    });
  } catch (error) {
    throw new HousekeepingRefusal(
      `The server (process ${site.pid.toString()}) at ${site.url} holds the embedded database ` +
        `but did not answer (${(error as Error).message}).`,
    );
  }
  if (!response.ok)
    throw new HousekeepingRefusal(
      `The server at ${site.url} answered ${response.status.toString()}` +
        (response.status === 404 ? " (is it running an older version? Restart it)." : "."),
    );
  return ((await response.json()) as HousekeepingAnswer).counts;
}
