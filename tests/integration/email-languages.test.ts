/**
 * Every email in its reader's language, by one rule (issue 43, item 9). A
 * homeowner who reads French (their account's language) sends a request
 * from an English page; the businesses read Spanish (contractors.locale)
 * though their owners' accounts are English. The walk takes every step
 * that emails anyone (a request, its confirmation, its pros, a reminder, a
 * decline, messages, proposed times, a booking, the visit's reminders, a
 * hire, not chosen, no answer, a closed request, a suspension, a draft
 * about to go, a pause, a claim's code), with the outbox worker's clock
 * moved and its emails sent through an SMTP server the test starts. Then
 * each email, as received, is read line by line against the catalogues:
 * its subject and at least one line of it are French (or Spanish), and no
 * line is the English of a translated message. Every kind of EMAIL_KINDS
 * must be met: a kind added later fails here until the walk covers it.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/features/conversations/message-email.server";
import "~/features/marketplace/answer-deadline.server";
import "~/features/visits/visit-closing.server";
import "~/features/visits/visit-notices.server";
import "~/features/visits/visit-reminders.server";
import { startClaim } from "~/features/contractors/claims.server";
import { postMessage } from "~/features/conversations/post.server";
import { QUOTE_LEAD } from "~/features/leads/lead-forms.server";
import { submitLead } from "~/features/leads/leads.server";
import { warnExpiringDrafts } from "~/features/marketplace/draft-expiry.server";
import { closeRequest, hire } from "~/features/marketplace/homeowner-steps.server";
import { pauseInactiveBusinesses } from "~/features/marketplace/inactivity.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { COMMAND_LINE } from "~/features/operator/audit.server";
import { suspendBusiness } from "~/features/operator/contractor-suspension.server";
import { NOTICE_QUIET_MS } from "~/features/visits/visit-notices.server";
import { freeSlotsOf } from "~/features/visits/visit-slots.server";
import { pickVisitTime, proposeVisit } from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import { DAY_MS } from "~/lib/retention";
import {
  contractors,
  EMAIL_KINDS,
  leads,
  threads,
  users,
  type OutboxKind,
  type TASK_KINDS,
} from "../../database/schema";
import { languageProblems, templatesOf } from "../support/email-language";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { quoteFields, splitFormKey, testServices } from "../support/factories";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  quoteInput,
} from "../support/marketplace-factories";
import { startSmtpServer } from "../support/receivers";
import { smtpOutbox } from "../support/smtp-outbox";

type EmailKind = Exclude<OutboxKind, "webhook" | (typeof TASK_KINDS)[number]>;

/**
 * Who reads each kind: the homeowner, a business, the operator's inbox, or
 * either side (by its address). A new kind is a type error here until it is
 * given its reader, and a failure below until the walk meets it.
 */
const READER: Record<EmailKind, "homeowner" | "business" | "operator" | "either"> = {
  business_email: "operator",
  confirmation_email: "homeowner",
  pro_request_email: "business",
  quote_email: "homeowner",
  not_chosen_email: "business",
  claim_code_email: "business",
  pro_unavailable_email: "homeowner",
  message_email: "either",
  answer_reminder_email: "business",
  no_answer_email: "homeowner",
  request_closed_email: "business",
  draft_expiry_email: "homeowner",
  inactive_paused_email: "business",
  visit_email: "either",
  visit_reminder_email: "either",
  hired_email: "business",
  request_sent_email: "homeowner",
  pro_declined_email: "homeowner",
  business_suspended_email: "business",
};

const HOUR = 3_600_000;
const HOMEOWNER_EMAIL = "camille.tremblay@example.fr";
const OPERATOR_INBOX = "leads@trade-match.example";

