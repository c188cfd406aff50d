/** Structured JSON logs (pino). Personal data is redacted by path. */
import { pino, type Logger } from "pino";

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

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "trade-match" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

let current: Logger | undefined;

export function getLogger(): Logger {
  current ??= createLogger(process.env.LOG_LEVEL ?? "info");
  return current;
}

export function setLogger(logger: Logger): void {
  current = logger;
}
