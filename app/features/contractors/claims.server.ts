/**
 * Claiming a listed business: the person proves it is theirs with a
 * one-time code sent to the listing's business email through the outbox.
 * A code works for 15 minutes and allows 5 tries; only its SHA-256 is kept.
 * A new code may be asked for once a minute (per person and business). One
 * business has one owner: the code is confirmed in a transaction that locks
 * the business, and sets the owner only while there is none, so two people
 * confirming at once cannot both own it. The messages are in the page's
 * language, and so is the code's email: the person asked for it there
 * (claim-messages.server.ts).
 */
import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { emailJobStatus, mailSettings } from "~/features/leads/index.server";
import { maskEmail, type EmailMessage } from "~/lib/mail/email";
import { NotFound, type Delivery, type Transaction } from "~/features/marketplace/index.server";
import type { AppServices } from "~/lib/app-context.server";
import type { Database } from "~/lib/db.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { businessClaims, contractors, outboxJobs } from "../../../database/schema";
import {
  CLAIM_CODE_TTL_MS,
  CLAIM_MAX_TRIES,
  CLAIM_MESSAGES_IN,
  CLAIM_RESEND_MS,
  composeClaimCodeEmail,
  maskBusinessEmail,
  tooSoon,
  wrongCode,
} from "./claim-messages.server";

function hashCode(code: string): Buffer {
  return createHash("sha256").update(code).digest();
}

/** A listing's slug as it may appear in a URL (anything else is not a business). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The business of a slug, locked for this transaction; NotFound otherwise. A
 * suspended business is not on the site: it cannot be claimed either.
 */
async function lockBusiness(tx: Transaction, slug: string) {
  if (slug.length > 200 || !SLUG.test(slug)) throw new NotFound();
  const [business] = await tx
    .select({
      id: contractors.id,
      name: contractors.name,
      email: contractors.email,
      ownerId: contractors.ownerId,
    })
    .from(contractors)
    .where(and(eq(contractors.slug, slug), isNull(contractors.suspendedAt)))
    .for("no key update");
  if (!business) throw new NotFound();
  return business;
}

export type ClaimRefusal = "owned" | "yours" | "no_email" | "too_soon";

export type StartClaimOutcome =
  | { ok: true; sentTo: string; message: EmailMessage }
  | { ok: false; reason: ClaimRefusal; message: string; retryAfterS?: number };

/**
 * A fresh code for the person's claim on a business (replacing any earlier
 * one), and its email queued in the same transaction. Refused when the
 * business has an owner, or a code went out less than a minute ago.
 */
export async function startClaim(
  db: Database,
  delivery: Delivery,
  userId: string,
  slug: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<StartClaimOutcome> {
  const messages = CLAIM_MESSAGES_IN[locale];
  return db.transaction(async (tx) => {
    const business = await lockBusiness(tx, slug);
    if (business.ownerId === userId) {
      return { ok: false, reason: "yours", message: messages.yours };
    }
    if (business.ownerId) return { ok: false, reason: "owned", message: messages.owned };
    if (!business.email.includes("@")) {
      return { ok: false, reason: "no_email", message: messages.noEmail };
    }
    const [earlier] = await tx
      .select({ createdAt: businessClaims.createdAt })
      .from(businessClaims)
      .where(and(eq(businessClaims.contractorId, business.id), eq(businessClaims.userId, userId)));
    const wait = earlier ? earlier.createdAt.getTime() + CLAIM_RESEND_MS - now.getTime() : 0;
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return {
        ok: false,
        reason: "too_soon",
        message: tooSoon(seconds, locale),
        retryAfterS: seconds,
      };
    }
    const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
    const claim = {
      codeHash: hashCode(code).toString("hex"),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CLAIM_CODE_TTL_MS),
      createdAt: now,
    };
    await tx
      .insert(businessClaims)
      .values({ contractorId: business.id, userId, ...claim })
      .onConflictDoUpdate({
        target: [businessClaims.contractorId, businessClaims.userId],
        set: claim,
      });
    const message = composeClaimCodeEmail({ ...business, slug }, code, delivery.mail, locale);
    await tx.insert(outboxJobs).values({
      leadId: null,
      kind: "claim_code_email",
      status: delivery.emailStatus,
      payload: message,
    });
    return { ok: true, sentTo: maskBusinessEmail(business.email), message };
  });
}

export type ConfirmClaimOutcome =
  | { ok: true; contractorId: string }
  | {
      ok: false;
      reason: "owned" | "format" | "no_code" | "expired" | "wrong";
      message: string;
      triesLeft?: number;
    };

/**
 * Checks the code the person typed. A wrong one uses up a try (kept, though
 * the answer is a refusal); after the last try, or 15 minutes, the code has
 * expired. The right one makes the person the owner, if the business still
 * has none, and ends every claim on it.
 */
