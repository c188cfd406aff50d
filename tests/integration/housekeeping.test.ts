/**
 * Housekeeping (decision 037) with the clock moved: what is past its
 * retention goes, what is not stays, and a dry run deletes nothing while
 * counting the same rows. Then `npm run housekeeping -- --dry-run` itself.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { DAY_MS, DELIVERED_JOBS_KEPT_DAYS } from "~/lib/retention";
import {
  businessClaims,
  contractors,
  operatorLinks,
  outboxJobs,
  sessions,
  users,
} from "../../database/schema";
import { runHousekeeping } from "../../server/housekeeping";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { runCommandScript, type CommandResult } from "../support/operator";
import { freshDataDir } from "../support/server";

const NOW = new Date("2027-03-01T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const ENV = { SESSION_IDLE_HOURS: 24 * 14, DEMO_ACCOUNT_IDLE_HOURS: 24 };

/** Rows on both sides of every rule; returns the ids of what must stay. */
async function seedRows(db: Database) {
  const [user] = await db
    .insert(users)
    .values({
      email: `${randomUUID()}@example.com`,
      name: "Kept",
      provider: "test",
      subject: randomUUID(),
    })
    .returning();
  if (!user) throw new Error("no user");
  const business = async (slug: string) => {
    const [row] = await db
      .insert(contractors)
      .values({
        slug,
        name: slug,
        description: "",
        rating: 4.5,
        reviewCount: 0,
        features: [],
        phone: "+13035550147",
        email: `${slug}@example.com`,
        address: "",
        gallery: [],
        categories: [],
        citySlugs: [],
      })
      .returning();
    if (!row) throw new Error("no contractor");
    return row;
  };
  const job = (status: "sent" | "failed" | "resolved" | "pending", days: number) => ({
    kind: "confirmation_email" as const,
    status,
    payload: {},
    createdAt: daysAgo(days + 1),
    updatedAt: daysAgo(days),
  });
  const jobs = await db
    .insert(outboxJobs)
    .values([
      job("sent", DELIVERED_JOBS_KEPT_DAYS + 1),
      job("resolved", DELIVERED_JOBS_KEPT_DAYS + 1),
      job("sent", DELIVERED_JOBS_KEPT_DAYS - 1),
      job("failed", 90),
      job("pending", 90),
    ])
    .returning({ id: outboxJobs.id });
  await db.insert(sessions).values([
    {
      tokenHash: `expired-${randomUUID()}`,
      userId: user.id,
      lastSeenAt: daysAgo(1),
      expiresAt: daysAgo(0.5),
    },
    {
      tokenHash: `idle-${randomUUID()}`,
      userId: user.id,
      lastSeenAt: daysAgo(15),
      expiresAt: daysAgo(-15),
    },
    {
      tokenHash: `live-${randomUUID()}`,
      userId: user.id,
      lastSeenAt: daysAgo(1),
      expiresAt: daysAgo(-29),
    },
  ]);
  const [expired, live] = [
    await business(`hk-expired-${randomUUID()}`),
    await business(`hk-live-${randomUUID()}`),
  ];
  await db.insert(businessClaims).values([
    { contractorId: expired.id, userId: user.id, codeHash: "x", expiresAt: daysAgo(1 / 96) },
    { contractorId: live.id, userId: user.id, codeHash: "y", expiresAt: daysAgo(-1 / 96) },
  ]);
  await db.insert(operatorLinks).values([
    {
      tokenHash: `used-${randomUUID()}`,
      userId: user.id,
      expiresAt: daysAgo(1),
      usedAt: daysAgo(1.01),
    },
    { tokenHash: `unused-${randomUUID()}`, userId: user.id, expiresAt: daysAgo(1 / 96) },
    { tokenHash: `live-${randomUUID()}`, userId: user.id, expiresAt: daysAgo(-1 / 96) },
  ]);
  return { keptJobs: jobs.slice(2).map((row) => row.id), liveClaim: live.id };
}

const EXPECTED = {
  expiredSessions: 2,
  deliveredOutboxJobs: 2,
  expiredClaimCodes: 1,
  expiredOperatorLinks: 2,
};

