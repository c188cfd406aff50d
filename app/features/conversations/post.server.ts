/**
 * Posting a message: text up to MESSAGE_MAX_CHARS and up to
 * MESSAGE_MAX_PHOTOS photos (checked and re-encoded like a request's), at
 * most MESSAGE_RATE a person. Everything the message changes is written in
 * one transaction: the message, its photos, the thread's last activity, the
 * author's own read marker and the other side's unread-email job. The caller
 * publishes the message to live readers after it returns (committed).
 */
import { msg } from "@lingui/core/macro";
import { and, eq, sql } from "drizzle-orm";
import { prepareAll, PhotoRefused, type PhotoUpload } from "~/features/marketplace/index.server";
import { multiLine, singleLine } from "~/lib/plain-text";
import type { Delivery } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { hitRateLimit } from "~/lib/rate-limit.server";
import {
  contractors,
  leads,
  messages,
  photos,
  requestPros,
  threadReads,
  threads,
  type ThreadSide,
} from "../../../database/schema";
import { accountOf, asOwner, requireThread, threadNotFound, type Owner } from "./access.server";
import { figure, MESSAGE_MAX_CHARS, MESSAGE_MAX_PHOTOS, MESSAGE_RATE, waitMessage } from "./limits";
import { queueUnreadEmail } from "./message-email.server";
import { closureOf, closureSentence, type ThreadClosure } from "./thread-closure";
import { firstName } from "./view.server";

/** What posting needs besides the database: how this site's emails go ("held" without SMTP). */
export interface MessageDeps {
  delivery: Delivery;
}

/** A photo as the form sends it (a File) or as readPhotoUploads reads it. */
export type MessagePhoto = PhotoUpload | File;

export interface MessageInput {
  body: string;
  photos?: readonly MessagePhoto[];
}

/** A message just posted: what the live readers are sent. */
export interface PostedMessage {
  id: number;
  threadId: string;
  side: ThreadSide;
  body: string;
  photoIds: string[];
  createdAt: string;
}

export interface MessageErrors {
  body?: string;
  photos?: string;
}

export type PostResult =
  | { ok: true; message: PostedMessage }
  | { ok: false; errors: MessageErrors; status: 400 | 409 | 413 | 429; retryAfterS?: number };

/** Why a message was refused, in the writer's language (MESSAGE_ERRORS in limits.ts is the English). */
export function messageErrors(locale: Locale) {
  const i18n = i18nFor(locale);
  const limit = figure(MESSAGE_MAX_CHARS, locale);
  const photos = figure(MESSAGE_MAX_PHOTOS, locale);
  const sent = figure(MESSAGE_RATE.max, locale);
  const period = i18n._(waitMessage(MESSAGE_RATE.windowS));
  return {
    empty: i18n._(msg`Write a message or add a photo.`),
    tooLong: (count: number) => {
      const typed = figure(count, locale);
      return i18n._(msg`Keep your message to ${limit} characters or fewer (you typed ${typed}).`);
    },
    tooManyPhotos: i18n._(msg`You can add up to ${photos} photos to a message.`),
    suspended: i18n._(
      msg`Your profile is suspended, so you can't send messages. If you think this is a mistake, please contact us.`,
    ),
    /** The conversation is closed: the sentence the page shows in its place. */
    closed: (closure: ThreadClosure, side: ThreadSide, otherName: string) =>
      i18n._(closureSentence(closure, side, otherName)),
    rateLimited: (retryAfterS: number) => {
      const wait = i18n._(waitMessage(retryAfterS));
      return i18n._(
        msg`You've sent ${sent} messages in the last ${period}. Please wait ${wait} before sending another.`,
      );
    },
  };
}

/** The text as stored: no control characters but line breaks and tabs, no outer spaces. */
export function cleanBody(raw: string): string {
  return multiLine(raw).replace(/\r\n?/g, "\n").trim();
}

/** Characters as PostgreSQL counts them (code points: a surrogate pair is one), for the limit. */
export const charCount = (text: string): number =>
  text.length - (text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0);

/** The files a person chose (a form posted without one sends an empty part). */
async function uploadsOf(files: readonly MessagePhoto[]): Promise<PhotoUpload[]> {
  const chosen = files.filter((file) =>
    file instanceof Blob ? !(file.name === "" && file.size === 0) : true,
  );
  return Promise.all(
    chosen.map(async (file) =>
      file instanceof Blob
        ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
        : file,
    ),
  );
}

/** The per-person counter's key: an account, or a browser's request. */
const rateKey = (owner: Owner): string =>
  "userId" in owner ? `message:user:${owner.userId}` : `message:browser:${owner.browserLeadId}`;

/**
 * Posts `input` to the thread as `author`. A thread they may not read is
 * NotFound (404); what they can fix comes back as `errors` with its status,
 * in `locale` (the page's language).
 */
