/**
 * Outbox jobs whose email is composed when it is sent, not when it is
 * queued (conversations' unread-message email: only if still unread). The
 * feature that queues such a kind registers how to deliver it here, when its
 * module is loaded, so that the outbox (below every feature) imports none of
 * them (decision 032). Every other email kind is stored composed and sent as
 * it is.
 */
import type { Database } from "~/lib/db.server";
import type { OutboxKind } from "../../../database/enums";
import type { EmailMessage } from "./email";

/**
 * Delivers one job of the kind from its stored payload; resolves false when
 * nothing needed sending (the worker then drops the job instead of marking it
 * sent). Throws to have the job retried.
 */
export type JobHandler = (
  db: Database,
  send: (message: EmailMessage) => Promise<void>,
  payload: unknown,
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
