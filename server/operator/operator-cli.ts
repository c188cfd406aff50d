/**
 * `npm run operator -- grant EMAIL`, `npm run operator -- revoke EMAIL` and
 * `npm run operator -- link [EMAIL]` (issue 21): who may open /admin, and a
 * one-time sign-in link to it. Each change is written to the audit log as
 * the command line.
 *
 * As `npm run leads`: against PostgreSQL (DATABASE_URL) it opens the
 * database directly. On the embedded database it goes through the running
 * server (PGlite lets one process open its files); when no server runs, it
 * opens the files itself.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { LINK_MINUTES } from "~/features/operator/index.server";
import { withCommandDatabase } from "./command-database";
import { EnvError, parseEnv, type Env } from "../../app/lib/env.server";
import {
  isOperatorRefusal,
  OPERATOR_OPERATORS_PATH,
  parseOperatorCommand,
  runOperatorCommand,
  runtimeFilePath,
  type OperatorAnswer,
  type OperatorCommand,
  type RuntimeFile,
} from "./operator-api";

const USAGE = `Usage:
  npm run operator -- grant EMAIL     make the person with this account an operator
  npm run operator -- revoke EMAIL    make an operator a member again
  npm run operator -- link [EMAIL]    print a one-time sign-in link to /admin
                                      (without EMAIL: the installation's own operator)`;

/** Something the operator can correct: said on stderr, exit code 1. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly showUsage = false,
  ) {
    super(message);
  }
}

function parseCommand(argv: string[]): OperatorCommand | "help" {
  let args: { positionals: string[]; values: { help?: boolean } };
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new Refusal((error as Error).message, true);
  }
  const { positionals, values } = args;
  if (values.help) return "help";
  const [command, email, ...rest] = positionals;
  if (rest.length > 0) throw new Refusal(`Too many arguments: ${rest.join(" ")}`, true);
  const parsed = parseOperatorCommand({ command, email });
  if (typeof parsed === "string") throw new Refusal(parsed, true);
  return parsed;
}

function sentence(answer: OperatorAnswer): string {
  switch (answer.command) {
    case "grant":
      return answer.changed
        ? `${answer.email} is now an operator.\n`
        : `${answer.email} was already an operator.\n`;
    case "revoke":
      return answer.changed
        ? `${answer.email} is no longer an operator.\n`
        : `${answer.email} was not an operator.\n`;
    case "link":
      return `${answer.url}\nValid for ${LINK_MINUTES.toString()} minutes, once, for ${answer.email}.\n`;
  }
}

/** Whether a process with this id runs (the server that wrote server.json). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function viaServer(runtime: RuntimeFile, command: OperatorCommand): Promise<OperatorAnswer> {
  const url = new URL(OPERATOR_OPERATORS_PATH, runtime.url.replace("localhost", "127.0.0.1"));
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${runtime.token}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(command),
  });
  const text = await response.text();
  if (response.ok) return JSON.parse(text) as OperatorAnswer;
  let error: unknown;
  try {
    ({ error } = JSON.parse(text) as { error?: unknown });
  } catch {
    // Not an answer of ours (a server older than this command): said below.
  }
  if (typeof error === "string" && (response.status === 400 || response.status === 409))
    throw new Refusal(error);
  throw new Error(
    `The server at ${runtime.url} answered ${response.status.toString()}` +
      (response.status === 404 ? " (is it running an older version? Restart it.)" : ""),
  );
}

async function direct(env: Env, command: OperatorCommand): Promise<OperatorAnswer> {
  try {
    return await withCommandDatabase(env, (db) => runOperatorCommand(db, command, env.SITE_URL));
  } catch (error) {
    if (isOperatorRefusal(error)) throw new Refusal(error.message);
    throw error;
  }
}

async function readRuntime(dataDir: string): Promise<RuntimeFile | null> {
  try {
    return JSON.parse(await readFile(runtimeFilePath(dataDir), "utf8")) as RuntimeFile;
  } catch {
    return null;
  }
}

async function perform(env: Env, command: OperatorCommand): Promise<OperatorAnswer> {
  if (env.DATABASE_URL) return direct(env, command);
  const runtime = await readRuntime(env.DATA_DIR);
  if (runtime) {
    try {
      return await viaServer(runtime, command);
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      // A server still running holds the embedded database: its files are not ours to open.
      if (running(runtime.pid))
        throw new Refusal(
          `The server (process ${runtime.pid.toString()}) at ${runtime.url} did not answer. ` +
            `If no server runs, remove ${runtimeFilePath(env.DATA_DIR)} and try again.`,
        );
      // A server that stopped without cleaning up: open the files directly.
    }
  }
  return direct(env, command);
}

export async function runOperatorCli(argv: string[]): Promise<number> {
  try {
    const command = parseCommand(argv);
    if (command === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const answer = await perform(parseEnv(), command);
    process.stdout.write(sentence(answer));
    return 0;
  } catch (error) {
    if (error instanceof Refusal) {
      process.stderr.write(`${error.message}\n${error.showUsage ? `${USAGE}\n` : ""}`);
      return 1;
    }
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
