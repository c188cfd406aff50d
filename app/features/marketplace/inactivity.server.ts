/**
 * A business nobody signs in to is paused (issue 33): when its owner's
 * last_active_at is more than INACTIVE_PAUSE_DAYS old, housekeeping sets
 * `inactive_paused_at` (availability.server.ts then leaves it out of the
 * choose-pros step; listings keep it, "not taking new requests at the
 * moment") and queues one email to the business, in its language. The
 * owner's next sign-in clears it (auth's createSession).
 *
 * Only real businesses: not sample listings, not a demo account's, not one
 * an operator suspended (it is offered to nobody already). The pause and its
 * email are one conditional UPDATE … RETURNING and its insert, in one
 * transaction: however many instances run housekeeping at once, a business
 * is paused and told once.
 */
import { msg } from "@lingui/core/macro";
import { and, count, eq, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { PruneOptions } from "~/lib/housekeeping.server";
import { i18nFor } from "~/lib/i18n.server";
import { localizePath } from "~/lib/locale-path";
import type { EmailMessage, MailSettings } from "~/lib/mail/email";
import { DAY_MS } from "~/lib/retention";
import { BRAND } from "~/site";
import { contractors, outboxJobs, users } from "../../../database/schema";
import type { Delivery } from "./delivery";
import { INACTIVE_PAUSE_DAYS } from "./limits";
import type { BusinessRecipient } from "./messages.server";

/**
 * Real businesses not yet paused whose owner has not been active since
 * INACTIVE_PAUSE_DAYS before `now`.
 */
function inactiveBusinesses(now: Date): SQL | undefined {
  const since = new Date(now.getTime() - INACTIVE_PAUSE_DAYS * DAY_MS);
  return and(
    isNull(contractors.inactivePausedAt),
    eq(contractors.isSample, false),
    eq(contractors.demoOnly, false),
    isNull(contractors.suspendedAt),
    isNotNull(contractors.ownerId),
    sql`${contractors.ownerId} in (select ${users.id} from ${users} where ${lt(users.lastActiveAt, since)})`,
  );
}

/** The email that tells a business it is paused, and how to come back. */
export function composeInactivePausedEmail(
  business: BusinessRecipient,
  mail: MailSettings,
): EmailMessage {
  const { locale } = business;
  const i18n = i18nFor(locale);
  const name = business.name;
  const brand = BRAND.name;
  const days = INACTIVE_PAUSE_DAYS;
  const support = BRAND.supportEmail;
  const link = new URL(localizePath("/pro", locale), mail.siteUrl).toString();
  return {
    to: business.email,
    from: mail.from,
    subject: i18n._(msg`${name} is paused on ${brand}`),
    text: [
      i18n._(
        msg`Nobody has signed in to ${name} on ${brand} for ${days} days, so we paused it: homeowners can't choose it for new requests for now. Its profile stays listed, saying that it is not taking new requests at the moment.`,
      ),
      "",
      i18n._(msg`Sign in to take new requests again: ${link}`),
      "",
      i18n._(msg`Requests already sent to you are not affected.`),
      "",
      i18n._(msg`Questions? Write to us at ${support}.`),
    ].join("\n"),
  };
}

/**
 * Pauses the real businesses whose owner has been inactive for
 * INACTIVE_PAUSE_DAYS as of `now`, each told once by email; returns how
 * many (with `dryRun`, how many would be, changing nothing). Once the pause
 * has committed, `paused` is given the businesses' ids: their public pages
 * now say they take no new requests (the caller announces them stale).
 */
export async function pauseInactiveBusinesses(
  db: Database,
  delivery: Pick<Delivery, "mail" | "emailStatus">,
  options: PruneOptions,
  paused?: (businessIds: readonly string[]) => Promise<void>,
): Promise<number> {
  const due = inactiveBusinesses(options.now);
  if (options.dryRun) {
    const [row] = await db.select({ n: count() }).from(contractors).where(due);
    return row?.n ?? 0;
  }
  const pausedIds = await db.transaction(async (tx) => {
    const pausedRows = await tx
      .update(contractors)
      .set({ inactivePausedAt: options.now })
      .where(due)
      .returning({
        id: contractors.id,
        name: contractors.name,
        email: contractors.email,
        locale: contractors.locale,
      });
    const told = pausedRows.filter((business) => business.email.trim() !== "");
    if (told.length > 0) {
      await tx.insert(outboxJobs).values(
        told.map((business) => ({
          kind: "inactive_paused_email" as const,
          status: delivery.emailStatus,
          payload: {
            ...composeInactivePausedEmail(business, delivery.mail),
            contractorId: business.id,
          },
        })),
      );
    }
    return pausedRows.map((business) => business.id);
  });
  if (pausedIds.length > 0) await paused?.(pausedIds);
  return pausedIds.length;
}
