/**
 * The console's requests: search by name, email, phone or ZIP/postal code,
 * filter by dates, category, status and source, newest first in pages of 50
 * (keyset: each page starts below the last row of the one before), and the
 * same search as a CSV. Demo accounts' sample projects are left out, as the
 * command line's list and export leave them out.
 */
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { REAL_LEADS } from "~/features/leads/index.server";
import type { LeadRow } from "~/features/leads";
import type { Database } from "~/lib/db.server";
import { SERVICE_SLUGS } from "~/site";
import type { LeadSource, LeadStatus } from "../../../database/enums";
import { leads } from "../../../database/schema";
import { REQUESTS_EXPORT_CAP, REQUESTS_PAGE_SIZE, type RequestFilter } from "./request-filters";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Text for LIKE with its wildcards (and the escape character) taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What one search box finds: the name or email holding the text (any case);
 * a phone number holding the digits typed, however they were written (phones
 * are stored E.164, "+13035550100", so "(303) 555-0100" finds it); a ZIP or
 * postal code holding the text, ignoring case and spaces ("k1a0b1" finds
 * "K1A 0B1").
 */
function searchCondition(q: string): SQL | undefined {
  const text = `%${likeLiteral(q)}%`;
  const found: (SQL | undefined)[] = [ilike(leads.name, text), ilike(leads.email, text)];
  const digits = q.replace(/\D/g, "");
  if (/^[\d\s().+-]+$/.test(q) && digits.length >= 3) {
    found.push(sql`regexp_replace(${leads.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  const compact = q.replace(/\s+/g, "").toUpperCase();
  if (/^[A-Z0-9-]+$/.test(compact)) {
    found.push(
      sql`upper(replace(${leads.postalCode}, ' ', '')) like ${`%${likeLiteral(compact)}%`}`,
    );
  }
  return or(...found);
}

/** The rows a search covers (sample projects never). */
export function requestConditions(filter: RequestFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [REAL_LEADS];
  if (filter.q) where.push(searchCondition(filter.q));
  if (filter.from) where.push(gte(leads.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) {
    where.push(lt(leads.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)));
  }
  if (filter.category) {
    // A lead's service is a category slug or one of its services' (as the site maps them).
    where.push(inArray(leads.service, [filter.category, ...SERVICE_SLUGS[filter.category]]));
  }
  if (filter.status) where.push(eq(leads.status, filter.status));
  if (filter.source) where.push(eq(leads.source, filter.source));
  return and(...where);
}

/** Where a page starts: below this row (its creation to the microsecond, and its id). */
export interface RequestCursor {
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function cursorText(cursor: RequestCursor): string {
  return `${cursor.createdAt}_${cursor.id}`;
}

/** The "before" of an "Older requests" link; null when it is not one this list wrote. */
export function parseCursor(text: string | null): RequestCursor | null {
  const [createdAt = "", id = "", ...rest] = (text ?? "").split("_");
  if (rest.length > 0 || !UUID.test(id) || !INSTANT.test(createdAt)) return null;
  const day = new Date(createdAt);
  if (Number.isNaN(day.getTime())) return null;
  if (day.toISOString().slice(0, 19) !== createdAt.slice(0, 19)) return null;
  return { createdAt, id };
}

export interface RequestListRow {
  id: string;
  createdAt: Date;
  name: string;
  service: string | null;
  citySlug: string | null;
  postalCode: string | null;
  status: LeadStatus;
  source: LeadSource;
  /** How many businesses the request was sent to. */
  pros: number;
}

export interface RequestPage {
  rows: RequestListRow[];
  /** Where the next (older) page starts; null on the last page. */
  next: RequestCursor | null;
}

/** One page of the search, newest first. */
export async function searchRequests(
  db: Database,
  filter: RequestFilter,
  before: RequestCursor | null = null,
  pageSize = REQUESTS_PAGE_SIZE,
): Promise<RequestPage> {
  const where = [requestConditions(filter)];
  if (before) {
    where.push(
      sql`(${leads.createdAt}, ${leads.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      id: leads.id,
      createdAt: leads.createdAt,
      // The instant to the microsecond (a JavaScript Date keeps milliseconds only).
      at: sql<string>`to_char(${leads.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      name: leads.name,
      service: leads.service,
      citySlug: leads.citySlug,
      postalCode: leads.postalCode,
      status: leads.status,
      source: leads.source,
      pros: sql<number>`(select count(*) from request_pros rp where rp.lead_id = ${leads.id})::int`.mapWith(
        Number,
      ),
    })
    .from(leads)
    .where(and(...where))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(pageSize + 1);
  const last = rows.length > pageSize ? rows[pageSize - 1] : undefined;
  return {
    rows: rows.slice(0, pageSize).map(({ at: _at, ...row }) => row),
    next: last ? { createdAt: last.at, id: last.id } : null,
  };
}

/** Every row the search finds, newest first, up to REQUESTS_EXPORT_CAP. */
export async function exportRequests(db: Database, filter: RequestFilter): Promise<LeadRow[]> {
  return db
    .select()
    .from(leads)
    .where(requestConditions(filter))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(REQUESTS_EXPORT_CAP);
}
