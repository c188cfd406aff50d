// `wrk` (Debian's package), when it is installed: a load generator in C that
// counts a body's bytes and never decodes them. With a compressed body,
// autocannon's own decoding is the limit on these two cores (decision 012);
// wrk's rows measure the server. It is not a dependency (it is not in the npm
// registry): without it the bench leaves its rows out and says so.
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";

/** Whether wrk is on the PATH. */
export function wrkInstalled(): boolean {
  return !spawnSync("wrk", ["-v"]).error;
}

/** One of wrk's latency figures ("812.00us", "6.88ms", "1.02s") in milliseconds. */
function milliseconds(figure: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(figure);
  if (!match) return Number.NaN;
  const scale = match[2] === "us" ? 0.001 : match[2] === "ms" ? 1 : 1000;
  return Math.round(Number(match[1]) * scale * 100) / 100;
}

/** A row of the bench's throughput table. */
export interface ThroughputRow {
  "requests/s": number;
  "p50 ms": number;
  "p99 ms": number;
  errors: number;
}

/** Reads `wrk --latency`'s report: requests per second, p50 and p99, and every error. */
export function wrkRow(report: string): ThroughputRow {
  const figure = (pattern: RegExp) => pattern.exec(report)?.[1];
  const percentile = (p: number) =>
    milliseconds(figure(new RegExp(`^\\s*${p}%\\s+(\\S+)`, "m")) ?? "");
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    report,
  );
  return {
    "requests/s": Math.round(Number(figure(/^Requests\/sec:\s+([\d.]+)/m) ?? Number.NaN)),
    "p50 ms": percentile(50),
    "p99 ms": percentile(99),
    errors:
      (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0) +
      Number(figure(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
  };
}

/** Runs wrk on one thread (the server has the other core) and reads its report. */
export async function runWrk(options: {
  url: string;
  connections: number;
  seconds: number;
  encoding: string;
}): Promise<ThroughputRow> {
  const { url, connections, seconds, encoding } = options;
  const { stdout } = await promisify(execFile)("wrk", [
    "-t1",
    `-c${String(connections)}`,
    `-d${String(seconds)}s`,
    "--latency",
    "-H",
    `accept-encoding: ${encoding}`,
    url,
  ]);
  return wrkRow(stdout);
}
