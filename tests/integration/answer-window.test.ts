/**
 * A chosen pro's 48 hours to answer (issue 33), with the outbox worker's
 * clock moved, never slept: the reminder at 24 h to a pro still waiting
 * only, "no answer" at 48 h, the homeowner's email and freed place, the
 * pro's lost access; on PGlite and PostgreSQL. On PostgreSQL, two workers on
 * two connection pools (two instances) end each deadline once.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/features/marketplace/answer-deadline.server";
import { ANSWER_REMINDER_HOURS, ANSWER_WINDOW_HOURS } from "~/features/marketplace/limits";
import { requestForPro } from "~/features/marketplace/inbox.server";
import { projectFor } from "~/features/marketplace/project.server";
import { canChooseMore } from "~/features/marketplace/project-view";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { IllegalStep } from "~/features/marketplace/states";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { openDatabase, type Database } from "~/lib/db.server";
import { outboxJobs, requestPros } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { recordingOutboxWorker } from "../support/factories";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  partOf,
  refused,
} from "../support/marketplace-factories";

const HOUR = 60 * 60 * 1000;
const SITE = delivery.mail.siteUrl;

/** An outbox worker whose clock the test holds, recording what it sends. */
function workerAt(db: Database, clock: { now: Date }) {
  /** The businesses whose public pages the jobs announced stale. */
  const stale: string[] = [];
  const { worker, sent } = recordingOutboxWorker(db, {
    mail: delivery.mail,
    stale: (businessIds) => {
      stale.push(...businessIds);
      return Promise.resolve();
    },
    now: () => clock.now,
    // A retry waits a minute of the test's clock: a pass never meets its own retries.
    retryBaseMs: 60_000,
  });
  // Passes until nothing is due (a pass stops after one batch when the worker is not started).
  const drain = async () => {
    let handled = 0;
    for (let pass = 0; pass < 20; pass++) {
      const jobs = await worker.runOnce();
      handled += jobs;
      if (jobs === 0) break;
    }
    return handled;
  };
  return { worker: { runOnce: drain }, sent, stale };
}

/** A request sent at `at` to `businesses`. */
async function sentAt(
  db: Database,
  homeowner: Actor,
  businesses: { id: string; name: string }[],
  at: Date,
) {
  const leadId = await createRequest(db, homeowner);
  await sendToPros(
    db,
    homeowner,
    leadId,
    businesses.map((business) => business.id),
    consentFor(...businesses),
    { ...delivery, emailStatus: "pending", now: () => at },
  );
  return leadId;
}

const jobsOf = (db: Database, leadId: string) =>
  db.select().from(outboxJobs).where(eq(outboxJobs.leadId, leadId)).orderBy(outboxJobs.id);

