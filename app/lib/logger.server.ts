/**
 * Structured JSON logs (pino). Logs never hold personal data: known fields are
 * redacted by path, and errors are serialised without the query parameters
 * and values that database errors carry (a failed insert names the lead).
 * Nor keys: the server's lines lose the secret segments of URLs (`redactLine`).
 */
import { pino, stdSerializers, type Logger } from "pino";

export const REDACTED_PATHS = [
  "email",
  "phone",
  "name",
  "*.email",
  "*.phone",
  "*.name",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
];

const SENSITIVE_ERROR_FIELDS = new Set([
  "params",
  "parameters",
  "query",
  "values",
  "detail",
  "where",
  "input",
]);

function scrubMessage(message: string): string {
  // Drizzle: "Failed query: insert … params: Jordan,jordan@example.com,…"
  return message
    .replace(/\bparams?:[\s\S]*$/i, "params: [redacted]")
    .replace(/\(([^()]*@[^()]*)\)/g, "([redacted])");
}

/** An error as a log entry: type, code, message and stack, never the data it was about. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const serialized = stdSerializers.err(error) as unknown as Record<string, unknown>;
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (SENSITIVE_ERROR_FIELDS.has(key)) continue;
    safe[key] =
      typeof value === "string" && (key === "message" || key === "stack")
        ? scrubMessage(value)
        : value;
  }
  if (error.cause instanceof Error && depth < 3)
    safe.cause = serializeError(error.cause, depth + 1);
  return safe;
}

/**
 * `redactLine` rewrites each line as it is written, whatever field or message
 * carries what it removes: the server passes the keys its routes carry in
 * their paths (server/http/secret-paths.ts), which no field path can name.
 */
export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  redactLine?: (line: string) => string,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "trade-match" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: serializeError, error: serializeError },
    timestamp: pino.stdTimeFunctions.isoTime,
    ...(redactLine ? { hooks: { streamWrite: redactLine } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}

let current: Logger | undefined;

export function getLogger(): Logger {
  current ??= createLogger(process.env.LOG_LEVEL ?? "info");
  return current;
}

export function setLogger(logger: Logger): void {
  current = logger;
}