export async function confirmClaim(
  db: Database,
  userId: string,
  slug: string,
  typed: string,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<ConfirmClaimOutcome> {
  const messages = CLAIM_MESSAGES_IN[locale];
  return db.transaction(async (tx) => {
    const business = await lockBusiness(tx, slug);
    if (business.ownerId === userId) return { ok: true, contractorId: business.id };
    if (business.ownerId) return { ok: false, reason: "owned", message: messages.owned };
    const code = typed.replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) {
      return { ok: false, reason: "format", message: messages.format };
    }
    const mine = and(
      eq(businessClaims.contractorId, business.id),
      eq(businessClaims.userId, userId),
    );
    const [claim] = await tx.select().from(businessClaims).where(mine).for("update");
    if (!claim) return { ok: false, reason: "no_code", message: messages.noCode };
    if (claim.attempts >= CLAIM_MAX_TRIES || claim.expiresAt.getTime() <= now.getTime()) {
      return { ok: false, reason: "expired", message: messages.expired };
    }
    const stored = Buffer.from(claim.codeHash, "hex");
    const given = hashCode(code);
    if (stored.length !== given.length || !timingSafeEqual(stored, given)) {
      const attempts = claim.attempts + 1;
      await tx.update(businessClaims).set({ attempts }).where(mine);
      const triesLeft = CLAIM_MAX_TRIES - attempts;
      return { ok: false, reason: "wrong", message: wrongCode(triesLeft, locale), triesLeft };
    }
    const [owned] = await tx
      .update(contractors)
      // The business's emails go to the new owner now: in the language they claimed it in,
      // until their profile form chooses another.
      .set({ ownerId: userId, locale, updatedAt: now })
      .where(and(eq(contractors.id, business.id), isNull(contractors.ownerId)))
      .returning({ id: contractors.id });
    if (!owned) return { ok: false, reason: "owned", message: messages.owned };
    await tx.delete(businessClaims).where(eq(businessClaims.contractorId, business.id));
    return { ok: true, contractorId: owned.id };
  });
}

export interface ClaimPage {
  business: { name: string; slug: string; maskedEmail: string; hasEmail: boolean };
  owner: "none" | "you" | "other";
  /** The person's code in play: when it expires and the tries left. */
  pending: { expiresAt: Date; triesLeft: number } | null;
}

/** What the claim page shows; NotFound for an unknown slug. */
export async function claimPage(
  db: Database,
  userId: string,
  slug: string,
  now = new Date(),
): Promise<ClaimPage> {
  if (slug.length > 200 || !SLUG.test(slug)) throw new NotFound();
  const [business] = await db
    .select({
      id: contractors.id,
      name: contractors.name,
      email: contractors.email,
      ownerId: contractors.ownerId,
    })
    .from(contractors)
    .where(and(eq(contractors.slug, slug), isNull(contractors.suspendedAt)));
  if (!business) throw new NotFound();
  const [claim] = await db
    .select({ attempts: businessClaims.attempts, expiresAt: businessClaims.expiresAt })
    .from(businessClaims)
    .where(and(eq(businessClaims.contractorId, business.id), eq(businessClaims.userId, userId)));
  const live =
    claim && claim.attempts < CLAIM_MAX_TRIES && claim.expiresAt.getTime() > now.getTime();
  return {
    business: {
      name: business.name,
      slug,
      maskedEmail: maskBusinessEmail(business.email),
      hasEmail: business.email.includes("@"),
    },
    owner: !business.ownerId ? "none" : business.ownerId === userId ? "you" : "other",
    pending: live
      ? { expiresAt: claim.expiresAt, triesLeft: CLAIM_MAX_TRIES - claim.attempts }
      : null,
  };
}

/**
 * startClaim for a request: the site's mail settings; the outbox woken once
 * it is committed. Without SMTP the email waits in the outbox, and the log
 * shows it (PRODUCT.md), code included: in local mode that is how a person
 * reads it.
 */
export async function sendClaimCode(
  services: AppServices,
  userId: string,
  slug: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<StartClaimOutcome> {
  const delivery: Delivery = {
    mail: mailSettings(services),
    emailStatus: emailJobStatus(services),
  };
  const outcome = await startClaim(
    services.database.db,
    delivery,
    userId,
    slug,
    new Date(),
    locale,
  );
  if (!outcome.ok) return outcome;
  if (delivery.emailStatus === "held") {
    services.logger.info(
      {
        kind: "claim_code_email",
        to: maskEmail(outcome.message.to),
        subject: outcome.message.subject,
        text: outcome.message.text,
      },
      "email kept in the outbox (SMTP_URL is not set)",
    );
  }
  services.notifyOutbox();
  return outcome;
}
