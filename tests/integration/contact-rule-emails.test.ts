/**
 * Every email that reaches a pro keeps the contact rule (issue 42): a
 * homeowner who allowed "messages only" goes through every step that
 * emails a pro (a request sent to six businesses, the answer reminder, an
 * unread message, proposed times, a booking, a move, the reminders, a hire
 * (the hired pro told), "not chosen", a visit marked done, "Remove this
 * pro", "Not going ahead", a suspension (the business told)), with the outbox worker's clock moved; then each email to a
 * business is read whole (subject, body, headers, its invite) for their
 * email, their phone in any spelling and their surname. None is there.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/features/conversations/message-email.server";
import "~/features/marketplace/answer-deadline.server";
import "~/features/visits/visit-closing.server";
import { postMessage } from "~/features/conversations/post.server";
import { closeRequest, hire, removePro } from "~/features/marketplace/homeowner-steps.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { COMMAND_LINE } from "~/features/operator/audit.server";
import { suspendBusiness } from "~/features/operator/contractor-suspension.server";
import { freeSlotsOf } from "~/features/visits/visit-slots.server";
import { NOTICE_QUIET_MS } from "~/features/visits/visit-notices.server";
import {
  bookVisit,
  markVisit,
  pickVisitTime,
  proposeVisit,
  rescheduleVisit,
} from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import type { EmailMessage } from "~/lib/mail/email";
import { EMAIL_KINDS, outboxJobs, threads, type OutboxKind } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { recordingOutboxWorker } from "../support/factories";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  quoteInput,
} from "../support/marketplace-factories";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOMEOWNER = {
  name: "Jordan Quintero",
  email: "jq.private@example.net",
  phone: "+13035550199",
};
/** What a pro must never read of this homeowner: the email, the phone however written, the surname. */
const LEAKS = [/jq\.private@example\.net/i, /555\D{0,3}0199/, /quintero/i];

/**
 * The email kinds that never concern a homeowner's request to a pro: the
 * operator's inbox, the homeowner's own emails, a claim's code, a pause for
 * inactivity. Every other email kind must be met in the walk below.
 */
const NOT_TO_A_PRO_ABOUT_A_HOMEOWNER: readonly OutboxKind[] = [
  "business_email",
  "confirmation_email",
  "quote_email",
  "pro_unavailable_email",
  "no_answer_email",
  "request_sent_email",
  "pro_declined_email",
  "draft_expiry_email",
  "claim_code_email",
  "inactive_paused_email",
];

