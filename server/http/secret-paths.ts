/**
 * Keys out of the log (issue 42, item 5). A route declares the parameters of
 * its path that are keys (`secretParams` in its handle, app/lib/edge.ts: the
 * operator's one-time sign-in link, a private calendar feed, an unsubscribe
 * link), and every line the server logs has them replaced by `[redacted]`.
 * The redaction runs on each line as it is written (pino's `streamWrite` hook,
 * app/lib/logger.server.ts), so it holds for every field and message that
 * carries a URL: the request line, a refused or failed request's path, an
 * error's message or stack, a link quoted in a message. Whoever reads the log
 * cannot sign in as the operator, read a person's visits or unsubscribe them.
 *
 * Each route's path becomes a pattern found anywhere in the line, as loosely
 * as a client may write the path and still reach the route (React Router
 * matches any letter case; the canonical redirect takes runs of `/` or `\`,
 * which JSON writes `\\`, and percent-encoded letters). A secret segment ends
 * where a path segment does (`/`, `\`, `?`, `#`, a quote, a space), so
 * `TOKEN.data` and `TOKEN.ics` go whole. A pattern may also match a path that
 * is not the route's (`/x/unsubscribe/abc`): redacting more is safe.
 */
import type { ServerBuild } from "react-router";
import { secretRoutes, type SecretRoute } from "./route-table";

export const REDACTED = "[redacted]";

/** Between two segments: what a client may send and the canonical redirect takes as one `/`. */
const SEPARATOR = String.raw`[/\\]+`;
/** A segment's value, up to where a path, a JSON string or a sentence ends it. */
const VALUE = String.raw`[^/\\?#"'\s<>]+`;

/** A letter of a static segment: itself, in any case (flag i), or percent-encoded. */
function literal(text: string): string {
  return text.replace(/./gsu, (char) => {
    const escaped = char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    if (!/^[A-Za-z0-9._~-]$/.test(char)) return escaped;
    const hex = char.charCodeAt(0).toString(16).padStart(2, "0");
    return `(?:${escaped}|%${hex})`;
  });
}

interface Pattern {
  regex: RegExp;
  /** For each capture group, in order: whether it is a secret value. */
  secret: boolean[];
}

/** A route's path as a pattern, up to its last secret segment; null when it has none. */
function patternOf(route: SecretRoute): Pattern | null {
  const secret: boolean[] = [];
  const pieces: string[] = [];
  let lastSecret = -1;
  for (const raw of route.path.split("/").filter(Boolean)) {
    if (raw === "*") break;
    const optional = raw.endsWith("?");
    const segment = optional ? raw.slice(0, -1) : raw;
    const name = segment.startsWith(":") ? segment.slice(1) : null;
    const isSecret = name !== null && route.secretParams.includes(name);
    const value = name === null ? literal(segment) : VALUE;
    pieces.push(`${optional ? "(?:" : ""}(${SEPARATOR})(${value})${optional ? ")?" : ""}`);
    secret.push(false, isSecret);
    if (isSecret) lastSecret = pieces.length;
  }
  if (lastSecret < 0) return null;
  return {
    regex: new RegExp(pieces.slice(0, lastSecret).join(""), "gi"),
    secret: secret.slice(0, lastSecret * 2),
  };
}

/** Replaces the secret segments of every route's path found in `line`. */
function redactWith(patterns: readonly Pattern[], line: string): string {
  let text = line;
  for (const { regex, secret } of patterns) {
    text = text.replace(regex, (...args: unknown[]) =>
      secret
        .map((isSecret, i) => {
          const group = args[i + 1];
          if (typeof group !== "string") return "";
          return isSecret ? REDACTED : group;
        })
        .join(""),
    );
  }
  return text;
}

/** A log line with every declared key replaced by `[redacted]`. */
export type LineRedactor = (line: string) => string;

/** The redactor for the build's routes (each declaring route, in every language it is under). */
export function secretPathRedactor(build: Pick<ServerBuild, "routes">): LineRedactor {
  const seen = new Set<string>();
  const patterns = secretRoutes(build)
    .map(patternOf)
    .filter((pattern): pattern is Pattern => pattern !== null)
    .filter((pattern) => !seen.has(pattern.regex.source) && seen.add(pattern.regex.source));
  return (line) => redactWith(patterns, line);
}
