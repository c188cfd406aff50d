/**
 * Drafts nobody sent do not pile up (issue 33, decision 038): a request with
 * no pro chosen is deleted DRAFT_KEPT_DAYS after it was started, with what
 * hangs on it (its photos and outbox jobs cascade). A homeowner with an
 * account is emailed DRAFT_WARNING_DAYS_BEFORE days ahead, with a link to
 * the draft's "Choose pros" page so they can still send it; their draft goes
 * no sooner than that many days after the email, so a late email (the rule's
 * first run, a server that was down) still gives them the full notice. A
 * browser's draft (no account) simply goes at DRAFT_KEPT_DAYS: there is
 * nobody to write to, and its cookie has gone by then.
 *
 * Both steps are housekeeping (server/housekeeping.ts): they take the clock
 * from their caller, and count without changing anything in a dry run. The
 * email is claimed by a conditional UPDATE of expiry_warned_at, so however
 * many instances run at once, each draft is announced once.
 */
import { msg, plural } from "@lingui/core/macro";
import { and, count, eq, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { pruneRows, type PruneOptions } from "~/lib/housekeeping.server";
import type { Database } from "~/lib/db.server";
import { mediumDate } from "~/lib/dates";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import type { EmailMessage } from "~/lib/mail/email";
import { singleLine } from "~/lib/plain-text";
import { DAY_MS, DRAFT_KEPT_DAYS, DRAFT_WARNING_DAYS_BEFORE } from "~/lib/retention";
import { BRAND } from "~/site";
import { leads, outboxJobs, users } from "../../../database/schema";
import type { Delivery } from "./delivery";
import { MAX_PROS_PER_REQUEST } from "./limits";
import { homeownerLocale, pageLink, what, type RequestSummary } from "./messages.server";

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** When a draft started at `createdAt` and announced at `warnedAt` is deleted. */
export function draftExpiresAt(createdAt: Date, warnedAt: Date | null): Date {
  const kept = createdAt.getTime() + DRAFT_KEPT_DAYS * DAY_MS;
  if (!warnedAt) return new Date(kept);
  return new Date(Math.max(kept, warnedAt.getTime() + DRAFT_WARNING_DAYS_BEFORE * DAY_MS));
}

/**
 * Drafts past their time as of `now`: a browser's DRAFT_KEPT_DAYS after it
 * was started; an account holder's then too, but only once they were told
 * DRAFT_WARNING_DAYS_BEFORE days before.
 */
function expiredDrafts(now: Date): SQL | undefined {
  return and(
    eq(leads.status, "draft"),
    lte(leads.createdAt, daysBefore(now, DRAFT_KEPT_DAYS)),
    or(isNull(leads.userId), lte(leads.expiryWarnedAt, daysBefore(now, DRAFT_WARNING_DAYS_BEFORE))),
  );
}

/** Account holders' drafts due for their one email as of `now`, not yet told. */
function draftsToWarn(now: Date): SQL | undefined {
  return and(
    eq(leads.status, "draft"),
    isNotNull(leads.userId),
    isNull(leads.expiryWarnedAt),
    lte(leads.createdAt, daysBefore(now, DRAFT_KEPT_DAYS - DRAFT_WARNING_DAYS_BEFORE)),
  );
}

/** Deletes (or, in a dry run, counts) the drafts past their time, with their photos and jobs. */
export function expireDrafts(db: Database, options: PruneOptions): Promise<number> {
  return pruneRows(db, leads, expiredDrafts(options.now), options.dryRun);
}

/** A draft about to go, as its email needs it. */
export interface ExpiringDraft extends RequestSummary {
  /** The account's address and language. */
  email: string;
  locale: Locale;
  expiresAt: Date;
}

/**
 * "Your draft … will be deleted on …", to the account that owns it, in its
 * language, with the link that still sends it.
 */
export function composeDraftExpiryEmail(
  draft: ExpiringDraft,
  mail: Delivery["mail"],
): EmailMessage {
  const { locale } = draft;
  const i18n = i18nFor(locale);
  const project = what(draft, i18n, locale);
  const date = mediumDate(draft.expiresAt, locale);
  const link = pageLink(`/dashboard/projects/${draft.id}/pros`, locale, mail);
  const first = singleLine(draft.name).split(/\s+/)[0] ?? "";
  const brand = BRAND.name;
  const support = BRAND.supportEmail;
  const days = DRAFT_KEPT_DAYS;
  const max = MAX_PROS_PER_REQUEST;
  return {
    to: draft.email,
    from: mail.from,
    subject: i18n._(msg`Your draft request for ${project} will be deleted on ${date}`),
    text: [
      first ? i18n._(msg`Hello ${first},`) : i18n._(msg`Hello,`),
      "",
      i18n._(
        msg`You started a request for ${project} on ${brand}, but it has not been sent to any pro yet. Requests nobody sends are deleted ${plural(days, { one: "# day", other: "# days" })} after they are started, so this one will be deleted, with its photos, on ${date}.`,
      ),
      "",
      i18n._(msg`To keep it, choose up to ${max} pros and send it: ${link}`),
      "",
      i18n._(msg`If you no longer need it, there is nothing to do.`),
      "",
      i18n._(msg`Questions? Write to us at ${support}.`),
    ].join("\n"),
  };
}

/**
 * Emails each account holder whose draft is due for it (see draftsToWarn),
 * once: the UPDATE that stamps expiry_warned_at returns only the rows it
 * changed, and the emails are queued in its transaction. Returns how many
 * drafts were announced (in a dry run, would be; nothing changes).
 */
export async function warnExpiringDrafts(
  db: Database,
  delivery: Pick<Delivery, "mail" | "emailStatus">,
  options: PruneOptions,
): Promise<number> {
  const { now } = options;
  if (options.dryRun) {
    const [row] = await db.select({ n: count() }).from(leads).where(draftsToWarn(now));
    return row?.n ?? 0;
  }
  return db.transaction(async (tx) => {
    const warned = await tx
      .update(leads)
      .set({ expiryWarnedAt: now })
      .where(draftsToWarn(now))
      .returning({
        id: leads.id,
        name: leads.name,
        service: leads.service,
        citySlug: leads.citySlug,
        postalCode: leads.postalCode,
        createdAt: leads.createdAt,
        email: sql<string>`(select ${users.email} from ${users} where ${users.id} = ${leads.userId})`,
        locale: homeownerLocale,
      });
    if (warned.length > 0)
      await tx.insert(outboxJobs).values(
        warned.map((draft) => ({
          // The email goes with the draft if the draft goes before it is sent.
          leadId: draft.id,
          kind: "draft_expiry_email" as const,
          status: delivery.emailStatus,
          payload: composeDraftExpiryEmail(
            { ...draft, expiresAt: draftExpiresAt(draft.createdAt, now) },
            delivery.mail,
          ),
        })),
      );
    return warned.length;
  });
}