export async function postMessage(
  db: Database,
  deps: MessageDeps,
  author: Owner,
  threadId: string,
  input: MessageInput,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PostResult> {
  const access = await requireThread(db, author, threadId);
  const owner = asOwner(author);
  if (!owner) throw threadNotFound();
  const body = cleanBody(input.body);
  const uploads = await uploadsOf(input.photos ?? []);
  const refusals = messageErrors(locale);
  const errors: MessageErrors = {};
  if (body === "" && uploads.length === 0) errors.body = refusals.empty;
  const typed = charCount(body);
  if (typed > MESSAGE_MAX_CHARS) errors.body = refusals.tooLong(typed);
  if (uploads.length > MESSAGE_MAX_PHOTOS) errors.photos = refusals.tooManyPhotos;
  if (errors.body ?? errors.photos) return { ok: false, errors, status: 400 };

  const limit = await hitRateLimit(db, rateKey(owner), MESSAGE_RATE);
  if (!limit.allowed) {
    return {
      ok: false,
      errors: { body: refusals.rateLimited(limit.retryAfterS) },
      status: 429,
      retryAfterS: limit.retryAfterS,
    };
  }

  let prepared: Awaited<ReturnType<typeof prepareAll>> = [];
  try {
    prepared = await prepareAll(uploads, locale);
  } catch (error) {
    if (error instanceof PhotoRefused) {
      return { ok: false, errors: { photos: error.message }, status: error.status };
    }
    throw error;
  }

  const message = await db.transaction(
    async (tx): Promise<PostedMessage | { closed: ThreadClosure; otherName: string } | null> => {
      // A suspended business reads its threads but writes nothing (share lock: see
      // refuseIfSuspended, a suspension being written waits for this message or it for it).
      if (access.side === "pro") {
        const [business] = await tx
          .select({ suspendedAt: contractors.suspendedAt })
          .from(contractors)
          .where(eq(contractors.id, access.contractorId))
          .for("share");
        if (business?.suspendedAt) return null;
      }
      // A closed part closes its conversation (thread-closure.ts): the request's row is
      // shared-locked, so a "Not going ahead" or a removal being written waits for this
      // message or it for it.
      const [part] = await tx
        .select({
          state: requestPros.state,
          requestStatus: leads.status,
          homeowner: leads.name,
          business: contractors.name,
        })
        .from(leads)
        .innerJoin(contractors, eq(contractors.id, access.contractorId))
        .leftJoin(
          requestPros,
          and(eq(requestPros.leadId, leads.id), eq(requestPros.contractorId, access.contractorId)),
        )
        .where(eq(leads.id, access.leadId))
        .for("share", { of: leads });
      const closure = part ? closureOf(part) : null;
      if (part && closure) {
        const otherName =
          access.side === "homeowner" ? singleLine(part.business) : firstName(part.homeowner);
        return { closed: closure, otherName };
      }
      // The thread's row is locked: its messages' order, its last activity and
      // the other side's one waiting email are decided one message at a time.
      const [thread] = await tx
        .select({ id: threads.id, leadId: threads.leadId })
        .from(threads)
        .where(eq(threads.id, access.threadId))
        .for("update");
      if (!thread) throw threadNotFound();
      const [row] = await tx
        .insert(messages)
        .values({ threadId: thread.id, side: access.side, authorId: accountOf(owner), body })
        .returning({ id: messages.id, createdAt: messages.createdAt });
      if (!row) throw new Error("the message was not stored");
      const photoRows =
        prepared.length === 0
          ? []
          : await tx
              .insert(photos)
              .values(
                prepared.map((photo, position) => ({ messageId: row.id, position, ...photo })),
              )
              .returning({ id: photos.id, position: photos.position });
      await tx
        .update(threads)
        .set({ lastMessageAt: row.createdAt })
        .where(eq(threads.id, thread.id));
      await tx
        .insert(threadReads)
        .values({ threadId: thread.id, side: access.side, lastReadId: row.id })
        .onConflictDoUpdate({
          target: [threadReads.threadId, threadReads.side],
          set: { lastReadId: sql`greatest(${threadReads.lastReadId}, excluded.last_read_id)` },
        });
      const other: ThreadSide = access.side === "homeowner" ? "pro" : "homeowner";
      await queueUnreadEmail(tx, thread, other, deps.delivery);
      return {
        id: row.id,
        threadId: thread.id,
        side: access.side,
        body,
        photoIds: photoRows.toSorted((a, b) => a.position - b.position).map((photo) => photo.id),
        createdAt: row.createdAt.toISOString(),
      };
    },
  );
  if (!message) return { ok: false, errors: { body: refusals.suspended }, status: 409 };
  if ("closed" in message) {
    const body = refusals.closed(message.closed, access.side, message.otherName);
    return { ok: false, errors: { body }, status: 409 };
  }
  return { ok: true, message };
}
