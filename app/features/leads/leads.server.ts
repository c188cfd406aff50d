/**
 * Taking a lead: spam checks, validation, the shared rate limit, then the
 * lead and its delivery jobs in one atomic statement. The caller answers the
 * person only after this resolves, so a success means the lead is committed.
 */
import { createHash, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { AppServices } from "~/lib/app-context.server";
import { CONSENT_TEXT } from "~/site";
import { leads, outboxJobs, type LeadSource } from "../../../database/schema";
import { verifyFormKey } from "./form-key.server";
import { fieldErrors, formValues, type FieldErrors, type LeadFormSchema } from "./lead-schema";
import {
  composeBusinessEmail,
  composeConfirmationEmail,
  composeWebhookBody,
  maskEmail,
  type LeadRow,
  type MailSettings,
} from "./messages.server";
import { phoneCountry } from "./phone";
import { parsePostalCode } from "./postal-code";
import { clientKey, hitRateLimit } from "./rate-limit.server";

/** The hidden field bots fill in and people never see. */
export const HONEYPOT_FIELD = "company";
/** Fields echoed back to the form after an error (never the meta fields). */
const META_FIELDS = new Set([HONEYPOT_FIELD, "intent"]);

export type SubmitOutcome =
  | { status: "created" | "duplicate"; leadId: string; lead: LeadRow }
  | { status: "invalid"; errors: FieldErrors; values: Record<string, string> }
  | { status: "rate_limited"; retryAfterS: number; values: Record<string, string> }
  /** Honeypot or too-fast: answered like a success, nothing stored. */
  | { status: "ignored" };

export interface SubmitInput {
  services: AppServices;
  clientAddress: string;
  source: LeadSource;
  schema: LeadFormSchema;
  form: FormData;
  /** The request's form key (its cookie), when it has one. */
  formKey?: string;
  /** Values the form does not carry: the signed-in user, the contractor, the city. */
  extra?: { userId?: string; contractorId?: string; citySlug?: string };
}

export function mailSettings(services: AppServices): MailSettings {
  const { env } = services;
  const host = new URL(env.SITE_URL).hostname;
  return {
    from: env.MAIL_FROM ?? `TradeMatch <no-reply@${host}>`,
    businessInbox: env.LEADS_EMAIL_TO ?? `leads@${host}`,
    siteUrl: env.SITE_URL,
  };
}

function echo(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !META_FIELDS.has(key)));
}

/** What the person typed, to put back in the form after an error. */
export function echoFormValues(form: FormData): Record<string, string> {
  return echo(formValues(form));
}

/** A digest of what the person typed, field by field. */
function contentDigest(values: Record<string, string>, salt = ""): string {
  const content = JSON.stringify(echo(values), Object.keys(values).sort());
  return createHash("sha256").update(`${salt}|${content}`).digest("base64url");
}

/** Without a valid form key, two identical submissions in ten minutes are one lead. */
function contentKey(client: string, values: Record<string, string>): string {
  const bucket = Math.floor(Date.now() / 600_000).toString();
  return `h:${contentDigest(values, `${client}|${bucket}`)}`;
}

/**
 * With a form key, the same request sent again (a double click, a retry after
 * a dropped answer) is one lead. The key alone is not enough: two people can
 * hold the same key, if a shared cache replays the cookie that carries it, and
 * a person whose answer was lost may send again with a correction. Either way
 * the second request differs, and is a lead of its own rather than lost.
 */
function formKeyKey(source: string, keyId: string, values: Record<string, string>): string {
  return `k:${source}:${keyId}:${contentDigest(values)}`;
}

export async function submitLead(input: SubmitInput): Promise<SubmitOutcome> {
  const { services, source, schema, form } = input;
  const { env, database, logger, secret } = services;
  const values = formValues(form);

  if (values[HONEYPOT_FIELD]) {
    logger.info({ source, reason: "honeypot" }, "lead ignored as spam");
    return { status: "ignored" };
  }
  const formKey = verifyFormKey(secret, input.formKey);
  if (formKey && Date.now() - formKey.issuedAt < env.FORM_MIN_FILL_MS) {
    logger.info({ source, reason: "too fast" }, "lead ignored as spam");
    return { status: "ignored" };
  }

  const parsed = z.safeParse(schema, values);
  if (!parsed.success) {
    return { status: "invalid", errors: fieldErrors(parsed.error), values: echo(values) };
  }
  const data = parsed.data as Record<string, string | undefined>;

  const client = clientKey(secret, input.clientAddress);
  const limit = await hitRateLimit(database.db, `lead:${client}`, {
    max: env.RATE_LIMIT_MAX,
    windowS: env.RATE_LIMIT_WINDOW_S,
  });
  if (!limit.allowed) {
    logger.warn({ source, retryAfterS: limit.retryAfterS }, "lead rate limited");
    return { status: "rate_limited", retryAfterS: limit.retryAfterS, values: echo(values) };
  }

  const postal = data.postalCode ? parsePostalCode(data.postalCode) : null;
  const phone = data.phone;
  const now = new Date();
  const row = {
    source,
    name: data.name ?? "",
    email: data.email ?? null,
    phone: phone ?? null,
    service: data.service ?? null,
    citySlug: input.extra?.citySlug ?? data.citySlug ?? null,
    postalCode: postal?.code ?? null,
    country: postal?.country ?? (phone ? phoneCountry(phone) : null),
    details: data.details ?? null,
    preferredContact: (data.preferredContact as LeadRow["preferredContact"]) ?? null,
    preferredTime: (data.preferredTime as LeadRow["preferredTime"]) ?? null,
    consentText: CONSENT_TEXT,
    consentAt: now,
    userId: input.extra?.userId ?? null,
    contractorId: input.extra?.contractorId ?? null,
    idempotencyKey: formKey ? formKeyKey(source, formKey.id, values) : contentKey(client, values),
  } satisfies typeof leads.$inferInsert;

  const outcome = await storeLead(services, row);
  return { status: outcome.status, leadId: outcome.lead.id, lead: outcome.lead };
}

