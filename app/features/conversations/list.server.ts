/**
 * The dashboard's Messages: a person's threads, as homeowner and as pro,
 * newest activity first, each with its unread count for their side; and the
 * sidebar's unread total, in one query.
 */
import { msg } from "@lingui/core/macro";
import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { serviceLabel } from "~/features/content/index.server";
import { singleLine } from "~/lib/plain-text";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { timeForViewer, type ZonedTime } from "~/lib/zone-time";
import {
  contractors,
  leads,
  messages,
  threadReads,
  threads,
  type ThreadSide,
} from "../../../database/schema";
import { zoneReader } from "~/features/visits/index.server";
import { isUuid } from "./access.server";
import { PREVIEW_CHARS } from "./limits";
import { firstName, removedText, untitledRequest } from "./view.server";

/** The most threads the list shows (the newest). */
export const THREADS_LIST_MAX = 200;

export interface ThreadSummary {
  threadId: string;
  side: ThreadSide;
  leadId: string;
  contractorId: string;
  /** The business's name for the homeowner; the homeowner's first name for the pro. */
  otherName: string;
  /** The pro's business, on the pro's side (they may own several). */
  businessName: string;
  service: string | null;
  title: string;
  /** The request's city, whose zone is the job's. */
  citySlug: string | null;
  /** The last message's first PREVIEW_CHARS characters; null before the first. */
  preview: string | null;
  lastMessageAt: string | null;
  createdAt: string;
  /** The other side's messages this person's side has not read. */
  unread: number;
}

/** The other side's messages after `side`'s read marker, not removed (threads in scope). */
const unreadFor = (side: SQL) => sql`(
  select count(*) from ${messages}
  where ${messages.threadId} = ${threads.id} and ${messages.side} <> ${side}
    and ${messages.removedAt} is null
    and ${messages.id} > coalesce((
      select ${threadReads.lastReadId} from ${threadReads}
      where ${threadReads.threadId} = ${threads.id} and ${threadReads.side} = ${side}), 0))`;

/** The preview of a message of photos only (PHOTOS_ONLY_TEXT in English). */
export const photosOnlyText = (locale: Locale): string => translate(locale, msg`Sent photos.`);

/** The last message's start, or what stands for it, in the reader's language. */
const previewIn = (locale: Locale) => sql<string | null>`(
  select case when ${messages.removedAt} is not null then ${removedText(locale)}
    when ${messages.body} = '' then ${photosOnlyText(locale)}
    else left(${messages.body}, ${PREVIEW_CHARS}) end
  from ${messages} where ${messages.threadId} = ${threads.id}
  order by ${messages.id} desc limit 1)`;

/** The side a person reads a thread from, as threadsOfPerson's rows name it. */
const READER_SIDE = sql`${sql.identifier("mine")}.${sql.identifier("reader_side")}`;

/**
 * The person's threads and the side they read each from: their requests'
 * (by leads.user_id) and their businesses' (by contractors.owner_id), each
 * found through its own index. A thread on their own request to their own
 * business is theirs as the homeowner (as threadAccess has it).
 */
function threadsOfPerson(db: Database, userId: string) {
  const asHomeowner = db
    .select({ id: threads.id, side: sql<ThreadSide>`'homeowner'`.as("reader_side") })
    .from(threads)
    .innerJoin(leads, eq(leads.id, threads.leadId))
    .where(eq(leads.userId, userId));
  const asPro = db
    .select({ id: threads.id, side: sql<ThreadSide>`'pro'`.as("reader_side") })
    .from(threads)
    .innerJoin(contractors, eq(contractors.id, threads.contractorId))
    .innerJoin(leads, eq(leads.id, threads.leadId))
    .where(and(eq(contractors.ownerId, userId), sql`${leads.userId} is distinct from ${userId}`));
  return unionAll(asHomeowner, asPro).as("mine");
}

/**
 * The person's threads, newest activity first (the last message, else the
 * opening); what stands for a message in `locale` (the page's language).
 */
