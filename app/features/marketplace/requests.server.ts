/**
 * Requests between a homeowner and the pros they choose: with
 * pro-steps.server.ts, homeowner-steps.server.ts and quotes.server.ts, the only code that changes
 * a request's or a pro's state (through states.ts), each change in one
 * transaction that locks the request's row, so two clicks or two app
 * instances cannot both take a step from the same state.
 *
 * Authorization is part of every query: a homeowner reaches only their own
 * requests, a pro only the requests sent to a business they own. Anything
 * else is NotFound (404), the same as an id that does not exist.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { requestLinkSecret } from "~/features/leads/index.server";
import type { Database, Transaction } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { BRAND } from "~/site";
import { contractors, leads, outboxJobs, requestPros } from "../../../database/schema";
import { offeredTo } from "./serving-pros.server";
import { MAX_PROS_PER_REQUEST } from "./limits";
import { composeProRequestEmail, homeownerEmail, homeownerLocale } from "./messages.server";
import { composeRequestSentEmail, listOf } from "./homeowner-emails.server";
import { answerDeadline, answerWindowJobs, holdsPlace } from "./answer-window";
import { pausesOf, refusePaused } from "./availability.server";
import { clockOf, type Delivery } from "./delivery";
import { stepRequest } from "./states";
import { ProUnavailable } from "./unavailable.server";

export { MAX_PROS_PER_REQUEST };

/**
 * The version of the per-business consent text below; stored with each
 * consent. pros-2026-12: says how the consent is withdrawn (PRODUCT.md).
 */
export const PRO_CONSENT_VERSION = "pros-2026-12";

