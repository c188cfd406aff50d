/**
 * A thread as one of its two people reads it (the page, with or without
 * JavaScript): the newest THREAD_PAGE_SIZE messages, oldest first, with a
 * cursor for older ones; the other party as the site names them; contact
 * details only as the one contact rule allows (marketplace contact-rule.ts:
 * the channels the homeowner allowed once the pro accepted, both once shared
 * here, none once the pro's part or the request is closed). Reading the newest page marks
 * the thread read for the reader's side.
 */
import { msg } from "@lingui/core/macro";
import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { serviceLabel } from "~/features/content/index.server";
import { singleLine } from "~/lib/plain-text";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { dateInZone, timeForViewer, type ZonedTime } from "~/lib/zone-time";
import {
  contractors,
  leads,
  messages,
  photos,
  requestPros,
  threadReads,
  threads,
  users,
  type ThreadSide,
} from "../../../database/schema";
import { contactVisibility, visibleContact, type ContactVisibility } from "~/features/marketplace";
import { zoneReader } from "~/features/visits/index.server";
import { requireThread, type Participant, type ThreadAccess } from "./access.server";
import { THREAD_PAGE_SIZE } from "./limits";
import { dropUnreadEmail } from "./message-email.server";
import { closureOf, type ThreadClosure } from "./thread-closure";

export interface ThreadMessage {
  id: number;
  side: ThreadSide;
  /** The text, or removedText once an operator removed it. */
  body: string;
  removed: boolean;
  /** Its photos in order (none once removed): /photos/:id. */
  photoIds: string[];
  createdAt: string;
  /**
   * When it was sent, as the reader reads it: in the job's zone, and the pro's
   * own beside it when it reads otherwise. Formatted here, so the browser shows
   * the server's words (no zone data of its own, no hydration mismatch).
   */
  time: ZonedTime;
  /** Written by the reader's side. */
  mine: boolean;
}

export interface ThreadView extends ThreadAccess {
  /** The request's service as the site names it, and its project title. */
  title: string;
  service: string | null;
  /** The business's name for the homeowner; the homeowner's first name for the pro. */
  otherName: string;
  /** The business's public profile, for the homeowner (null while it is not listed). */
  businessProfilePath: string | null;
  contactSharedAt: string | null;
  /** The day it was shared, in the job's zone ("Dec 1, 2026"). */
  contactSharedOn: string | null;
  /** The homeowner's email and phone as the pro may see them (null for the homeowner). */
  contact: { email: string | null; phone: string | null } | null;
  /** What the pro sees of them (contact-rule.ts), for both sides' panels. */
  contactState: ContactVisibility["kind"];
  messages: ThreadMessage[];
  /** Pass as `before` for the page of older messages; null when these are the first. */
  olderCursor: number | null;
  /** The newest message id the other side has read (0: none). */
  otherReadUpTo: number;
  /** Why the conversation is closed (read only, for both), or null while it is open. */
  closure: ThreadClosure | null;
}

/** The zones a thread's times are read in: the job's, and the pro's own for the pro. */
interface ThreadZones {
  job: string;
  viewer: string | null;
}

/** What is shown instead of a message an operator removed (REMOVED_TEXT in English). */
export const removedText = (locale: Locale): string =>
  translate(locale, msg`This message was removed.`);

/** A thread's title when its request has neither a title nor a service. */
export const untitledRequest = (locale: Locale): string => translate(locale, msg`Request`);

/** Why a share was refused, in the reader's language (SHARE_ERRORS in limits.ts is the English). */
export const shareErrors = (locale: Locale) => ({
  notHomeowner: translate(
    locale,
    msg`Only the homeowner can share their contact details in this conversation.`,
  ),
});

/** "Jordan" from "Jordan Lee": what a pro is told of the homeowner. */
export const firstName = (name: string): string => singleLine(name).trim().split(/\s+/)[0] ?? "";

/** A cursor from an address or a form: a positive whole number, or none. */
export function readCursor(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : value;
  if (typeof text !== "string" || !/^[1-9][0-9]{0,15}$/.test(text)) return null;
  return Number(text);
}

async function readMarkers(db: Database, threadId: string) {
  const rows = await db
    .select({ side: threadReads.side, lastReadId: threadReads.lastReadId })
    .from(threadReads)
    .where(eq(threadReads.threadId, threadId));
  return (side: ThreadSide) => rows.find((row) => row.side === side)?.lastReadId ?? 0;
}

