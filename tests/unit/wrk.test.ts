import { describe, expect, it } from "vitest";
import { wrkRow } from "../../scripts/bench/wrk";

// Reports as wrk 4.1 (Debian's package) printed them against this site.
const CLEAN = `Running 2s test @ http://127.0.0.1:4400/roofing
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     8.03ms    8.07ms 150.78ms   97.95%
    Req/Sec     6.82k     0.86k    8.37k    65.00%
  Latency Distribution
     50%    7.09ms
     75%    8.22ms
     90%    9.82ms
     99%   41.00ms
  13570 requests in 2.00s, 220.33MB read
Requests/sec:   6774.86
Transfer/sec:    110.00MB
`;

const FAILING = `Running 1s test @ http://127.0.0.1:4400/nope-nope/x
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    23.29ms   10.56ms  69.06ms   79.11%
    Req/Sec   216.40     63.07   300.00     70.00%
  Latency Distribution
     50%  812.00us
     75%   28.56ms
     90%   36.63ms
     99%    1.02s
  216 requests in 1.00s, 6.45MB read
  Socket errors: connect 0, read 3, write 0, timeout 2
  Non-2xx or 3xx responses: 216
Requests/sec:    215.62
Transfer/sec:      6.44MB
`;

describe("reading wrk's report", () => {
  it("takes requests per second and the median and 99th percentile latencies", () => {
    expect(wrkRow(CLEAN)).toEqual({ "requests/s": 6775, "p50 ms": 7.09, "p99 ms": 41, errors: 0 });
  });

  it("converts microseconds and seconds, and counts socket errors and error statuses", () => {
    expect(wrkRow(FAILING)).toEqual({
      "requests/s": 216,
      "p50 ms": 0.81,
      "p99 ms": 1020,
      errors: 221,
    });
  });

  it("gives no figures rather than wrong ones when the report is not wrk's", () => {
    const row = wrkRow("wrk: command failed");
    expect(row["requests/s"]).toBeNaN();
    expect(row["p99 ms"]).toBeNaN();
  });
});