describe.each(DATABASE_TARGETS)("the answer window on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("reminds at 24 h, ends at 48 h, frees the place and tells the homeowner once", async () => {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const people = await Promise.all(
      ["Ann", "Bo", "Cy", "Di"].map((name) => createPerson(db(), name)),
    );
    const [silent, quick, late, fourth] = await Promise.all(
      ["Silent Roofing", "Quick Roofing", "Late Roofing", "Fourth Roofing"].map((name, index) =>
        createBusiness(db(), people[index] ?? null, name),
      ),
    );
    if (!silent || !quick || !late || !fourth) throw new Error("businesses missing");
    const t0 = new Date();
    const leadId = await sentAt(db(), homeowner, [silent, quick, late], t0);
    // The new-request emails are due at the database's time, a moment after t0.
    const clock = { now: new Date(t0.getTime() + 1000) };
    const { worker, sent, stale } = workerAt(db(), clock);
    const at = (hours: number, minutes = 0) =>
      (clock.now = new Date(t0.getTime() + hours * HOUR + minutes * 60_000));

    // The part knows its deadline: 48 hours after it arrived.
    expect((await partOf(db(), leadId, silent.id))?.answerBy?.getTime()).toBe(
      t0.getTime() + ANSWER_WINDOW_HOURS * HOUR,
    );
    await worker.runOnce();
    expect(sent.map((mail) => mail.subject).sort()).toEqual([
      "New request: Roof Repair in Denver, CO 80202",
      "New request: Roof Repair in Denver, CO 80202",
      "New request: Roof Repair in Denver, CO 80202",
      // The homeowner hears which pros it went to (issue 43).
      "Your request was sent to Silent Roofing, Quick Roofing and Late Roofing",
    ]);
    sent.length = 0;

    // Quick accepts; nothing is due a minute before the reminder.
    await proStep(db(), people[1]?.userId ?? "", leadId, quick.id, { event: "accept" });
    at(ANSWER_REMINDER_HOURS - 1, 59);
    expect(await worker.runOnce()).toBe(0);
    expect(sent).toEqual([]);

    // At 24 h: the two pros still waiting are reminded, once; Quick is not.
    at(ANSWER_REMINDER_HOURS);
    await worker.runOnce();
    expect(sent.map((mail) => mail.to).sort()).toEqual(
      [`office-${silent.id}@example.com`, `office-${late.id}@example.com`].sort(),
    );
    expect(sent[0]?.subject).toBe("Reminder: Jordan L. is waiting for your answer");
    expect(sent[0]?.text).toContain("Please accept or decline within 24 hours.");
    sent.length = 0;
    at(ANSWER_REMINDER_HOURS + 1);
    await worker.runOnce();
    expect(sent).toEqual([]);

    // Late declines just inside its window; a minute before 48 h nothing ends.
    at(ANSWER_WINDOW_HOURS - 1);
    await proStep(
      db(),
      people[2]?.userId ?? "",
      leadId,
      late.id,
      {
        event: "decline",
        reason: "fully_booked",
      },
      delivery,
    );
    at(ANSWER_WINDOW_HOURS - 1, 59);
    await worker.runOnce();
    expect((await partOf(db(), leadId, silent.id))?.state).toBe("sent");
    expect(sent).toEqual([]);

    // At 48 h: Silent's part is "no answer"; the homeowner is told, once.
    expect(stale).toEqual([]);
    at(ANSWER_WINDOW_HOURS);
    await worker.runOnce();
    expect((await partOf(db(), leadId, silent.id))?.state).toBe("no_answer");
    // Its answer figures changed: its public pages are announced stale on every instance.
    expect(stale).toEqual([silent.id]);
    expect((await partOf(db(), leadId, quick.id))?.state).toBe("accepted");
    expect((await partOf(db(), leadId, late.id))?.state).toBe("declined");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: "jordan@example.com",
      subject: "Silent Roofing didn't answer within 48 hours",
    });
    for (const line of [
      "Silent Roofing didn't answer your request within 48 hours, so its place is free.",
      "Your request for Roof Repair in Denver, CO 80202 is still open with the other pros you chose.",
      `You can choose another pro in its place: ${SITE}/dashboard/projects/${leadId}/pros`,
    ]) {
      expect(sent[0]?.text).toContain(line);
    }
    sent.length = 0;
    at(ANSWER_WINDOW_HOURS + 5);
    await worker.runOnce();
    expect(sent).toEqual([]);

    // Each deadline job ran once or was dropped: none waits, none failed.
    const jobs = await jobsOf(db(), leadId);
    const deadlines = jobs.filter((job) => job.kind === "answer_deadline");
    expect(deadlines.map((job) => job.status)).toEqual(["sent"]);
    expect(jobs.filter((job) => job.kind === "no_answer_email")).toHaveLength(1);
    expect(jobs.some((job) => job.status === "pending" || job.status === "failed")).toBe(false);

    // The pro lost access: no details, no place, no answer any more.
    const owner = people[0]?.userId ?? "";
    const view = await requestForPro(db(), owner, leadId, silent.id);
    expect(view).toMatchObject({ state: "no_answer", details: null, place: null, contact: null });
    const refusal = await refused(proStep(db(), owner, leadId, silent.id, { event: "accept" }));
    expect(refusal).toBeInstanceOf(IllegalStep);

    // The homeowner sees it and may choose another pro in the freed places.
    const project = await projectFor(db(), { userId: homeowner.userId }, leadId);
    expect(project.parts.find((part) => part.contractorId === silent.id)?.state).toBe("no_answer");
    expect(canChooseMore(project)).toBe(true);
    await sendToPros(db(), homeowner, leadId, [fourth.id], consentFor(fourth), delivery);
    expect((await partOf(db(), leadId, fourth.id))?.state).toBe("sent");
  });

  it("a pro that answered meanwhile is left alone, and a job run early waits", async () => {
    const homeowner = await createPerson(db());
    const pro = await createPerson(db(), "Eve Pro");
    const business = await createBusiness(db(), pro, "Prompt Roofing");
    const t0 = new Date();
    const leadId = await sentAt(db(), homeowner, [business], t0);
    const clock = { now: new Date(t0.getTime() + ANSWER_WINDOW_HOURS * HOUR) };
    // The deadline job made due early (as if a clock were wrong): the part keeps waiting.
    await db()
      .update(requestPros)
      .set({ answerBy: new Date(t0.getTime() + 100 * HOUR) })
      .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, business.id)));
    const { worker } = workerAt(db(), clock);
    await worker.runOnce();
    expect((await partOf(db(), leadId, business.id))?.state).toBe("sent");
    const [deadline] = (await jobsOf(db(), leadId)).filter((job) => job.kind === "answer_deadline");
    expect(deadline?.status).toBe("pending");
    expect(deadline?.lastError).toBe("the answer window has not ended yet");
    // Answered, then the job comes due: nothing changes, the job is dropped.
    await proStep(db(), pro.userId, leadId, business.id, { event: "accept" });
    clock.now = new Date(t0.getTime() + 101 * HOUR);
    await worker.runOnce();
    expect((await partOf(db(), leadId, business.id))?.state).toBe("accepted");
    expect((await jobsOf(db(), leadId)).filter((job) => job.kind === "answer_deadline")).toEqual(
      [],
    );
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
const postgresTarget = DATABASE_TARGETS.find((target) => target.name === "postgresql");