describe.each(DATABASE_TARGETS)("every email a pro gets, on $name", (target) => {
  let database: TestDatabase;
  let db: Database;
  /** Every email the workers composed when due (reminders, unread messages). */
  const composedWhenDue: EmailMessage[] = [];

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** Runs every job due by `at`, as a worker with that clock would, until none is left. */
  async function runUntil(at: Date) {
    const { worker, sent } = recordingOutboxWorker(db, { now: () => at, mail: delivery.mail });
    for (let pass = 0; pass < 20 && (await worker.runOnce()) > 0; pass++);
    composedWhenDue.push(...sent);
  }

  const at = (now: Date) => ({ ...delivery, emailStatus: "pending" as const, now: () => now });

  async function sentTo(homeowner: Actor, businesses: { id: string; name: string }[], now: Date) {
    const leadId = await createRequest(db, homeowner, {
      ...HOMEOWNER,
      preferredContact: "messages",
    });
    await sendToPros(
      db,
      homeowner,
      leadId,
      businesses.map((business) => business.id),
      consentFor(...businesses),
      at(now),
    );
    return leadId;
  }

  async function firstFree(businessId: string, from: Date): Promise<Date> {
    const { slots } = await freeSlotsOf(db, businessId, from, { limit: 1 });
    if (!slots[0]) throw new Error("no free slot");
    return slots[0].start;
  }

  it("walks a messages-only homeowner through every step that emails a pro", async () => {
    const t0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const homeowner = await createPerson(db, HOMEOWNER.name);
    const owners = await Promise.all(
      ["Ana", "Ben", "Cy", "Dee", "Eve", "Gus"].map((name) => createPerson(db, `${name} Pro`)),
    );
    const [a, b, c, d, e, g] = await Promise.all(owners.map((owner) => createBusiness(db, owner)));
    const [ownerA, ownerB, , ownerD, ownerE, ownerG] = owners;
    if (!a || !b || !c || !d || !e || !g || !ownerA || !ownerB || !ownerD || !ownerE || !ownerG) {
      throw new Error("the businesses were not made");
    }

    // A request to three pros; a day on, each is reminded to answer.
    const leadId = await sentTo(homeowner, [a, b, c], t0);
    await runUntil(new Date(t0.getTime() + 25 * HOUR));
    await proStep(db, ownerA.userId, leadId, a.id, { event: "accept" });
    await proStep(db, ownerB.userId, leadId, b.id, { event: "accept" });
    await saveQuote(db, ownerA.userId, leadId, a.id, quoteSchema.parse(quoteInput()), delivery);
    const [thread] = await db
      .select({ id: threads.id })
      .from(threads)
      .where(and(eq(threads.leadId, leadId), eq(threads.contractorId, a.id)));
    if (!thread) throw new Error("accepting opened no thread");
    const posted = await postMessage(db, { delivery: at(t0) }, homeowner, thread.id, {
      body: "Hello, is Tuesday possible?",
    });
    expect(posted.ok).toBe(true);

    // Ana proposes two times; the homeowner books Ben, with the street address, and picks one.
    let now = new Date(t0.getTime() + 26 * HOUR);
    const first = await firstFree(a.id, new Date(t0.getTime() + 3 * DAY));
    const second = new Date(first.getTime() + DAY);
    const visitA = await proposeVisit(
      db,
      ownerA.userId,
      { leadId, contractorId: a.id, starts: [first, second] },
      at(now),
    );
    const visitB = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: b.id, start: await firstFree(b.id, now), address: "12 Hidden Lane" },
      at(now),
    );
    await runUntil(new Date(now.getTime() + NOTICE_QUIET_MS));
    now = new Date(now.getTime() + HOUR);
    await pickVisitTime(
      db,
      homeowner,
      { visitId: visitA, start: first, address: "12 Hidden Lane" },
      at(now),
    );
    await runUntil(new Date(now.getTime() + NOTICE_QUIET_MS));
    // Ana moves it; the day before, both are reminded.
    now = new Date(now.getTime() + HOUR);
    const moved = await firstFree(a.id, new Date(second.getTime() + DAY));
    await rescheduleVisit(
      db,
      ownerA,
      { visitId: visitA, start: moved, reason: "Crew change" },
      at(now),
    );
    await runUntil(new Date(now.getTime() + NOTICE_QUIET_MS));
    await runUntil(new Date(moved.getTime() - 23 * HOUR));
    await runUntil(new Date(moved.getTime() - HOUR));
    // The homeowner hires Ana: Ben and Cy are not chosen, Ben's visit is cancelled.
    now = new Date(moved.getTime() - 30 * 60_000);
    await hire(db, homeowner.userId, leadId, a.id, at(now));
    await runUntil(new Date(now.getTime() + NOTICE_QUIET_MS));
    // After the visit, the homeowner marks it done; Ana is told.
    now = new Date(moved.getTime() + 2 * HOUR);
    await markVisit(db, homeowner, { visitId: visitA, outcome: "done" }, at(now));
    await runUntil(new Date(now.getTime() + NOTICE_QUIET_MS));
    expect(visitB).not.toBe(visitA);

    // Three more requests: Dee is removed, Eve's request is closed, Gus is suspended,
    // each with a visit booked.
    for (const [business, owner, end] of [
      [d, ownerD, "remove"],
      [e, ownerE, "close"],
      [g, ownerG, "suspend"],
    ] as const) {
      const sentAt = new Date(now.getTime() + HOUR);
      const other = await sentTo(homeowner, [business], sentAt);
      await proStep(db, owner.userId, other, business.id, { event: "accept" });
      const step = at(new Date(sentAt.getTime() + HOUR));
      await bookVisit(
        db,
        homeowner.userId,
        {
          leadId: other,
          contractorId: business.id,
          start: await firstFree(business.id, new Date(sentAt.getTime() + HOUR)),
          address: "12 Hidden Lane",
        },
        step,
      );
      await runUntil(new Date(sentAt.getTime() + HOUR + NOTICE_QUIET_MS));
      if (end === "remove") await removePro(db, homeowner, other, business.id, step);
      if (end === "close") await closeRequest(db, homeowner, other, "postponed", step);
      if (end === "suspend") {
        await suspendBusiness(db, COMMAND_LINE, delivery, business.id, "Licence lapsed", sentAt);
      }
      await runUntil(new Date(sentAt.getTime() + HOUR + 2 * NOTICE_QUIET_MS));
      now = sentAt;
    }

    const stored = await db
      .select({ kind: outboxJobs.kind, payload: outboxJobs.payload })
      .from(outboxJobs);
    const businessEmails = new Set(
      [a, b, c, d, e, g].map((business) => `office-${business.id}@example.com`),
    );
    // The stored emails, and those composed when due (the workers also sent stored ones: once each).
    const seen = new Set<string>();
    const emails: { kind: string; email: EmailMessage }[] = [
      ...stored
        .filter((job) => (EMAIL_KINDS as readonly string[]).includes(job.kind))
        .map((job) => ({ kind: job.kind, email: job.payload as EmailMessage })),
      ...composedWhenDue.map((email) => ({ kind: "composed when due", email })),
    ].filter(({ email }) => {
      const key = `${email.to}\n${email.subject}\n${email.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const toPros = emails.filter(({ email }) => businessEmails.has(email.to));
    for (const { kind, email } of toPros) {
      const whole = JSON.stringify(email);
      for (const leak of LEAKS) expect(whole, `${kind}: ${email.subject}`).not.toMatch(leak);
    }

    // Every kind that may reach a pro about a homeowner was met (a new kind fails here).
    const subjects = toPros.map(({ email }) => email.subject);
    const kindsToPros = new Set(
      stored
        .filter((job) => businessEmails.has((job.payload as Partial<EmailMessage>).to ?? ""))
        .map((job) => job.kind),
    );
    if (composedWhenDue.some((email) => email.subject.startsWith("Reminder: visit"))) {
      kindsToPros.add("visit_reminder_email");
    }
    if (
      composedWhenDue.some((email) => businessEmails.has(email.to) && /answer/i.test(email.subject))
    ) {
      kindsToPros.add("answer_reminder_email");
    }
    if (
      composedWhenDue.some(
        (email) => businessEmails.has(email.to) && /message/i.test(email.subject),
      )
    ) {
      kindsToPros.add("message_email");
    }
    const expected = EMAIL_KINDS.filter((kind) => !NOT_TO_A_PRO_ABOUT_A_HOMEOWNER.includes(kind));
    expect([...kindsToPros].sort(), subjects.join("\n")).toEqual([...expected].sort());
    // The visit emails to pros: booked, moved, reminded, cancelled four ways, marked done.
    for (const subject of [
      /^Visit booked/,
      /^Visit moved/,
      /^Visit cancelled/,
      /^Visit marked done/,
    ]) {
      expect(
        subjects.some((s) => subject.test(s)),
        String(subject),
      ).toBe(true);
    }
    const cancellations = toPros.filter(({ email }) => email.calendar?.method === "CANCEL");
    expect(cancellations.length).toBeGreaterThanOrEqual(4);
    // A pro off the job (not chosen, removed, on a closed request) gets no street address either.
    const offTheJob = new Set([b, d, e].map((business) => `office-${business.id}@example.com`));
    const offCancellations = cancellations.filter(({ email }) => offTheJob.has(email.to));
    expect(offCancellations).toHaveLength(3);
    for (const { email } of offCancellations) {
      expect(JSON.stringify(email)).not.toMatch(/Hidden Lane/);
    }
  });
});
