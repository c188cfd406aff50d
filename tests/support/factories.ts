/** Test data with overrides (the way a person would fill the forms). */
import { Writable } from "node:stream";
import type { Logger } from "pino";
import { createFormKey } from "~/features/leads/form-key.server";
import type { LeadRow } from "~/features/leads/lead-row";
import type { EmailMessage } from "~/lib/mail/email";
import { createOutboxWorker, type OutboxOptions } from "~/lib/mail/outbox.server";
import type { AppServices } from "~/lib/app-context.server";
import type { Database, DatabaseHandle } from "~/lib/db.server";
import { parseEnv } from "~/lib/env.server";
import { createLogger } from "~/lib/logger.server";
import { createLocalMessageBus, type MessageBus } from "~/lib/message-bus.server";

export const TEST_SECRET = "test-secret-0123456789abcdef0123456789abcdef";

let sequence = 0;

/**
 * A valid home-page quote request; pass undefined to leave a field out. The
 * `formKey` entry stands for the form-key cookie (see splitFormKey).
 */
export function quoteFields(
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  sequence += 1;
  const fields: Record<string, string | undefined> = {
    intent: "quote",
    formKey: createFormKey(TEST_SECRET, Date.now() - 60_000),
    name: `Jordan Rivera ${sequence.toString()}`,
    email: `jordan.${sequence.toString()}@example.com`,
    phone: "(303) 555-0147",
    service: "roofing",
    postalCode: "80202",
    details: "Shingles blew off in last night's storm; the attic is damp.",
    preferredContact: "phone",
    consent: "on",
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/**
 * A listing's request to one business (its request page's form), as a person
 * fills it in; the business's id is the page's (`contractorId`).
 */
export function listingRequestFields(
  overrides: Record<string, string | undefined> = {},
): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    intent: "listing",
    kind: "quote",
    service: "roof-repair",
    postalCode: "80205",
    details: "Two shingles came off the north side in the wind; the flashing looks loose.",
    consent: "on",
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** Separates the form-key cookie from the form's own fields. */
export function splitFormKey(fields: Record<string, string>): { formKey?: string; form: FormData } {
  const { formKey, ...rest } = fields;
  return { formKey, form: formData(rest) };
}

export function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

/** A logger that keeps its JSON lines in memory (with the production redaction). */
export function memoryLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const logger = createLogger("debug", stream);
  return { logger, lines };
}

export function testServices(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  options: { logger?: Logger; notifyOutbox?: () => void; messageBus?: MessageBus } = {},
): AppServices {
  const logger = options.logger ?? memoryLogger().logger;
  return {
    env: parseEnv({ NODE_ENV: "test", FORM_MIN_FILL_MS: "2000", ...env }),
    logger,
    database,
    secret: TEST_SECRET,
    notifyOutbox: options.notifyOutbox ?? (() => {}),
    messageBus: options.messageBus ?? createLocalMessageBus(logger),
  };
}

/**
 * An outbox worker whose email transport keeps what it would send in `sent`
 * (runOnce drives it; it never polls on its own in a test). `options` may
 * give it a clock, mail settings for the emails its handlers compose, and
 * the first retry's delay.
 */
export function recordingOutboxWorker(
  db: Database,
  options: Partial<Pick<OutboxOptions, "now" | "mail" | "retryBaseMs" | "stale">> = {},
) {
  const sent: EmailMessage[] = [];
  const worker = createOutboxWorker({
    db,
    logger: memoryLogger().logger,
    transports: {
      email: (message) => {
        sent.push(message);
        return Promise.resolve();
      },
      close() {},
    },
    maxAttempts: 3,
    retryBaseMs: 1,
    pollMs: 60_000,
    ...options,
  });
  return { worker, sent };
}

/** A stored request as the emails read it: a Denver roof, sent from the home form. */
export function leadRow(overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    id: "4a4c6a0e-3b0e-4d8e-9a59-4d6c1f1b2a10",
    createdAt: new Date("2026-03-14T15:00:00Z"),
    source: "home",
    name: "Jordan Rivera",
    email: "jordan@example.com",
    phone: "+13035550147",
    service: "roofing",
    citySlug: null,
    postalCode: "80202",
    country: "US",
    details: "Shingles blew off.",
    preferredContact: "phone",
    preferredTime: null,
    locale: "en",
    consentText: "I agree…",
    consentAt: new Date("2026-03-14T15:00:00Z"),
    consentVersion: null,
    consentAddress: null,
    consentUserAgent: null,
    userId: null,
    status: "sent",
    contractorId: null,
    title: null,
    progress: 0,
    completedAt: null,
    scheduledFor: null,
    closedReason: null,
    closedAt: null,
    expiryWarnedAt: null,
    idempotencyKey: "k",
    ...overrides,
  };
}