describe.runIf(baseUrl && postgresTarget)("two instances on one PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = (await postgresTarget?.create()) as TestDatabase;
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("end each deadline once", async () => {
    const db = database.handle.db;
    const other = await openDatabase({ url: database.url ?? "", maxConnections: 4 });
    try {
      const t0 = new Date();
      const parts: { leadId: string; contractorId: string }[] = [];
      const pros = await Promise.all(
        Array.from({ length: 3 }, (_, index) => createPerson(db, `Pro ${index.toString()}`)),
      );
      const businesses = await Promise.all(
        pros.map((pro, index) => createBusiness(db, pro, `Twin Roofing ${index.toString()}`)),
      );
      for (let index = 0; index < 12; index++) {
        const homeowner = await createPerson(db, `Home ${index.toString()}`);
        const leadId = await sentAt(db, homeowner, businesses, t0);
        parts.push(...businesses.map((business) => ({ leadId, contractorId: business.id })));
      }
      const clock = { now: new Date(t0.getTime() + ANSWER_WINDOW_HOURS * HOUR) };
      const a = workerAt(db, clock);
      const b = workerAt(other.db, clock);
      await Promise.all([
        a.worker.runOnce(),
        b.worker.runOnce(),
        a.worker.runOnce(),
        b.worker.runOnce(),
      ]);
      await Promise.all([a.worker.runOnce(), b.worker.runOnce()]);
      const states = await Promise.all(
        parts.map((part) => partOf(db, part.leadId, part.contractorId)),
      );
      expect(states.every((part) => part?.state === "no_answer")).toBe(true);
      const sent = [...a.sent, ...b.sent];
      // One reminder per part, one homeowner email per part, and the new-request emails.
      const count = (prefix: string) =>
        sent.filter((mail) => mail.subject.startsWith(prefix)).length;
      // Past the deadline, a reminder that has not gone is pointless: none goes.
      expect(count("Reminder:")).toBe(0);
      expect(sent.filter((mail) => mail.subject.includes("didn't answer within"))).toHaveLength(
        parts.length,
      );
      expect(count("New request:")).toBe(parts.length);
      const jobs = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, "answer_deadline"));
      expect(jobs.map((job) => job.status)).toEqual(parts.map(() => "sent"));
    } finally {
      await other.close();
    }
  });
});
