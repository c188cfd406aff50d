/**
 * A local-only endpoint for the operator's command line (`npm run leads`,
 * `npm run operator`).
 * The embedded database can be opened by one process only, so while the site
 * runs, the command reads leads through the server. It answers only
 * connections from this machine that present the token the server wrote to
 * DATA_DIR/server.json (readable by the server's user only).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { latestLeads, leadsSince, leadsToCsv } from "~/features/leads/index.server";
import { COMMAND_LINE } from "~/features/operator/index.server";
import { createOperatorLink, NotAnOperator } from "~/features/operator/index.server";
import { grantOperator, revokeOperator, UnknownPerson } from "~/features/operator/index.server";
import type { Database } from "../../app/lib/db.server";
import type { Env } from "../../app/lib/env.server";
import { desc, eq } from "drizzle-orm";
import { OUTBOX_KINDS, outboxJobs, type OutboxKind } from "../../database/schema";
import { readBody } from "../http/request-body";

export const OPERATOR_PATH = "/_operator/leads";
/** The running server's page cache and memory, for the operator (and tests). */
export const OPERATOR_STATUS_PATH = "/_operator/status";
/**
 * The newest queued and sent messages (`?kind=` one kind), for the operator
 * of a local installation: without SMTP, emails such as a claim's code are
 * held here, and in the log.
 */
export const OPERATOR_OUTBOX_PATH = "/_operator/outbox";
/**
 * `npm run operator -- grant|revoke|link`: POST `{ "command", "email"? }`,
 * answered with an OperatorAnswer, or `{ "error" }` (400 a bad request, 409
 * a refusal: no such account, not an operator).
 */
export const OPERATOR_OPERATORS_PATH = "/_operator/operators";

export interface RuntimeFile {
  url: string;
  pid: number;
  token: string;
}

export function runtimeFilePath(dataDir: string): string {
  return path.resolve(dataDir, "server.json");
}

/**
 * The operator token: OPERATOR_TOKEN when set (a Prometheus scraper of
 * /metrics needs one that outlives a restart: server/metrics.ts), else a
 * random one for this run.
 */
export function createOperatorToken(configured?: string): string {
  return configured ?? randomBytes(24).toString("base64url");
}

export async function writeRuntimeFile(dataDir: string, runtime: RuntimeFile): Promise<void> {
  await mkdir(path.resolve(dataDir), { recursive: true });
  await writeFile(runtimeFilePath(dataDir), JSON.stringify(runtime), { mode: 0o600 });
}

export async function removeRuntimeFile(dataDir: string): Promise<void> {
  await rm(runtimeFilePath(dataDir), { force: true });
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

function authorised(req: IncomingMessage, token: string): boolean {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) return false;
  // A request that came through a proxy is not the operator's own.
  if (req.headers["x-forwarded-for"] || req.headers.forwarded) return false;
  const given = Buffer.from(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Never stored; anyone but the operator gets the 404 of a path that does not exist. */
export function admitOperator(req: IncomingMessage, res: ServerResponse, token: string): boolean {
  res.setHeader("Cache-Control", "no-store");
  if (authorised(req, token)) return true;
  res.statusCode = 404;
  res.end("Not Found");
  return false;
}

export async function handleOperatorRequest(
  req: IncomingMessage,
  res: ServerResponse,
  db: Database,
  token: string,
): Promise<void> {
  if (!admitOperator(req, res, token)) return;
  const url = new URL(req.url ?? "/", "http://localhost");
  const since = url.searchParams.get("since");
  if (since !== null) {
    const date = new Date(since);
    if (Number.isNaN(date.getTime())) {
      res.statusCode = 400;
      res.end("since must be a date, like 2026-01-01");
      return;
    }
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.end(leadsToCsv(await leadsSince(db, date)));
    return;
  }
  const limit = Math.min(Math.max(Number(url.searchParams.get("limit") ?? 20) || 20, 1), 500);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(await latestLeads(db, limit)));
}

export interface ServerStatus {
  pageCache: { entries: number; bytes: number; maxBytes: number };
  /** Pages waiting for their best brotli encoding (bounded: page-encodings.ts). */
  improvementsWaiting: number;
  /** process.memoryUsage(), in bytes. */
  memory: {
    rssBytes: number;
    heapTotalBytes: number;
    heapUsedBytes: number;
    externalBytes: number;
    arrayBuffersBytes: number;
  };
}

export function handleOperatorStatus(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  status: () => ServerStatus,
): void {
  if (!admitOperator(req, res, token)) return;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(status()));
}