/** The page of messages before `before` (or the newest), oldest first. */
async function pageOf(
  db: Database,
  access: ThreadAccess,
  before: number | null,
  locale: Locale,
  zones: ThreadZones,
) {
  const rows = await db
    .select({
      id: messages.id,
      side: messages.side,
      body: messages.body,
      createdAt: messages.createdAt,
      removedAt: messages.removedAt,
    })
    .from(messages)
    .where(
      and(
        eq(messages.threadId, access.threadId),
        before === null ? undefined : lt(messages.id, before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(THREAD_PAGE_SIZE + 1);
  const shown = rows.slice(0, THREAD_PAGE_SIZE).reverse();
  const visible = shown.filter((row) => row.removedAt === null).map((row) => row.id);
  const photoRows =
    visible.length === 0
      ? []
      : await db
          .select({ id: photos.id, messageId: photos.messageId })
          .from(photos)
          .where(inArray(photos.messageId, visible))
          .orderBy(photos.messageId, photos.position);
  const list: ThreadMessage[] = shown.map((row) => ({
    id: row.id,
    side: row.side,
    body: row.removedAt ? removedText(locale) : row.body,
    removed: row.removedAt !== null,
    photoIds: photoRows.filter((photo) => photo.messageId === row.id).map((photo) => photo.id),
    createdAt: row.createdAt.toISOString(),
    time: timeForViewer(row.createdAt, zones.job, zones.viewer, locale, "day"),
    mine: row.side === access.side,
  }));
  const olderCursor = rows.length > THREAD_PAGE_SIZE ? (shown[0]?.id ?? null) : null;
  return { list, olderCursor };
}

/** Marks the thread read for `side` up to `lastReadId` (never backwards), and drops its waiting email. */
export async function markRead(
  db: Database,
  thread: { id: string; leadId: string },
  side: ThreadSide,
  lastReadId: number,
): Promise<void> {
  await db
    .insert(threadReads)
    .values({ threadId: thread.id, side, lastReadId })
    .onConflictDoUpdate({
      target: [threadReads.threadId, threadReads.side],
      set: { lastReadId: sql`greatest(${threadReads.lastReadId}, excluded.last_read_id)` },
    });
  await dropUnreadEmail(db, thread, side);
}

/**
 * The thread as `who` reads it (NotFound when they may not). `before`: the
 * olderCursor of the page shown, for the older page (which marks nothing read);
 * `locale`: the page's language.
 */
export async function threadView(
  db: Database,
  who: Participant,
  threadId: string,
  options: { before?: unknown; locale?: Locale } = {},
): Promise<ThreadView> {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const access = await requireThread(db, who, threadId);
  const [row] = await db
    .select({
      name: leads.name,
      title: leads.title,
      service: leads.service,
      citySlug: leads.citySlug,
      leadEmail: leads.email,
      accountEmail: users.email,
      phone: leads.phone,
      businessName: contractors.name,
      slug: contractors.slug,
      listed: sql<boolean>`${contractors.suspendedAt} is null and not ${contractors.demoOnly}`,
      contactSharedAt: threads.contactSharedAt,
      status: leads.status,
      preferredContact: leads.preferredContact,
      state: requestPros.state,
      acceptedAt: requestPros.acceptedAt,
    })
    .from(threads)
    .innerJoin(leads, eq(leads.id, threads.leadId))
    .innerJoin(contractors, eq(contractors.id, threads.contractorId))
    // Every thread is opened by an accept, so its part is there; a thread without one shows nothing.
    .leftJoin(
      requestPros,
      and(
        eq(requestPros.leadId, threads.leadId),
        eq(requestPros.contractorId, threads.contractorId),
      ),
    )
    .leftJoin(users, eq(users.id, leads.userId))
    .where(eq(threads.id, access.threadId));
  if (!row) throw new Error("the thread went away while it was read");
  const homeowner = access.side === "homeowner";
  const reader = zoneReader(db);
  const [job, viewer] = await Promise.all([
    reader.job(row.citySlug, access.contractorId),
    // The homeowner's own zone is not known to the server (decision 040): theirs is the job's.
    homeowner ? null : reader.business(access.contractorId),
  ]);
  const zones: ThreadZones = { job, viewer };
  const before = readCursor(options.before);
  const { list, olderCursor } = await pageOf(db, access, before, locale, zones);
  const readUpTo = await readMarkers(db, access.threadId);
  const newest = list.at(-1)?.id;
  if (before === null && newest !== undefined && newest > readUpTo(access.side)) {
    await markRead(db, { id: access.threadId, leadId: access.leadId }, access.side, newest);
  }
  const visibility = contactVisibility({
    state: row.state ?? "sent",
    requestStatus: row.status,
    preferredContact: row.preferredContact,
    sharedInThread: row.contactSharedAt !== null,
    everAccepted: row.acceptedAt !== null,
  });
  return {
    ...access,
    title: row.title ?? (row.service ? serviceLabel(row.service, locale) : untitledRequest(locale)),
    service: row.service,
    otherName: homeowner ? singleLine(row.businessName) : firstName(row.name),
    businessProfilePath: homeowner && row.listed ? `/pros/${row.slug}` : null,
    contactSharedAt: row.contactSharedAt?.toISOString() ?? null,
    contactSharedOn: row.contactSharedAt
      ? dateInZone(row.contactSharedAt, zones.job, locale)
      : null,
    contact: homeowner
      ? null
      : visibleContact(visibility, { email: row.leadEmail ?? row.accountEmail, phone: row.phone }),
    contactState: visibility.kind,
    messages: list,
    olderCursor,
    otherReadUpTo: readUpTo(homeowner ? "pro" : "homeowner"),
    closure: closureOf({ state: row.state, requestStatus: row.status }),
  };
}

export type ShareResult =
  { ok: true; sharedAt: string; changed: boolean } | { ok: false; error: string; status: 403 };

/**
 * The homeowner shows the pro their email and phone in this thread, once
 * (sharing again changes nothing). The pro cannot: 403 with a sentence, in `locale`.
 */
export async function shareContact(
  db: Database,
  who: Participant,
  threadId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ShareResult> {
  const access = await requireThread(db, who, threadId);
  if (access.side !== "homeowner") {
    return { ok: false, error: shareErrors(locale).notHomeowner, status: 403 };
  }
  const [changed] = await db
    .update(threads)
    .set({ contactSharedAt: sql`now()` })
    .where(and(eq(threads.id, access.threadId), sql`${threads.contactSharedAt} is null`))
    .returning({ sharedAt: threads.contactSharedAt });
  if (changed?.sharedAt)
    return { ok: true, sharedAt: changed.sharedAt.toISOString(), changed: true };
  const [row] = await db
    .select({ sharedAt: threads.contactSharedAt })
    .from(threads)
    .where(eq(threads.id, access.threadId));
  if (!row?.sharedAt) throw new Error("the contact was neither shared nor already shared");
  return { ok: true, sharedAt: row.sharedAt.toISOString(), changed: false };
}
