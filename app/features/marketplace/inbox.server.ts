/**
 * A pro's inbox: the requests homeowners sent to a business the person owns,
 * newest first, by group, with a count per group; and one request as the pro
 * sees it. The homeowner's phone and email stay hidden until the pro accepts
 * (PRODUCT.md, privacy), and then only the ways the homeowner asked to be
 * contacted are shown.
 */
import { msg } from "@lingui/core/macro";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { serviceLabel } from "~/features/content/index.server";
import { leadPlaceLabel } from "~/features/leads";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import {
  contractors,
  inboxCounts,
  leads,
  quotes,
  requestPros,
  threads,
  type ContactMethod,
  type Currency,
  type DeclineReason,
  type ProState,
} from "../../../database/schema";
import { WAITING_FOR_ANSWER } from "./answer-window";
import { contactVisibility, visibleContact, type ContactVisibility } from "./contact-rule";
import { currencyOf } from "./quotes.server";
import { checkIds, NotFound } from "./requests.server";

export const INBOX_PAGE_SIZE = 20;

/** A request's name in the page's language: its own title, else its service's, else "Request". */
function requestTitle(
  row: { title: string | null; service: string | null },
  locale: Locale,
): string {
  if (row.title !== null) return row.title;
  return row.service ? serviceLabel(row.service, locale) : translate(locale, msg`Request`);
}

/** The inbox's tabs, each the states it shows ("new": not yet answered). */
export const INBOX_GROUPS = {
  new: ["sent", "viewed"],
  accepted: ["accepted"],
  quoted: ["quoted"],
  hired: ["hired"],
  declined: ["declined"],
  // Closed for the pro: another was chosen, the request was closed, the pro
  // was removed or did not answer in time.
  not_chosen: ["not_chosen", "removed", "no_answer"],
} as const satisfies Record<string, readonly ProState[]>;
export type InboxGroup = keyof typeof INBOX_GROUPS;

function groupOf(state: ProState): InboxGroup {
  const found = (Object.keys(INBOX_GROUPS) as InboxGroup[]).find((group) =>
    (INBOX_GROUPS[group] as readonly ProState[]).includes(state),
  );
  return found ?? "new";
}

export interface InboxItem {
  leadId: string;
  title: string;
  place: string | null;
  /** The request's city, whose zone the page dates it in. */
  citySlug: string | null;
  state: ProState;
  group: InboxGroup;
  sentAt: string;
}

export interface Inbox {
  business: { id: string; name: string };
  counts: Record<InboxGroup, number>;
  group: InboxGroup;
  items: InboxItem[];
  page: number;
  pages: number;
}

/** The business, when the person owns it; NotFound otherwise. */
async function ownBusiness(db: Database, userId: string, contractorId: string) {
  checkIds(contractorId);
  const [business] = await db
    .select({ id: contractors.id, name: contractors.name })
    .from(contractors)
    .where(and(eq(contractors.id, contractorId), eq(contractors.ownerId, userId)));
  if (!business) throw new NotFound();
  return business;
}

/** One page of a group, newest first. */
function pageOf(db: Database, contractorId: string, group: InboxGroup, page: number) {
  // The page's 20 are chosen from the index alone, then joined to their requests:
  // a deep page skips index entries, not joined rows.
  const page20 = db
    .select({
      leadId: requestPros.leadId,
      state: requestPros.state,
      sentAt: requestPros.consentAt,
    })
    .from(requestPros)
    .where(
      and(
        eq(requestPros.contractorId, contractorId),
        inArray(requestPros.state, [...INBOX_GROUPS[group]]),
      ),
    )
    .orderBy(desc(requestPros.consentAt), desc(requestPros.leadId))
    .limit(INBOX_PAGE_SIZE)
    .offset((page - 1) * INBOX_PAGE_SIZE)
    .as("page20");
  return db
    .select({
      leadId: page20.leadId,
      state: page20.state,
      sentAt: page20.sentAt,
      title: leads.title,
      service: leads.service,
      citySlug: leads.citySlug,
      postalCode: leads.postalCode,
    })
    .from(page20)
    .innerJoin(leads, eq(leads.id, page20.leadId))
    .orderBy(desc(page20.sentAt), desc(page20.leadId));
}

export async function inbox(
  db: Database,
  userId: string,
  /** The business's id, or the business as businessesOf(userId) found it (already theirs). */
  of: string | OwnedBusiness,
  /** `locale`: the page's language, which the titles of untitled requests are in. */
  options: { group?: InboxGroup; page?: number; locale?: Locale } = {},
): Promise<Inbox> {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const business = typeof of === "string" ? await ownBusiness(db, userId, of) : of;
  const contractorId = business.id;
  const group = options.group ?? "new";
  // Any page past the end is read again as the last; a huge number stays a number.
  const requested = Math.trunc(options.page ?? 1);
  const asked = Number.isFinite(requested) ? Math.min(Math.max(1, requested), 1_000_000) : 1;
  // The counts and the page asked for, side by side; a page past the end is read again.
  const [counted, listed] = await Promise.all([
    // Kept by triggers (decision 026): a few rows, however many requests there are.
    db
      .select({ state: inboxCounts.state, n: inboxCounts.n })
      .from(inboxCounts)
      .where(eq(inboxCounts.contractorId, contractorId)),
    pageOf(db, contractorId, group, asked),
  ]);
  const counts = Object.fromEntries(
    (Object.keys(INBOX_GROUPS) as InboxGroup[]).map((name) => [name, 0]),
  ) as Record<InboxGroup, number>;
  for (const row of counted) counts[groupOf(row.state)] += row.n;
  const pages = Math.max(1, Math.ceil(counts[group] / INBOX_PAGE_SIZE));
  const page = Math.min(asked, pages);
  const rows = page === asked ? listed : await pageOf(db, contractorId, group, page);
  return {
    business,
    counts,
    group,
    page,
    pages,
    items: rows.map((row) => ({
      leadId: row.leadId,
      title: requestTitle(row, locale),
      place: leadPlaceLabel({ citySlug: row.citySlug, postalCode: row.postalCode }) ?? null,
      citySlug: row.citySlug,
      state: row.state,
      group: groupOf(row.state),
      sentAt: row.sentAt.toISOString(),
    })),
  };
}

