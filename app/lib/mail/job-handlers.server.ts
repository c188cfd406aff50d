/**
 * Outbox jobs whose email is composed when it is sent, not when it is
 * queued (conversations' unread-message email: only if still unread), and
 * tasks the outbox runs when they come due (the end of a pro's answer
 * window). The
 * feature that queues such a kind registers how to deliver it here, when its
 * module is loaded, so that the outbox (below every feature) imports none of
 * them (decision 032). Every other email kind is stored composed and sent as
 * it is.
 */
import type { Database } from "~/lib/db.server";
import type { OutboxKind } from "../../../database/enums";
import type { EmailMessage, MailSettings } from "./email";

/** What a handler is told besides the job: the worker's time, and how new emails go. */
export interface JobContext {
  /** The worker's clock when it claimed the job (tests move it). */
  now: Date;
  /** How an email the handler queues goes: "held" while SMTP is not configured. */
  emailStatus: "pending" | "held";
  /** The site's mail settings, for emails the handler composes (undefined in some tests). */
  mail: MailSettings | undefined;
  /**
   * Tells every instance that the public pages of these businesses are stale
   * (decision 041), after the handler's write has committed; never throws.
   * Absent in tests that do not watch it.
   */
  stale?: (businessIds: readonly string[]) => Promise<void>;
}

/**
 * Delivers one job of the kind from its stored payload; resolves false when
 * nothing needed sending (the worker then drops the job instead of marking it
 * sent). Throws to have the job retried. A task kind (TASK_KINDS) is run
 * with or without SMTP: its `send` throws when SMTP is not configured.
 */
export type JobHandler = (
  db: Database,
  send: (message: EmailMessage) => Promise<void>,
  payload: unknown,
  context: JobContext,
) => Promise<boolean>;

const handlers = new Map<OutboxKind, JobHandler>();

/** Registers the kind's handler; registering the same kind again replaces it. */
export function registerJobHandler(kind: OutboxKind, handler: JobHandler): void {
  handlers.set(kind, handler);
}

/** The kind's handler, if a feature registered one. */
export function jobHandler(kind: OutboxKind): JobHandler | undefined {
  return handlers.get(kind);
}
