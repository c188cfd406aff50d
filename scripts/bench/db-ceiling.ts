// The database's ceiling for `npm run bench:load`: single-row inserts per
// second through the app's own database layer (app/lib/db.server.ts: the same
// driver, and on PostgreSQL the same pool size as the server). Run by the
// bench with tsx before its server starts:
//   node --import tsx scripts/bench/db-ceiling.ts '{"url":…}' | '{"dataDir":…}'
// Prints one line of JSON: { insertsPerS, p50Ms, p99Ms, seconds, concurrency }.
// The rows it writes are deleted again.
import { randomUUID } from "node:crypto";
import { like } from "drizzle-orm";
import { openDatabase } from "../../app/lib/db.server";
import { leads } from "../../database/schema";

interface CeilingOptions {
  url?: string;
  dataDir?: string;
  seconds?: number;
  /** Inserts in flight at once: more than the pool, so the pool is what limits. */
  concurrency?: number;
}

const options = JSON.parse(process.argv[2] ?? "{}") as CeilingOptions;
const seconds = options.seconds ?? 5;
const concurrency = options.concurrency ?? 50;
const database = await openDatabase({ url: options.url, dataDir: options.dataDir });
await database.migrate();

const MARK = "Ceiling Row";
const durations: number[] = [];
const until = performance.now() + seconds * 1000;
const started = performance.now();

async function worker(): Promise<void> {
  while (performance.now() < until) {
    const begun = performance.now();
    // A lead's own row, as the lead path writes it (its indexes, its checks).
    await database.db.insert(leads).values({
      source: "home",
      name: `${MARK} ${randomUUID()}`,
      email: "ceiling@example.com",
      phone: "+13035550147",
      service: "roofing",
      postalCode: "80202",
      country: "US",
      details: "Ceiling run.",
      consentText: "Ceiling run.",
      consentAt: new Date(),
      idempotencyKey: `ceiling:${randomUUID()}`,
    });
    durations.push(performance.now() - begun);
  }
}

await Promise.all(Array.from({ length: concurrency }, () => worker()));
const elapsedS = (performance.now() - started) / 1000;
await database.db.delete(leads).where(like(leads.name, `${MARK} %`));
await database.close();

durations.sort((a, b) => a - b);
const at = (p: number) =>
  durations[Math.min(durations.length - 1, Math.floor(durations.length * p))] ?? 0;
console.log(
  JSON.stringify({
    insertsPerS: Math.round(durations.length / elapsedS),
    p50Ms: Math.round(at(0.5) * 10) / 10,
    p99Ms: Math.round(at(0.99) * 10) / 10,
    seconds: Math.round(elapsedS * 10) / 10,
    concurrency,
    kind: database.kind,
  }),
);
