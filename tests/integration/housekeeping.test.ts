/**
 * Housekeeping (decisions 037, 038) with the clock moved: what is past its
 * retention goes, what is not stays, and a dry run deletes nothing while
 * counting the same rows; drafts nobody sent are announced once, then go
 * with their photos; the audit log's old rows leave only through its purge.
 * Then `npm run housekeeping -- --dry-run` itself.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { warnExpiringDrafts } from "~/features/marketplace/draft-expiry.server";
import { openDatabase, type Database } from "~/lib/db.server";
import type { EmailMessage } from "~/lib/mail/email";
import {
  AUDIT_LOG_KEPT_MONTHS,
  DAY_MS,
  DELIVERED_JOBS_KEPT_DAYS,
  DRAFT_KEPT_DAYS,
  DRAFT_WARNING_DAYS_BEFORE,
} from "~/lib/retention";
import {
  auditLog,
  businessClaims,
  contractors,
  leads,
  operatorLinks,
  outboxJobs,
  photos,
  sessions,
  users,
} from "../../database/schema";
import { runHousekeeping } from "../../server/housekeeping";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createPerson, createRequest, delivery } from "../support/marketplace-factories";
import { runCommandScript, type CommandResult } from "../support/operator";
import { freshDataDir } from "../support/server";

const NOW = new Date("2027-03-01T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const ENV = {
  SESSION_IDLE_HOURS: 24 * 14,
  DEMO_ACCOUNT_IDLE_HOURS: 24,
  SITE_URL: "https://trade-match.example",
  MAIL_FROM: undefined,
  LEADS_EMAIL_TO: undefined,
  SMTP_URL: undefined,
};

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
  auditLogRows: 0,
  expiredDrafts: 0,
  draftExpiryEmails: 0,
  inactiveBusinessesPaused: 0,
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
      auditLogRows: 0,
      expiredDrafts: 0,
      draftExpiryEmails: 0,
      inactiveBusinessesPaused: 0,
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
  describe("drafts nobody sent", () => {
    const START = new Date("2027-01-01T09:00:00Z");
    const at = (days: number) => new Date(START.getTime() + days * DAY_MS);
    const HOUR = 1 / 24;
    const WARN_AT = DRAFT_KEPT_DAYS - DRAFT_WARNING_DAYS_BEFORE;

    /** The draft steps' counts of a housekeeping run at `now`. */
    async function draftSteps(now: Date, dryRun = false) {
      const counts = await runHousekeeping(db(), ENV, { now, dryRun });
      return { expiredDrafts: counts.expiredDrafts, draftExpiryEmails: counts.draftExpiryEmails };
    }
    const nothing = { expiredDrafts: 0, draftExpiryEmails: 0 };

    async function expiryEmails(leadId: string) {
      const jobs = await db()
        .select({ status: outboxJobs.status, payload: outboxJobs.payload })
        .from(outboxJobs)
        .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "draft_expiry_email")));
      return jobs.map((job) => ({ status: job.status, email: job.payload as EmailMessage }));
    }

    async function startedAt(ids: string[], createdAt: Date) {
      await db().update(leads).set({ createdAt }).where(inArray(leads.id, ids));
    }

    it("emails an account holder once, 3 days before, then deletes the draft with its photos", async () => {
      const owner = await createPerson(db(), "Camille Roy");
      await db().update(users).set({ locale: "fr" }).where(eq(users.id, owner.userId));
      const draft = await createRequest(db(), owner);
      const anonymous = await createRequest(db(), owner);
      const sent = await createRequest(db(), owner, { status: "sent" });
      await db().update(leads).set({ userId: null }).where(eq(leads.id, anonymous));
      await startedAt([draft, anonymous], START);
      await startedAt([sent], at(-10));
      await db()
        .insert(photos)
        .values(
          [0, 1].map((position) => ({
            leadId: draft,
            position,
            webp: new Uint8Array([82, 73, 70, 70]),
            width: 1,
            height: 1,
          })),
        );

      expect(await draftSteps(at(WARN_AT - HOUR))).toEqual(nothing);
      expect(await draftSteps(at(WARN_AT), true)).toEqual({ ...nothing, draftExpiryEmails: 1 });
      expect(await expiryEmails(draft)).toEqual([]);
      expect(await draftSteps(at(WARN_AT))).toEqual({ ...nothing, draftExpiryEmails: 1 });
      // A second run (or a second instance) sends no second email.
      expect(await draftSteps(at(WARN_AT))).toEqual(nothing);
      expect(await draftSteps(at(WARN_AT + 1))).toEqual(nothing);
      const emails = await expiryEmails(draft);
      expect(emails).toHaveLength(1);
      const [{ status, email } = { status: "none", email: null }] = emails;
      expect(status).toBe("held"); // no SMTP_URL
      // To the account, in its language, with the page that still sends the draft.
      expect(email?.to).toBe(`${owner.userId}@example.com`);
      expect(email?.text).toContain(
        `https://trade-match.example/fr/dashboard/projects/${draft}/pros`,
      );
      expect(email?.subject).toContain("31 janv. 2027"); // START + 30 days, in French
      expect(email?.subject).toMatch(/^Votre brouillon/);
      expect(email?.text).toMatch(/^Bonjour Jordan,/); // the name on the request
      expect(await expiryEmails(anonymous)).toEqual([]);
      expect(await expiryEmails(sent)).toEqual([]);

      expect(await draftSteps(at(DRAFT_KEPT_DAYS - HOUR))).toEqual(nothing);
      expect(await draftSteps(at(DRAFT_KEPT_DAYS), true)).toEqual({ ...nothing, expiredDrafts: 2 });
      expect(await db().$count(leads, inArray(leads.id, [draft, anonymous]))).toBe(2);
      expect(await db().$count(photos, eq(photos.leadId, draft))).toBe(2);

      expect(await draftSteps(at(DRAFT_KEPT_DAYS))).toEqual({ ...nothing, expiredDrafts: 2 });
      // The sent request, 40 days old, stays; the drafts go with their photos and their email.
      const left = await db()
        .select({ id: leads.id })
        .from(leads)
        .where(inArray(leads.id, [draft, anonymous, sent]));
      expect(left).toEqual([{ id: sent }]);
      expect(await db().$count(photos, eq(photos.leadId, draft))).toBe(0);
      expect(await db().$count(outboxJobs, eq(outboxJobs.leadId, draft))).toBe(0);
      expect(await draftSteps(at(DRAFT_KEPT_DAYS + 10))).toEqual(nothing);
    });

    it("gives a late email its full notice: the draft goes 3 days after it", async () => {
      const owner = await createPerson(db(), "Jordan Lee");
      const draft = await createRequest(db(), owner);
      // The rule's first run finds a draft 40 days old, never announced.
      await startedAt([draft], at(-40));
      expect(await draftSteps(at(0))).toEqual({ ...nothing, draftExpiryEmails: 1 });
      const [sent] = await expiryEmails(draft);
      expect(sent?.email.subject).toBe(
        "Your draft request for Roof Repair in Denver, CO 80202 will be deleted on Jan 4, 2027",
      );
      expect(await draftSteps(at(DRAFT_WARNING_DAYS_BEFORE - HOUR))).toEqual(nothing);
      expect(await draftSteps(at(DRAFT_WARNING_DAYS_BEFORE))).toEqual({
        ...nothing,
        expiredDrafts: 1,
      });
      expect(await db().$count(leads, eq(leads.id, draft))).toBe(0);
    });

    it("announces a draft once when two instances run at the same time", async () => {
      const owner = await createPerson(db());
      const draft = await createRequest(db(), owner);
      await startedAt([draft], at(100));
      const now = at(100 + WARN_AT);
      const runs = await Promise.all([
        warnExpiringDrafts(db(), delivery, { now }),
        warnExpiringDrafts(db(), delivery, { now }),
      ]);
      expect(runs[0] + runs[1]).toBe(1);
      expect(await expiryEmails(draft)).toHaveLength(1);
    });
  });

  describe("the audit log", () => {
    /** Dated by the real clock: the database's own decides what is old enough. */
    const monthsAgo = (months: number) => {
      const date = new Date();
      date.setUTCMonth(date.getUTCMonth() - months);
      return date;
    };
    const entry = (at: Date, action = "test.entry") => ({
      at,
      actorEmail: "ops@example.com",
      action,
      subjectType: "test",
      subjectId: randomUUID(),
    });

    /** PostgreSQL's message when the statement is refused; "allowed" when it is not. */
    async function refusal(statement: Promise<unknown>): Promise<string> {
      const error: unknown = await statement.then(
        () => null,
        (caught: unknown) => caught,
      );
      if (!error) return "allowed";
      // drizzle wraps the database's error: its cause is PostgreSQL's own.
      const cause = error instanceof Error ? (error.cause ?? error) : error;
      return cause instanceof Error ? cause.message : JSON.stringify(cause);
    }

    const ids = async (...rows: { id: number }[]) =>
      (
        await db()
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(
            inArray(
              auditLog.id,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(auditLog.id)
      ).map((row) => row.id);

    let old: { id: number };
    let recent: { id: number };

    it("refuses any other way out: UPDATE, DELETE, TRUNCATE, the setting by hand, a recent purge", async () => {
      [old = { id: 0 }, recent = { id: 0 }] = await db()
        .insert(auditLog)
        .values([
          entry(monthsAgo(AUDIT_LOG_KEPT_MONTHS + 1)),
          entry(monthsAgo(AUDIT_LOG_KEPT_MONTHS - 1)),
        ])
        .returning({ id: auditLog.id });
      for (const statement of [
        sql`delete from audit_log where id = ${old.id}`,
        sql`update audit_log set action = 'changed' where id = ${old.id}`,
        sql`truncate audit_log`,
      ])
        expect(await refusal(db().execute(statement))).toMatch(/append-only/);

      // The purge's setting set by hand, naming no purge of this transaction.
      expect(
        await refusal(
          db().transaction(async (tx) => {
            await tx.execute(
              sql`select set_config('tradematch.audit_purge', ${String(old.id)}, true)`,
            );
            await tx.delete(auditLog).where(eq(auditLog.id, old.id));
          }),
        ),
      ).toMatch(/append-only/);
      // A purge row forged by hand still lets no row go that the purge would keep.
      expect(
        await refusal(
          db().transaction(async (tx) => {
            const [forged] = await tx
              .insert(auditLog)
              .values({ ...entry(new Date(), "audit_log.purge"), at: sql`now()` })
              .returning({ id: auditLog.id });
            await tx.execute(
              sql`select set_config('tradematch.audit_purge', ${String(forged?.id)}, true)`,
            );
            await tx.delete(auditLog).where(eq(auditLog.id, recent.id));
          }),
        ),
      ).toMatch(/append-only/);
      // The purge itself refuses to reach rows younger than the retention.
      expect(
        await refusal(
          db().execute(
            sql`select purge_audit_log(now() - make_interval(months => ${AUDIT_LOG_KEPT_MONTHS - 1}))`,
          ),
        ),
      ).toMatch(/keeps 24 months/);
      expect(await ids(old, recent)).toEqual([old.id, recent.id]);
    });

    it("lets rows past the retention go through the purge, which writes its own row", async () => {
      const count = () => db().$count(auditLog);
      const rows = await count();
      expect(
        (await runHousekeeping(db(), ENV, { now: new Date(), dryRun: true })).auditLogRows,
      ).toBe(1);
      expect(await count()).toBe(rows);

      expect((await runHousekeeping(db(), ENV, { now: new Date() })).auditLogRows).toBe(1);
      expect(await ids(old, recent)).toEqual([recent.id]);
      const purges = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "audit_log.purge"));
      expect(purges).toHaveLength(1);
      expect(purges[0]?.actorEmail).toBe("housekeeping");
      expect(purges[0]?.after).toMatchObject({ deleted: 1 });

      // Nothing due: nothing goes, and no row says otherwise. A clock ahead of the database's
      // purges no more than the database's retention allows.
      expect((await runHousekeeping(db(), ENV, { now: new Date() })).auditLogRows).toBe(0);
      expect((await runHousekeeping(db(), ENV, { now: NOW })).auditLogRows).toBe(0);
      expect(await ids(recent)).toEqual([recent.id]);
      expect(await db().$count(auditLog, eq(auditLog.action, "audit_log.purge"))).toBe(1);
    });
  });
});

describe("the audit log's retention in SQL", () => {
  it("is AUDIT_LOG_KEPT_MONTHS, as retention.ts says", () => {
    for (const file of ["audit-log-append-only.sql", "audit-log-purge.sql"]) {
      const text = readFileSync(
        path.resolve(import.meta.dirname, "../../database/sql", file),
        "utf8",
      );
      const periods = [...text.matchAll(/interval '(\d+) months'/g)].map((match) => match[1]);
      expect(periods.length, file).toBeGreaterThan(0);
      expect(new Set(periods), file).toEqual(new Set([String(AUDIT_LOG_KEPT_MONTHS)]));
    }
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
    expect(result.stdout).toMatch(/^\s+0\s+audit log rows/m);
    expect(result.stdout).toMatch(/^\s+0\s+drafts nobody sent/m);
    expect(result.stdout).toMatch(/^\s+0\s+draft expiry emails/m);
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