describe.each(DATABASE_TARGETS)("every email in its reader's language, on $name", (target) => {
  let database: TestDatabase;
  let db: Database;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let outbox: ReturnType<typeof smtpOutbox>;
  const deliverDue = (at: Date) => outbox.deliverDue(at);

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
    smtp = await startSmtpServer();
    outbox = smtpOutbox(db, smtp, delivery.mail);
  });
  afterAll(async () => {
    await database.dispose();
    await smtp.close();
  });

  /** A step at `now`, its emails sent through SMTP (pending, not held). */
  const at = (now: Date) => ({ ...delivery, emailStatus: "pending" as const, now: () => now });

  async function spanishBusiness(name: string) {
    const owner = await createPerson(db, `${name} Owner`);
    const business = await createBusiness(db, owner, name);
    await db.update(contractors).set({ locale: "es" }).where(eq(contractors.id, business.id));
    return { owner, business };
  }

  async function sentTo(
    homeowner: Actor,
    businesses: { id: string; name: string }[],
    now: Date,
  ): Promise<string> {
    const leadId = await createRequest(db, homeowner, {
      name: "Camille Tremblay",
      email: HOMEOWNER_EMAIL,
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

  it("walks every kind of email, each to its reader in their language", async () => {
    const t0 = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    const later = (hours: number) => new Date(t0.getTime() + hours * HOUR);

    // A homeowner whose account reads French; what they send is sent from English pages.
    const homeowner = await createPerson(db, "Camille Tremblay");
    await db.update(users).set({ locale: "fr" }).where(eq(users.id, homeowner.userId));

    // The first form: the operator's inbox (English) and the homeowner's confirmation.
    const services = testServices(database.handle, {
      SMTP_URL: smtp.url,
      LEADS_EMAIL_TO: OPERATOR_INBOX,
      RATE_LIMIT_MAX: "1000",
    });
    const { formKey, form } = splitFormKey(quoteFields({ email: HOMEOWNER_EMAIL }));
    const taken = await submitLead({
      services,
      clientAddress: homeowner.clientAddress,
      userAgent: homeowner.userAgent,
      leadForm: QUOTE_LEAD,
      form,
      formKey,
      context: { userId: homeowner.userId },
      locale: "en",
    });
    expect(taken.status).toBe("created");

    const [a, b, c, d, e, f, g] = await Promise.all(
      ["Alba", "Brisa", "Cielo", "Duna", "Estela", "Flora", "Gala"].map((name) =>
        spanishBusiness(`${name} Techos`),
      ),
    );
    if (!a || !b || !c || !d || !e || !f || !g) throw new Error("the businesses were not made");

    // Three requests: to A, B and C; to D, E and F; to G.
    const first = await sentTo(homeowner, [a.business, b.business, c.business], t0);
    const second = await sentTo(homeowner, [d.business, e.business, f.business], t0);
    const third = await sentTo(homeowner, [g.business], t0);
    for (const { owner, business } of [a, b]) {
      await proStep(db, owner.userId, first, business.id, { event: "accept" });
      await saveQuote(
        db,
        owner.userId,
        first,
        business.id,
        quoteSchema.parse(quoteInput()),
        at(t0),
      );
    }
    await proStep(db, f.owner.userId, second, f.business.id, { event: "accept" });
    await proStep(db, g.owner.userId, third, g.business.id, { event: "accept" });
    await proStep(
      db,
      d.owner.userId,
      second,
      d.business.id,
      { event: "decline", reason: "fully_booked" },
      at(t0),
    );

    // Each side writes in the conversation; the other has not read it five minutes on.
    const [thread] = await db
      .select({ id: threads.id })
      .from(threads)
      .where(and(eq(threads.leadId, first), eq(threads.contractorId, a.business.id)));
    if (!thread) throw new Error("accepting opened no thread");
    for (const [author, body] of [
      [homeowner, "Bonjour, est-ce possible mardi?"],
      [a.owner, "Sí, el martes por la mañana."],
    ] as const) {
      const posted = await postMessage(db, { delivery: at(t0) }, author, thread.id, { body });
      expect(posted.ok).toBe(true);
    }

    // A proposes two times (the email that once went in English); the homeowner picks one.
    const { slots } = await freeSlotsOf(db, a.business.id, later(72), { limit: 2 });
    const [one, two] = slots.map((slot) => slot.start);
    if (!one || !two) throw new Error("no free slots");
    const visit = await proposeVisit(
      db,
      a.owner.userId,
      { leadId: first, contractorId: a.business.id, starts: [one, two] },
      at(t0),
    );
    await deliverDue(new Date(t0.getTime() + Math.max(NOTICE_QUIET_MS, 6 * 60_000)));
    await pickVisitTime(db, homeowner, { visitId: visit, start: one }, at(later(1)));
    await deliverDue(new Date(later(1).getTime() + NOTICE_QUIET_MS));

    // A day on, C and E are reminded to answer; then the homeowner hires A (C never answered).
    await deliverDue(later(25));
    await hire(db, homeowner.userId, first, a.business.id, at(later(26)));
    await deliverDue(new Date(later(26).getTime() + NOTICE_QUIET_MS));
    // E never answers; the homeowner then closes the second request; G is suspended.
    await deliverDue(later(49));
    await closeRequest(db, homeowner, second, "postponed", at(later(50)));
    await suspendBusiness(
      db,
      COMMAND_LINE,
      at(later(50)),
      g.business.id,
      "Seguro vencido",
      later(50),
    );
    await deliverDue(new Date(later(50).getTime() + NOTICE_QUIET_MS));
    // The visit's reminders, a day and two hours before.
    await deliverDue(new Date(one.getTime() - 23 * HOUR));
    await deliverDue(new Date(one.getTime() - HOUR));

    // A draft about to go, a business paused for inactivity, a claim's code.
    const draft = await createRequest(db, homeowner, { email: HOMEOWNER_EMAIL });
    await db
      .update(leads)
      .set({ createdAt: new Date(t0.getTime() - 28 * DAY_MS) })
      .where(eq(leads.id, draft));
    expect(await warnExpiringDrafts(db, at(t0), { now: t0 })).toBe(1);
    const idle = await spanishBusiness("Hiedra Techos");
    await db
      .update(users)
      .set({ lastActiveAt: new Date(t0.getTime() - 100 * DAY_MS) })
      .where(eq(users.id, idle.owner.userId));
    expect(await pauseInactiveBusinesses(db, at(t0), { now: t0 })).toBe(1);
    const unclaimed = await createBusiness(db, null, "Iris Techos");
    const claimant = await createPerson(db, "Inés Claimant");
    const claim = await startClaim(
      db,
      at(t0),
      claimant.userId,
      `business-${unclaimed.id}`,
      t0,
      "es",
    );
    expect(claim.ok).toBe(true);
    await deliverDue(new Date(one.getTime() - HOUR));

    // Every kind met, each by its reader.
    const [french, spanish] = await Promise.all([templatesOf("fr"), templatesOf("es")]);
    const homeownerAddresses = new Set([HOMEOWNER_EMAIL, `${homeowner.userId}@example.com`]);
    const readerOf = (to: string): string =>
      homeownerAddresses.has(to)
        ? "homeowner"
        : to === OPERATOR_INBOX
          ? "operator"
          : /^office-.+@example\.com$/.test(to)
            ? "business"
            : "nobody we know";
    const problems = outbox.received.flatMap(({ kind, mail }) => {
      const reader = readerOf(mail.to[0] ?? "");
      const expected = READER[kind as EmailKind] as string | undefined;
      const language = { homeowner: french, business: spanish }[reader] ?? null;
      const wrong = [
        ...(expected !== "either" && expected !== reader ? ["not its reader"] : []),
        ...languageProblems(mail, language, [french, spanish]),
      ];
      return wrong.map((problem) => `${kind} to ${reader} "${mail.subject}": ${problem}`);
    });
    expect(problems).toEqual([]);
    const met = new Set(outbox.received.map((email) => email.kind));
    expect([...met].sort()).toEqual([...EMAIL_KINDS].sort());
    expect(Object.keys(READER).sort()).toEqual([...EMAIL_KINDS].sort());
  });
});