const HOUR_MS = 60 * 60 * 1000;

export interface ProRequestView {
  leadId: string;
  business: { id: string; name: string };
  title: string;
  service: string | null;
  place: string | null;
  details: string | null;
  preferredContact: ContactMethod | null;
  state: ProState;
  declineReason: DeclineReason | null;
  sentAt: string;
  /** How many businesses the homeowner sent it to ("sent to N pros"). */
  sentTo: number;
  /** The homeowner's name and the channels they allowed, once the pro has accepted; else null. */
  contact: { name: string; phone: string | null; email: string | null } | null;
  /** Why `contact` is null: not yet (or messages only), or no longer (contact-rule.ts). */
  contactState: ContactVisibility["kind"];
  /** The request was closed by the homeowner ("Not going ahead"). */
  closed: boolean;
  /** Whole hours left to answer (at least 1), while the pro has not; null otherwise. */
  answerWithinHours: number | null;
  quote: typeof quotes.$inferSelect | null;
  /** The currency a quote is in: the request's country's. */
  currency: Currency;
}

/** One request as the owner of a business it was sent to sees it; NotFound otherwise. */
export async function requestForPro(
  db: Database,
  userId: string,
  leadId: string,
  /** The business's id, or the business as businessesOf(userId) found it (already theirs). */
  of: string | OwnedBusiness,
  /** The page's language: the request's title names its service in it. */
  locale: Locale = DEFAULT_LOCALE,
  now: Date = new Date(),
): Promise<ProRequestView> {
  checkIds(leadId);
  const business = typeof of === "string" ? await ownBusiness(db, userId, of) : of;
  const contractorId = business.id;
  const [row] = await db
    .select({
      state: requestPros.state,
      declineReason: requestPros.declineReason,
      sentAt: requestPros.consentAt,
      answerBy: requestPros.answerBy,
      acceptedAt: requestPros.acceptedAt,
      status: leads.status,
      sharedAt: threads.contactSharedAt,
      title: leads.title,
      service: leads.service,
      citySlug: leads.citySlug,
      postalCode: leads.postalCode,
      details: leads.details,
      preferredContact: leads.preferredContact,
      name: leads.name,
      phone: leads.phone,
      email: leads.email,
      country: leads.country,
    })
    .from(requestPros)
    .innerJoin(leads, eq(leads.id, requestPros.leadId))
    .leftJoin(
      threads,
      and(
        eq(threads.leadId, requestPros.leadId),
        eq(threads.contractorId, requestPros.contractorId),
      ),
    )
    .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)));
  if (!row) throw new NotFound();
  const [sent] = await db
    .select({ n: count() })
    .from(requestPros)
    .where(eq(requestPros.leadId, leadId));
  const [quote] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.leadId, leadId), eq(quotes.contractorId, contractorId)));
  const visibility = contactVisibility({
    state: row.state,
    requestStatus: row.status,
    preferredContact: row.preferredContact,
    sharedInThread: row.sharedAt !== null,
    everAccepted: row.acceptedAt !== null,
  });
  const contact = visibleContact(visibility, row);
  // A pro that did not answer in time lost access: the request's title and its state only.
  const lostAccess = row.state === "no_answer";
  return {
    leadId,
    business,
    title: requestTitle(row, locale),
    service: row.service,
    place: lostAccess
      ? null
      : (leadPlaceLabel({ citySlug: row.citySlug, postalCode: row.postalCode }) ?? null),
    details: lostAccess ? null : row.details,
    preferredContact: row.preferredContact,
    state: row.state,
    declineReason: row.declineReason,
    sentAt: row.sentAt.toISOString(),
    sentTo: sent?.n ?? 1,
    contact: contact ? { name: row.name, ...contact } : null,
    contactState: visibility.kind,
    closed: row.status === "cancelled",
    answerWithinHours:
      row.answerBy !== null && WAITING_FOR_ANSWER.includes(row.state)
        ? Math.max(1, Math.ceil((row.answerBy.getTime() - now.getTime()) / HOUR_MS))
        : null,
    quote: quote ?? null,
    currency: currencyOf(row.country),
  };
}

export interface OwnedBusiness {
  id: string;
  name: string;
  slug: string;
}

/** The businesses a person owns, by name. */
export async function businessesOf(db: Database, userId: string): Promise<OwnedBusiness[]> {
  return db
    .select({ id: contractors.id, name: contractors.name, slug: contractors.slug })
    .from(contractors)
    .where(eq(contractors.ownerId, userId))
    .orderBy(contractors.name, contractors.id);
}

/**
 * The business a pro page is about: `?business=` when the person owns it,
 * else their first; null when they own none. Another's id is not theirs:
 * NotFound, like any id they may not see.
 */
export async function chosenBusiness(
  db: Database,
  userId: string,
  url: URL,
): Promise<{ business: OwnedBusiness; all: OwnedBusiness[] } | null> {
  const all = await businessesOf(db, userId);
  const asked = url.searchParams.get("business");
  const business = asked ? all.find((owned) => owned.id === asked) : all[0];
  if (asked && !business) throw new NotFound();
  return business ? { business, all } : null;
}