export type NewLead = typeof leads.$inferInsert;

/**
 * Writes a lead and its delivery jobs in one statement (atomic, one round
 * trip: under load every round trip waits for a busy event loop). The lead's
 * id and time are chosen here so that the jobs' messages can be composed
 * before the write. A lead whose idempotency key exists already is returned
 * as it is ("duplicate"), with no new jobs.
 */
export async function storeLead(
  services: AppServices,
  row: NewLead,
): Promise<{ status: "created" | "duplicate"; lead: LeadRow }> {
  const { env, logger } = services;
  const db = services.database.db;
  const lead = completeLead(row);
  const jobs = deliveryJobs(lead, services).map(({ kind, status, payload }) => ({
    kind,
    status,
    payload,
  }));
  const insertLead = db
    .insert(leads)
    .values(lead)
    .onConflictDoNothing({ target: leads.idempotencyKey })
    .returning({ id: leads.id });
  // The shared Database type leaves execute()'s result open: it is the driver's own.
  const written = (await db.execute(sql`
    with new_lead as (${insertLead.getSQL()})
    insert into ${outboxJobs} (lead_id, kind, status, payload)
    select new_lead.id, job.kind, job.status, job.payload
    from new_lead, jsonb_to_recordset(${JSON.stringify(jobs)}::jsonb)
      as job(kind text, status text, payload jsonb)
    returning lead_id`)) as DriverRows<{ lead_id: string }>;
  let outcome: { status: "created" | "duplicate"; lead: LeadRow };
  if (rowsOf(written).length > 0) {
    outcome = { status: "created", lead };
  } else {
    const [existing] = await db
      .select()
      .from(leads)
      .where(eq(leads.idempotencyKey, row.idempotencyKey));
    if (!existing) throw new Error("idempotency conflict without a lead");
    outcome = { status: "duplicate", lead: existing };
  }
  logger.info(
    {
      source: row.source,
      leadId: outcome.lead.id,
      status: outcome.status,
      service: outcome.lead.service,
    },
    outcome.status === "created" ? "lead received" : "lead resubmitted",
  );
  if (outcome.status === "created") {
    if (!env.SMTP_URL) logHeldEmails(services, outcome.lead);
    services.notifyOutbox();
  }
  return outcome;
}

/** With no SMTP server the emails stay in the outbox; the log says so, without personal data. */
function logHeldEmails(services: AppServices, lead: LeadRow) {
  const mail = mailSettings(services);
  const business = composeBusinessEmail(lead, mail);
  services.logger.info(
    { leadId: lead.id, kind: "business_email", to: business.to, subject: business.subject },
    "email kept in the outbox (SMTP_URL is not set); `npm run leads -- list` shows the lead",
  );
  if (lead.email) {
    services.logger.info(
      { leadId: lead.id, kind: "confirmation_email", to: maskEmail(lead.email) },
      "email kept in the outbox (SMTP_URL is not set)",
    );
  }
}

/** The row as the database will hold it: every column, defaults filled in. */
function completeLead(row: NewLead): LeadRow {
  return {
    id: randomUUID(),
    createdAt: new Date(),
    email: null,
    phone: null,
    service: null,
    citySlug: null,
    postalCode: null,
    country: null,
    details: null,
    preferredContact: null,
    preferredTime: null,
    userId: null,
    status: "pending",
    contractorId: null,
    title: null,
    progress: 0,
    scheduledFor: null,
    ...definedOnly(row),
  } as LeadRow;
}

function definedOnly<T extends object>(row: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(row).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** postgres.js answers an array of rows, PGlite an object holding them. */
type DriverRows<T> = T[] | { rows: T[] };

function rowsOf<T>(result: DriverRows<T>): T[] {
  return Array.isArray(result) ? result : result.rows;
}

function deliveryJobs(lead: LeadRow, services: AppServices): (typeof outboxJobs.$inferInsert)[] {
  const { env } = services;
  const mail = mailSettings(services);
  // Without SMTP the emails wait in the outbox ("held") until SMTP_URL is set.
  const emailStatus = env.SMTP_URL ? "pending" : "held";
  const jobs: (typeof outboxJobs.$inferInsert)[] = [
    {
      leadId: lead.id,
      kind: "business_email",
      status: emailStatus,
      payload: composeBusinessEmail(lead, mail),
    },
  ];
  const confirmation = composeConfirmationEmail(lead, mail);
  if (confirmation) {
    jobs.push({
      leadId: lead.id,
      kind: "confirmation_email",
      status: emailStatus,
      payload: confirmation,
    });
  }
  if (env.LEAD_WEBHOOK_URL) {
    jobs.push({
      leadId: lead.id,
      kind: "webhook",
      status: "pending",
      payload: composeWebhookBody(lead),
    });
  }
  return jobs;
}
