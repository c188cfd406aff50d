/**
 * The operator endpoint's paths (`/_operator/...`, loopback and a token:
 * operator-api.ts), answered before the page cache and the router.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Env } from "../../app/lib/env.server";
import type { Database } from "../../app/lib/db.server";
import type { Endpoint } from "../http/request-handler";
import { handleOperatorBackup, OPERATOR_BACKUP_PATH } from "./backup";
import type { Housekeeper } from "../housekeeping";
import { handleOperatorHousekeeping, OPERATOR_HOUSEKEEPING_PATH } from "./housekeeping-api";
import {
  handleOperatorOperators,
  handleOperatorOutbox,
  handleOperatorRequest,
  handleOperatorStatus,
  OPERATOR_OPERATORS_PATH,
  OPERATOR_OUTBOX_PATH,
  OPERATOR_PATH,
  OPERATOR_STATUS_PATH,
  type ServerStatus,
} from "./operator-api";

const OPERATOR_PREFIX = "/_operator/";

export interface OperatorDeps {
  db: Database;
  env: Pick<Env, "SITE_URL" | "REQUEST_BODY_TIMEOUT_MS">;
  token: string;
  /** The server's own figures; the memory is read here. */
  status: () => Omit<ServerStatus, "memory">;
  /** The server's housekeeping, for `npm run housekeeping` (housekeeping-api.ts). */
  housekeeping: Housekeeper;
}

/** The operator endpoint, for the HTTP edge to ask first (server/http/request-handler.ts). */
export function operatorEndpoint(deps: OperatorDeps): Endpoint {
  return {
    prefix: OPERATOR_PREFIX,
    answer: (req, res, pathname) => answerOperator(req, res, pathname, deps),
  };
}

/** Answers an operator path; false when the path or method is not one of them. */
async function answerOperator(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  deps: OperatorDeps,
): Promise<boolean> {
  const { db, env, token } = deps;
  if (pathname === OPERATOR_PATH && req.method === "GET") {
    await handleOperatorRequest(req, res, db, token);
  } else if (pathname === OPERATOR_OUTBOX_PATH && req.method === "GET") {
    await handleOperatorOutbox(req, res, db, token);
  } else if (pathname === OPERATOR_OPERATORS_PATH && req.method === "POST") {
    await handleOperatorOperators(req, res, db, token, env);
  } else if (
    pathname === OPERATOR_HOUSEKEEPING_PATH &&
    (req.method === "GET" || req.method === "POST")
  ) {
    await handleOperatorHousekeeping(req, res, token, deps.housekeeping);
  } else if (pathname === OPERATOR_BACKUP_PATH && req.method === "GET") {
    await handleOperatorBackup(req, res, db, token);
  } else if (pathname === OPERATOR_STATUS_PATH && req.method === "GET") {
    handleOperatorStatus(req, res, token, () => {
      const memory = process.memoryUsage();
      return {
        ...deps.status(),
        memory: {
          rssBytes: memory.rss,
          heapTotalBytes: memory.heapTotal,
          heapUsedBytes: memory.heapUsed,
          externalBytes: memory.external,
          arrayBuffersBytes: memory.arrayBuffers,
        },
      };
    });
  } else {
    return false;
  }
  return true;
}
