/**
 * The answer window's two jobs when they come due (answer-window.ts queues
 * them with the request): the pro's reminder, and the deadline that turns a
 * part still unanswered into "no answer", frees the homeowner's place and
 * tells them. The outbox claims each job for one worker at a time (FOR
 * UPDATE SKIP LOCKED); each handler acts only on a part still waiting, in a
 * transaction that locks the request's row like every other step, so a job
 * run twice (a worker died after the commit) or on two instances changes
 * the part once. A part answered meanwhile makes the job a no-op (dropped).
 * Registered with the outbox when this module is loaded (decision 032).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { requestLinkSecret } from "~/features/leads/index.server";
import type { Database } from "~/lib/db.server";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { registerJobHandler, type JobContext } from "~/lib/mail/job-handlers.server";
import { contractors, leads, outboxJobs, requestPros } from "../../../database/schema";
import { composeAnswerReminderEmail, composeNoAnswerEmail } from "./answer-window-emails.server";
import { WAITING_FOR_ANSWER, type AnswerWindowPayload } from "./answer-window";
import { freedPlaceOf } from "./freed-place.server";
import { homeownerEmail, homeownerLocale } from "./messages.server";
import { stepPro } from "./states";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readPayload(payload: unknown): AnswerWindowPayload {
  const job = (typeof payload === "object" && payload !== null ? payload : {}) as Record<
    string,
    unknown
  >;
  const { leadId, contractorId } = job;
  if (typeof leadId !== "string" || typeof contractorId !== "string") {
    throw new Error("an answer-window job without its request and business");
  }
  if (!UUID.test(leadId) || !UUID.test(contractorId)) {
    throw new Error("an answer-window job with a malformed id");
  }
  return { leadId, contractorId };
}

function mailOf(context: JobContext): MailSettings {
  if (!context.mail) throw new Error("the outbox worker was started without mail settings");
  return context.mail;
}

const partOf = ({ leadId, contractorId }: AnswerWindowPayload) =>
  and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId));

/**
 * The reminder: sent only while the part still waits for the pro's answer
 * and its deadline has not passed, on a request still open, to a business
 * not suspended; once.
 */
export async function remindPro(
  db: Database,
  send: (message: EmailMessage) => Promise<void>,
  payload: unknown,
  context: JobContext,
): Promise<boolean> {
  const job = readPayload(payload);
  const [row] = await db
    .select({
      state: requestPros.state,
      remindedAt: requestPros.remindedAt,
      answerBy: requestPros.answerBy,
      status: leads.status,
      id: leads.id,
      name: leads.name,
      service: leads.service,
      citySlug: leads.citySlug,
      postalCode: leads.postalCode,
      businessId: contractors.id,
      businessName: contractors.name,
      businessEmail: contractors.email,
      businessLocale: contractors.locale,
      suspendedAt: contractors.suspendedAt,
    })
    .from(requestPros)
    .innerJoin(leads, eq(leads.id, requestPros.leadId))
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(partOf(job));
  if (
    !row ||
    row.remindedAt !== null ||
    row.status !== "sent" ||
    row.suspendedAt !== null ||
    !WAITING_FOR_ANSWER.includes(row.state) ||
    // Past the deadline (the site was down), a reminder is pointless.
    (row.answerBy !== null && row.answerBy <= context.now)
  ) {
    return false;
  }
  await send(
    composeAnswerReminderEmail(
      row,
      {
        id: row.businessId,
        name: row.businessName,
        email: row.businessEmail,
        locale: row.businessLocale,
      },
      mailOf(context),
    ),
  );
  await db.update(requestPros).set({ remindedAt: context.now }).where(partOf(job));
  return true;
}

/**
 * The deadline: a part still waiting at its answer_by becomes "no answer"
 * (the state table's time_out), its reminder goes if it has not yet, and
 * the homeowner is told by email (when the request has one). Resolves
 * false (the job is dropped) when the pro answered, or the part closed, first.
 */
export async function endAnswerWindow(
  db: Database,
  _send: unknown,
  payload: unknown,
  context: JobContext,
): Promise<boolean> {
  const job = readPayload(payload);
  const secret = await requestLinkSecret(db);
  const ended = await db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        id: leads.id,
        status: leads.status,
        name: leads.name,
        email: homeownerEmail,
        userId: leads.userId,
        service: leads.service,
        citySlug: leads.citySlug,
        postalCode: leads.postalCode,
        locale: homeownerLocale,
      })
      .from(leads)
      .where(eq(leads.id, job.leadId))
      // As lockOwnRequest: rows that refer to the request are not kept waiting.
      .for("no key update");
    const [part] = await tx
      .select({
        state: requestPros.state,
        answerBy: requestPros.answerBy,
        businessName: contractors.name,
      })
      .from(requestPros)
      .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
      .where(partOf(job))
      .for("update", { of: requestPros });
    if (!lead || !part || !WAITING_FOR_ANSWER.includes(part.state)) return false;
    // Due by its own deadline, not the job's: a job run early waits its turn.
    if (part.answerBy === null || part.answerBy > context.now) {
      throw new Error("the answer window has not ended yet");
    }
    await tx
      .update(requestPros)
      .set({ state: stepPro(part.state, "time_out"), updatedAt: context.now })
      .where(partOf(job));
    // A reminder that has not gone yet is pointless now.
    await tx
      .delete(outboxJobs)
      .where(
        and(
          eq(outboxJobs.leadId, job.leadId),
          eq(outboxJobs.kind, "answer_reminder_email"),
          inArray(outboxJobs.status, ["pending", "held"]),
          sql`${outboxJobs.payload} ->> 'contractorId' = ${job.contractorId}`,
        ),
      );
    const email = lead.email?.trim();
    if (email) {
      const situation = await freedPlaceOf(tx, job);
      await tx.insert(outboxJobs).values({
        leadId: job.leadId,
        kind: "no_answer_email",
        status: context.emailStatus,
        payload: {
          ...composeNoAnswerEmail(
            { ...lead, email },
            { name: part.businessName },
            {
              othersWaiting: situation.othersWaiting,
              room: lead.status === "sent" && situation.room,
            },
            mailOf(context),
            { secret, now: context.now },
          ),
          contractorId: job.contractorId,
        },
      });
    }
    return true;
  });
  // The business's answer figures changed: its listings and profile are stale.
  if (ended) await context.stale?.([job.contractorId]);
  return ended;
}

registerJobHandler("answer_reminder_email", remindPro);
registerJobHandler("answer_deadline", endAnswerWindow);
