/** Reading leads out for the operator: the newest first, or a CSV since a date. */
import { and, asc, desc, gte, notLike } from "drizzle-orm";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import type { Database } from "~/lib/db.server";
import { leads } from "../../../database/schema";
import { toCsv } from "./csv";
import type { LeadRow } from "./lead-row";

export const EXPORT_COLUMNS = [
  ["id", (l: LeadRow) => l.id],
  ["created_at", (l: LeadRow) => l.createdAt],
  ["source", (l: LeadRow) => l.source],
  ["status", (l: LeadRow) => l.status],
  ["name", (l: LeadRow) => l.name],
  ["email", (l: LeadRow) => l.email],
  ["phone", (l: LeadRow) => l.phone],
  ["service", (l: LeadRow) => l.service],
  ["city", (l: LeadRow) => l.citySlug],
  ["postal_code", (l: LeadRow) => l.postalCode],
  ["country", (l: LeadRow) => l.country],
  ["preferred_contact", (l: LeadRow) => l.preferredContact],
  ["preferred_time", (l: LeadRow) => l.preferredTime],
  ["details", (l: LeadRow) => l.details],
  ["consent_at", (l: LeadRow) => l.consentAt],
  ["consent_text", (l: LeadRow) => l.consentText],
  ["contractor_id", (l: LeadRow) => l.contractorId],
] as const;

/** Every demo account is seeded with sample projects: they are not leads anyone sent. */
export const REAL_LEADS = notLike(leads.idempotencyKey, `${SAMPLE_PROJECT_KEY_PREFIX}%`);

export async function latestLeads(db: Database, limit: number): Promise<LeadRow[]> {
  return db.select().from(leads).where(REAL_LEADS).orderBy(desc(leads.createdAt)).limit(limit);
}

export async function leadsSince(db: Database, since: Date): Promise<LeadRow[]> {
  return db
    .select()
    .from(leads)
    .where(and(REAL_LEADS, gte(leads.createdAt, since)))
    .orderBy(asc(leads.createdAt));
}

export function leadsToCsv(rows: readonly LeadRow[]): string {
  return toCsv(
    EXPORT_COLUMNS.map(([name]) => name),
    rows.map((lead) => EXPORT_COLUMNS.map(([, read]) => read(lead))),
  );
}