/** The newest outbox jobs, newest first (at most 100), optionally of one kind. */
export async function handleOperatorOutbox(
  req: IncomingMessage,
  res: ServerResponse,
  db: Database,
  token: string,
): Promise<void> {
  if (!admitOperator(req, res, token)) return;
  const kind = new URL(req.url ?? "/", "http://localhost").searchParams.get("kind");
  if (kind !== null && !(OUTBOX_KINDS as readonly string[]).includes(kind)) {
    res.statusCode = 400;
    res.end(`kind must be one of ${OUTBOX_KINDS.join(", ")}`);
    return;
  }
  const jobs = await db
    .select({
      id: outboxJobs.id,
      kind: outboxJobs.kind,
      status: outboxJobs.status,
      leadId: outboxJobs.leadId,
      payload: outboxJobs.payload,
      createdAt: outboxJobs.createdAt,
    })
    .from(outboxJobs)
    .where(kind === null ? undefined : eq(outboxJobs.kind, kind as OutboxKind))
    .orderBy(desc(outboxJobs.id))
    .limit(100);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(jobs));
}

/** What `npm run operator` asks: a role change, or a sign-in link (for the installation's own operator without an email). */
export type OperatorCommand =
  { command: "grant" | "revoke"; email: string } | { command: "link"; email?: string };

export type OperatorAnswer =
  | { command: "grant" | "revoke"; email: string; changed: boolean }
  | { command: "link"; email: string; url: string; expiresAt: string };

export const OPERATOR_COMMANDS = ["grant", "revoke", "link"] as const;

/** An address as the accounts keep it: no spaces or control characters, one @, at most 254 characters. */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u;

/** A command from the command line or the endpoint's body; a string says what is wrong with it. */
export function parseOperatorCommand(value: unknown): OperatorCommand | string {
  if (typeof value !== "object" || value === null) return "Send a JSON object.";
  const { command, email } = value as Record<string, unknown>;
  if (typeof command !== "string" || !(OPERATOR_COMMANDS as readonly string[]).includes(command))
    return command === undefined
      ? "No command given"
      : `Unknown command: ${typeof command === "string" ? command : JSON.stringify(command)}`;
  if (email === undefined && command === "link") return { command: "link" };
  if (email === undefined) return `${command} needs the person's email address`;
  if (typeof email !== "string" || email.length > 254 || !EMAIL.test(email.trim()))
    return "The email must be an address, like alex@example.com";
  return { command: command as OperatorCommand["command"], email: email.trim().toLowerCase() };
}

/** The one-time sign-in link of a token, on the site at siteUrl. */
export function operatorLinkUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, "")}/admin/sign-in/${token}`;
}

/**
 * Carries out a command, as the command line (the audit log's actor). Throws
 * UnknownPerson or NotAnOperator, whose messages tell the operator what to do.
 */
export async function runOperatorCommand(
  db: Database,
  command: OperatorCommand,
  siteUrl: string,
): Promise<OperatorAnswer> {
  if (command.command === "link") {
    const link = await createOperatorLink(db, command.email);
    return {
      command: "link",
      email: link.email,
      url: operatorLinkUrl(siteUrl, link.token),
      expiresAt: link.expiresAt.toISOString(),
    };
  }
  const change = command.command === "grant" ? grantOperator : revokeOperator;
  const changed = await change(db, command.email, COMMAND_LINE);
  return { command: command.command, email: command.email, changed };
}

/** A refusal the operator can act on (its message says how). */
export function isOperatorRefusal(error: unknown): error is Error {
  return error instanceof UnknownPerson || error instanceof NotAnOperator;
}

const OPERATOR_BODY_BYTES = 4096;

function answerJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.end(JSON.stringify(body));
}

/**
 * POST OPERATOR_OPERATORS_PATH: grants or revokes the operator role, or makes
 * a sign-in link under the site's address (SITE_URL, or the address the
 * server listens on), for `npm run operator` while the server holds the
 * embedded database.
 */
export async function handleOperatorOperators(
  req: IncomingMessage,
  res: ServerResponse,
  db: Database,
  token: string,
  env: Pick<Env, "SITE_URL" | "REQUEST_BODY_TIMEOUT_MS">,
): Promise<void> {
  if (!admitOperator(req, res, token)) return;
  const body = await readBody(req, OPERATOR_BODY_BYTES, env.REQUEST_BODY_TIMEOUT_MS);
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    answerJson(res, 400, {
      error: 'Send JSON: { "command": "grant" | "revoke" | "link", "email"?: string }',
    });
    return;
  }
  const command = parseOperatorCommand(value);
  if (typeof command === "string") {
    answerJson(res, 400, { error: command });
    return;
  }
  try {
    answerJson(res, 200, await runOperatorCommand(db, command, env.SITE_URL));
  } catch (error) {
    if (!isOperatorRefusal(error)) throw error;
    answerJson(res, 409, { error: error.message });
  }
}