describe.each(DATABASE_TARGETS)("housekeeping on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("counts in a dry run what a run then deletes, and keeps the rest", async () => {
    const { keptJobs, liveClaim } = await seedRows(db());

    const dry = await runHousekeeping(db(), ENV, { now: NOW, dryRun: true });
    expect(dry).toEqual(EXPECTED);
    expect(await db().$count(outboxJobs)).toBe(5);
    expect(await db().$count(sessions)).toBe(3);
    expect(await db().$count(businessClaims)).toBe(2);
    expect(await db().$count(operatorLinks)).toBe(3);

    const done = await runHousekeeping(db(), ENV, { now: NOW });
    expect(done).toEqual({ ...EXPECTED, idleDemoAccounts: 0 });

    const jobs = await db()
      .select({ id: outboxJobs.id, status: outboxJobs.status })
      .from(outboxJobs);
    expect(jobs.map((row) => row.id).sort()).toEqual([...keptJobs].sort());
    expect(jobs.map((row) => row.status).sort()).toEqual(["failed", "pending", "sent"]);
    const left = await db().select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(left.map((row) => row.tokenHash.split("-")[0])).toEqual(["live"]);
    const claims = await db().select({ id: businessClaims.contractorId }).from(businessClaims);
    expect(claims).toEqual([{ id: liveClaim }]);
    const links = await db().select({ tokenHash: operatorLinks.tokenHash }).from(operatorLinks);
    expect(links.map((row) => row.tokenHash.split("-")[0])).toEqual(["live"]);

    // Idempotent: a second instance running it finds nothing left.
    expect(await runHousekeeping(db(), ENV, { now: NOW })).toEqual({
      expiredSessions: 0,
      deliveredOutboxJobs: 0,
      expiredClaimCodes: 0,
      expiredOperatorLinks: 0,
      idleDemoAccounts: 0,
    });
  });

  it("stamps updated_at when a job's status changes, not otherwise", async () => {
    const [job] = await db()
      .insert(outboxJobs)
      .values({ kind: "confirmation_email", payload: {}, updatedAt: daysAgo(0) })
      .returning();
    if (!job) throw new Error("no job");
    const [touched] = await db()
      .update(outboxJobs)
      .set({ attempts: 1 })
      .where(eq(outboxJobs.id, job.id))
      .returning();
    expect(touched?.updatedAt).toEqual(NOW);
    const [sent] = await db()
      .update(outboxJobs)
      .set({ status: "sent" })
      .where(eq(outboxJobs.id, job.id))
      .returning();
    expect(sent?.updatedAt.getTime()).toBeLessThan(NOW.getTime());
    expect(Math.abs((sent?.updatedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});

function runHousekeepingCommand(
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  return runCommandScript("scripts/housekeeping.mjs", args, env, 60_000);
}

describe("npm run housekeeping -- --dry-run on the embedded database", () => {
  const data = freshDataDir();
  afterAll(() => data.remove());

  it("prints what would go per kind and deletes nothing", async () => {
    // Dated from the real clock: the command runs with today's.
    const handle = await openDatabase({ dataDir: data.dir });
    await handle.migrate();
    const [user] = await handle.db
      .insert(users)
      .values({ email: "hk@example.com", name: "HK", provider: "test", subject: randomUUID() })
      .returning();
    if (!user) throw new Error("no user");
    const old = new Date(Date.now() - (DELIVERED_JOBS_KEPT_DAYS + 1) * DAY_MS);
    await handle.db.insert(outboxJobs).values([
      { kind: "confirmation_email", status: "sent", payload: {}, updatedAt: old },
      { kind: "confirmation_email", status: "failed", payload: {}, updatedAt: old },
    ]);
    await handle.db.insert(sessions).values({
      tokenHash: "expired-cli",
      userId: user.id,
      expiresAt: new Date(Date.now() - 60_000),
    });
    await handle.close();

    const result = await runHousekeepingCommand(["--dry-run"], { DATA_DIR: data.dir });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Would delete (dry run, nothing deleted):");
    expect(result.stdout).toMatch(/^\s+1\s+delivered outbox jobs/m);
    expect(result.stdout).toMatch(/^\s+1\s+expired or idle sessions/m);
    expect(result.stdout).not.toContain("demo accounts");

    const after = await openDatabase({ dataDir: data.dir });
    try {
      expect(await after.db.$count(outboxJobs)).toBe(2);
      expect(await after.db.$count(sessions)).toBe(1);
    } finally {
      await after.close();
    }
  });
});