/** An id the person may not see, or that does not exist: answered 404 alike. */
export class NotFound extends Error {
  override name = "NotFound";
  readonly status = 404;
  constructor() {
    super("We couldn't find that request.");
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from addresses and forms: anything but a UUID names nothing here (NotFound, never a 500). */
export function checkIds(...ids: readonly string[]): void {
  if (!ids.every((id) => UUID.test(id))) throw new NotFound();
}

/**
 * A choice the homeowner can fix (too many pros, one that does not serve the
 * request): 400 with the sentence, in the page's language (answers.server.ts
 * `step`); `message` is the English. 429 for a step refused because the
 * person took too many of them lately.
 */
export class BadChoice extends Error {
  override name = "BadChoice";
  readonly status: 400 | 429;
  readonly sentence: MessageDescriptor;
  constructor(sentence: MessageDescriptor, status: 400 | 429 = 400) {
    super(translate("en", sentence));
    this.sentence = sentence;
    this.status = status;
  }
}

/**
 * The consent line that names each chosen business (TCPA: consent per
 * seller), in the language the person reads it in: what they agree to is
 * stored word for word.
 */
export function proConsentText(
  businessNames: readonly string[],
  locale: Locale = DEFAULT_LOCALE,
): string {
  const names = listOf([BRAND.name, ...businessNames], locale);
  return translate(
    locale,
    msg`I agree that ${names} may contact me by phone, text message and email about this request, including by automated means. Consent is not a condition of any purchase. Message and data rates may apply. I can withdraw this consent at any time: reply STOP to a text, use the unsubscribe link in an email, or visit my data page. I have read the Privacy Policy.`,
  );
}

/** Who is asking, and from where (stored as the proof of consent). */
export interface Actor {
  userId: string;
  clientAddress: string;
  userAgent: string;
}

/**
 * Who may act on a request as its homeowner: the signed-in person it
 * belongs to, or the browser that sent it without signing in (its signed
 * cookie names the request, browser-request.server.ts), while no account
 * has it.
 */
export type Owner = { userId: string } | { browserLeadId: string };

/** A homeowner sending their request: who they are and the proof of consent. */
export type Sender = Owner & { clientAddress: string; userAgent: string };

/** The condition that finds request `requestId` only for its owner. */
export function ownedBy(requestId: string, owner: Owner) {
  return "userId" in owner
    ? and(eq(leads.id, requestId), eq(leads.userId, owner.userId))
    : and(eq(leads.id, requestId), eq(leads.id, owner.browserLeadId), isNull(leads.userId));
}

export type { Delivery, Transaction };

/** The homeowner's own request, locked for this transaction; NotFound otherwise. */
export async function lockOwnRequest(tx: Transaction, requestId: string, owner: Owner) {
  checkIds(requestId);
  const [request] = await tx
    .select({
      id: leads.id,
      status: leads.status,
      name: leads.name,
      service: leads.service,
      citySlug: leads.citySlug,
      postalCode: leads.postalCode,
      completedAt: leads.completedAt,
      userId: leads.userId,
      // Where the homeowner's emails go, in their language (the one rule).
      email: homeownerEmail,
      locale: homeownerLocale,
    })
    .from(leads)
    .where(ownedBy(requestId, owner))
    // NO KEY UPDATE, not UPDATE: steps on one request still wait for each other, but a
    // row that only refers to the request (an outbox job, a visit's notice written while
    // it holds the visit) takes its key-share lock without waiting, so a step that then
    // waits for that visit never deadlocks with it (issue 42).
    .for("no key update");
  if (!request) throw new NotFound();
  return request;
}

/** A business the homeowner chose is gone from the list (or never was on it). */
const NO_LONGER_LISTED = msg`One of the pros you chose is no longer listed. Please choose again.`;

/**
 * Sends the homeowner's request to the businesses they ticked, with their
 * consent recorded per business. A draft becomes sent; a sent request may
 * gain pros up to MAX_PROS_PER_REQUEST in all. The consent text the person
 * saw must be the one these names make in the page's language (`locale`:
 * the form shows it as they tick), and is stored as they read it. Each
 * business is told in its own language.
 */
export async function sendToPros(
  db: Database,
  actor: Sender,
  requestId: string,
  contractorIds: readonly string[],
  agreedText: string,
  delivery: Delivery,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const chosen = [...new Set(contractorIds)];
  if (chosen.length === 0) {
    throw new BadChoice(msg`Choose at least one pro to send your request to.`);
  }
  if (!chosen.every((id) => UUID.test(id))) throw new BadChoice(NO_LONGER_LISTED);
  const secret = await requestLinkSecret(db);
  const sent = await db.transaction(async (tx) => {
    const request = await lockOwnRequest(tx, requestId, actor);
    const next = stepRequest(request.status, "send");
    const already = await tx
      .select({
        contractorId: requestPros.contractorId,
        state: requestPros.state,
        suspended: sql<boolean>`${contractors.suspendedAt} is not null`,
      })
      .from(requestPros)
      .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
      .where(eq(requestPros.leadId, requestId));
    const known = new Set(already.map((row) => row.contractorId));
    const added = chosen.filter((id) => !known.has(id));
    // A business that declined, did not answer in time, was removed or was
    // suspended by an operator frees its place: the homeowner may choose another.
    const holding = already.filter((row) => !row.suspended && holdsPlace(row.state)).length;
    if (holding + added.length > MAX_PROS_PER_REQUEST) {
      const most = MAX_PROS_PER_REQUEST;
      throw new BadChoice(msg`You can send a request to at most ${most} pros.`);
    }
    if (added.length === 0) return { to: [], at: clockOf(delivery)() };
    // One taking a break is named too; a weekly limit's row is locked first (availability.server.ts).
    await refusePaused(tx, added, clockOf(delivery)());
    // A suspended business is named, not just "no longer listed". The share lock
    // waits for a suspension being written, and holds one off until this commits.
    const [suspended] = (
      await tx
        .select({ name: contractors.name, suspendedAt: contractors.suspendedAt })
        .from(contractors)
        .where(inArray(contractors.id, added))
        .orderBy(contractors.name)
        .for("share")
    ).filter((row) => row.suspendedAt !== null);
    if (suspended) {
      const name = suspended.name;
      const brand = BRAND.name;
      throw new ProUnavailable(
        msg`${name} is no longer available on ${brand}. Please choose another pro.`,
      );
    }
    // Only a business this person may be offered (never another browser's demo business).
    const businesses = await tx
      .select({
        id: contractors.id,
        name: contractors.name,
        email: contractors.email,
        locale: contractors.locale,
      })
      .from(contractors)
      .where(
        and(inArray(contractors.id, added), offeredTo("userId" in actor ? actor.userId : null)),
      );
    if (businesses.length !== added.length) throw new BadChoice(NO_LONGER_LISTED);
    const ordered = added.flatMap((id) => businesses.filter((row) => row.id === id));
    const consentText = proConsentText(
      ordered.map((business) => business.name),
      locale,
    );
    if (agreedText !== consentText) {
      throw new BadChoice(msg`Please tick the consent line that names the pros you chose.`);
    }
    const now = clockOf(delivery)();
    const answerBy = answerDeadline(now);
    await tx.insert(outboxJobs).values(
      ordered.flatMap((business) => [
        {
          leadId: requestId,
          kind: "pro_request_email" as const,
          status: delivery.emailStatus,
          payload: composeProRequestEmail(request, business, delivery.mail),
        },
        ...answerWindowJobs(requestId, business.id, now, delivery.emailStatus),
      ]),
    );
    // The homeowner hears where it went, with the way back to it (issue 43).
    const { email } = request;
    if (email) {
      await tx.insert(outboxJobs).values({
        leadId: requestId,
        kind: "request_sent_email",
        status: delivery.emailStatus,
        payload: composeRequestSentEmail({ ...request, email }, ordered, delivery.mail, {
          secret,
          now,
        }),
      });
    }
    if (next !== request.status) {
      await tx.update(leads).set({ status: next }).where(eq(leads.id, requestId));
    }
    // Last: the parts change each business's inbox counts (decision 026), whose
    // rows stay locked until the commit; other requests to them wait only that long.
    await tx.insert(requestPros).values(
      added.map((contractorId) => ({
        leadId: requestId,
        contractorId,
        consentText,
        consentVersion: PRO_CONSENT_VERSION,
        consentAt: now,
        answerBy,
        clientAddress: actor.clientAddress,
        userAgent: actor.userAgent.slice(0, 512),
      })),
    );
    return { to: added, at: now };
  });
  // None of them was paused before; one that is now reached its weekly limit,
  // and its profile and listings say so from now on.
  if (!delivery.stale || sent.to.length === 0) return;
  const paused = await pausesOf(db, sent.to, sent.at);
  if (paused.size > 0) await delivery.stale([...paused.keys()]);
}