export async function threadsOf(
  db: Database,
  userId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ThreadSummary[]> {
  if (!isUuid(userId)) return [];
  const mine = threadsOfPerson(db, userId);
  const rows = await db
    .select({
      threadId: threads.id,
      side: mine.side,
      leadId: threads.leadId,
      contractorId: threads.contractorId,
      homeownerName: leads.name,
      businessName: contractors.name,
      service: leads.service,
      title: leads.title,
      citySlug: leads.citySlug,
      preview: previewIn(locale),
      lastMessageAt: threads.lastMessageAt,
      createdAt: threads.createdAt,
      unread: sql`${unreadFor(READER_SIDE)}::int`.mapWith(Number),
    })
    .from(mine)
    .innerJoin(threads, eq(threads.id, mine.id))
    .innerJoin(leads, eq(leads.id, threads.leadId))
    .innerJoin(contractors, eq(contractors.id, threads.contractorId))
    .orderBy(
      desc(sql`coalesce(${threads.lastMessageAt}, ${threads.createdAt})`),
      desc(threads.createdAt),
      threads.id,
    )
    .limit(THREADS_LIST_MAX);
  return rows.map((row) => ({
    threadId: row.threadId,
    side: row.side,
    leadId: row.leadId,
    contractorId: row.contractorId,
    otherName:
      row.side === "homeowner" ? singleLine(row.businessName) : firstName(row.homeownerName),
    businessName: singleLine(row.businessName),
    service: row.service,
    title: row.title ?? (row.service ? serviceLabel(row.service, locale) : untitledRequest(locale)),
    citySlug: row.citySlug,
    preview: row.preview,
    lastMessageAt: row.lastMessageAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    unread: row.unread,
  }));
}

/**
 * When each thread last moved (its last message, else its opening) as its
 * reader reads it, in `locale`: in the job's zone, and for the pro their
 * business's own beside it when it reads otherwise ("Dec 1, 2026, 12:33 PM
 * MST"). Each business's zone is read once for the whole list.
 */
export async function withTimes<T extends ThreadSummary>(
  db: Database,
  summaries: readonly T[],
  locale: Locale = DEFAULT_LOCALE,
): Promise<(T & { time: ZonedTime })[]> {
  const zones = zoneReader(db);
  return Promise.all(
    summaries.map(async (thread) => {
      const [job, viewer] = await Promise.all([
        zones.job(thread.citySlug, thread.contractorId),
        thread.side === "pro" ? zones.business(thread.contractorId) : null,
      ]);
      const at = new Date(thread.lastMessageAt ?? thread.createdAt);
      return { ...thread, time: timeForViewer(at, job, viewer, locale, "year") };
    }),
  );
}

/** The sidebar's figure: unread messages across all the person's threads, one query. */
export async function unreadTotal(
  db: Database,
  userId: string,
  /** A thread being opened on this very request: its loader marks it read, alongside. */
  opening?: string,
): Promise<number> {
  if (!isUuid(userId)) return 0;
  const mine = threadsOfPerson(db, userId);
  const [row] = await db
    .select({ n: sql`coalesce(sum(${unreadFor(READER_SIDE)}), 0)::int`.mapWith(Number) })
    .from(mine)
    .innerJoin(threads, eq(threads.id, mine.id))
    .where(opening && isUuid(opening) ? ne(threads.id, opening) : undefined);
  return row?.n ?? 0;
}

/**
 * A request's threads as its homeowner reads them (the caller has checked
 * the request is theirs: the browser-owned request's page), newest first.
 */
export async function threadsOfRequest(
  db: Database,
  leadId: string,
): Promise<{ threadId: string; otherName: string; unread: number }[]> {
  if (!isUuid(leadId)) return [];
  const rows = await db
    .select({
      threadId: threads.id,
      businessName: contractors.name,
      unread: sql`${unreadFor(sql`'homeowner'`)}::int`.mapWith(Number),
    })
    .from(threads)
    .innerJoin(contractors, eq(contractors.id, threads.contractorId))
    .where(eq(threads.leadId, leadId))
    .orderBy(desc(sql`coalesce(${threads.lastMessageAt}, ${threads.createdAt})`), threads.id);
  return rows.map((row) => ({
    threadId: row.threadId,
    otherName: singleLine(row.businessName),
    unread: row.unread,
  }));
}
