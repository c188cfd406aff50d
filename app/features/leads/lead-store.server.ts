/**
 * Storing a lead that submitLead (leads.server.ts) has taken: the lead and its
 * delivery jobs (the emails and the webhook) written in one statement, and
 * the mail settings and job status those jobs are made with.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { findCity, loadGazetteer, placeLabel } from "~/features/places/index.server";
import type { AppServices } from "~/lib/app-context.server";
import { rowsOf } from "~/lib/db.server";
import { DEFAULT_LOCALE } from "~/lib/locales";
import { maskEmail, type MailSettings } from "~/lib/mail/email";
import { mailSettingsOf } from "~/lib/mail/settings.server";
import { leads, outboxJobs } from "../../../database/schema";
import {
  composeBusinessEmail,
  composeConfirmationEmail,
  composeWebhookBody,
  type ConfirmationReader,
} from "./lead-emails.server";
import { readerLocaleOf } from "./homeowner-reader.server";
import { requestLinkSecret } from "./request-link.server";
import type { LeadRow } from "./lead-row";

export function mailSettings(services: AppServices): MailSettings {
  return mailSettingsOf(services.env);
}

/** Without SMTP, emails wait in the outbox ("held") until SMTP_URL is set. */
export function emailJobStatus(services: AppServices): "pending" | "held" {
  return services.env.SMTP_URL ? "pending" : "held";
}

/** The place of a lead in our own words: a city we list, or the city of a ZIP we know. */
async function knownPlace(row: Pick<NewLead, "citySlug" | "postalCode">): Promise<string | null> {
  const city = row.citySlug ? await findCity(row.citySlug) : undefined;
  if (city) return placeLabel(city);
  const byCode = row.postalCode ? (await loadGazetteer()).byPostalCode(row.postalCode) : undefined;
  return byCode ? placeLabel(byCode) : null;
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
  const place = await knownPlace(row);
  const reader = {
    locale: await readerLocaleOf(db, lead),
    signing: { secret: await requestLinkSecret(db), now: lead.createdAt },
  };
  const jobs = deliveryJobs(lead, services, place, reader).map(({ kind, status, payload }) => ({
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
  const written = await db.execute(sql`
    with new_lead as (${insertLead.getSQL()})
    insert into ${outboxJobs} (lead_id, kind, status, payload)
    select new_lead.id, job.kind, job.status, job.payload
    from new_lead, jsonb_to_recordset(${JSON.stringify(jobs)}::jsonb)
      as job(kind text, status text, payload jsonb)
    returning lead_id`);
  let outcome: { status: "created" | "duplicate"; lead: LeadRow };
  if (rowsOf<{ lead_id: string }>(written).length > 0) {
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
    status: "sent",
    contractorId: null,
    title: null,
    progress: 0,
    scheduledFor: null,
    locale: DEFAULT_LOCALE,
    ...definedOnly(row),
  } as LeadRow;
}

function definedOnly<T extends object>(row: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(row).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** postgres.js answers an array of rows, PGlite an object holding them. */

function deliveryJobs(
  lead: LeadRow,
  services: AppServices,
  place: string | null,
  reader: ConfirmationReader,
): (typeof outboxJobs.$inferInsert)[] {
  const { env } = services;
  const mail = mailSettings(services);
  const emailStatus = emailJobStatus(services);
  const jobs: (typeof outboxJobs.$inferInsert)[] = [
    {
      leadId: lead.id,
      kind: "business_email",
      status: emailStatus,
      payload: composeBusinessEmail(lead, mail),
    },
  ];
  const confirmation = composeConfirmationEmail(lead, mail, reader, place);
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
