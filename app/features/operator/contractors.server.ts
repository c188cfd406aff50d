/**
 * The console's contractors (issue 21): the claims waiting for their code,
 * and the business profiles, searchable and filtered, 50 a page; then one
 * profile's facts and the history of its licence and insurance checks.
 * Both say whether a business takes new requests now, and if not, why
 * (issue 33: its own pause, its weekly limit, no sign-in for 90 days). A
 * profile's page also counts its site visits of the last 90 days by outcome
 * (issue 34).
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
} from "drizzle-orm";
import { CLAIM_MAX_TRIES } from "~/features/contractors/index.server";
import { utcToday } from "~/features/contractors";
import { licenceVerifiedOn, verifiedFor } from "~/features/contractors/index.server";
import { NotFound, pausesOf, type Pause } from "~/features/marketplace/index.server";
import { INACTIVE_PAUSE_DAYS } from "~/features/marketplace";
import type { Database } from "~/lib/db.server";
import { businessClaims, contractors, users, visits } from "../../../database/schema";

/** Whether the business takes new requests, in the console's words ("Taking them" when it does). */
export function pauseLabel(pause: Pause | undefined): string {
  if (!pause) return "Taking them";
  if (pause.reason === "inactive")
    return `Paused: no sign-in for ${INACTIVE_PAUSE_DAYS.toString()} days`;
  if (pause.reason === "weekly_limit")
    return `Weekly limit reached: paused until ${pause.until ?? ""}`;
  return `Paused by the pro until ${pause.until ?? ""}`;
}

/** Claims whose code still works: sent less than 15 minutes ago, tries left, business unowned. */
export async function claimsWaiting(db: Database, now = new Date()) {
  const rows = await db
    .select({
      contractorId: contractors.id,
      business: contractors.name,
      userId: users.id,
      email: users.email,
      sentAt: businessClaims.createdAt,
      attempts: businessClaims.attempts,
      expiresAt: businessClaims.expiresAt,
    })
    .from(businessClaims)
    .innerJoin(contractors, eq(contractors.id, businessClaims.contractorId))
    .innerJoin(users, eq(users.id, businessClaims.userId))
    .where(
      and(
        gt(businessClaims.expiresAt, now),
        lt(businessClaims.attempts, CLAIM_MAX_TRIES),
        isNull(contractors.ownerId),
      ),
    )
    .orderBy(desc(businessClaims.createdAt))
    .limit(100);
  return rows.map(({ attempts, ...row }) => ({ ...row, triesLeft: CLAIM_MAX_TRIES - attempts }));
}

export const PROFILE_FILTERS = ["all", "unclaimed", "suspended", "verified"] as const;
export type ProfileFilter = (typeof PROFILE_FILTERS)[number];

export const PROFILES_PAGE_SIZE = 50;
/** The longest search the list reads (longer ones are cut). */
export const SEARCH_MAX_LENGTH = 200;

export interface ProfileQuery {
  q?: string;
  filter?: ProfileFilter;
  /** 1 for the first page. */
  page?: number;
}

/** `text` as a LIKE pattern matching itself anywhere (its wildcards escaped). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filterOf(filter: ProfileFilter, today: string): SQL | undefined {
  if (filter === "unclaimed") return isNull(contractors.ownerId);
  if (filter === "suspended") return isNotNull(contractors.suspendedAt);
  if (filter === "verified") return licenceVerifiedOn(today);
  return undefined;
}

/** What the list says of a business's licence. */
export type LicenceState =
  { state: "verified"; until: string } | { state: "declared" } | { state: "not_verified" };

/** A page of business profiles (demo ones too, marked), by name. */
export async function profilePage(
  db: Database,
  query: ProfileQuery,
  today = utcToday(),
  now = new Date(),
) {
  const q = query.q?.trim().slice(0, SEARCH_MAX_LENGTH) ?? "";
  const page = Math.max(1, query.page ?? 1);
  const search = q
    ? or(
        ilike(contractors.name, containing(q)),
        ilike(contractors.slug, containing(q)),
        ilike(contractors.email, containing(q)),
        ilike(users.email, containing(q)),
      )
    : undefined;
  const rows = await db
    .select({
      id: contractors.id,
      name: contractors.name,
      slug: contractors.slug,
      citySlugs: contractors.citySlugs,
      ownerId: contractors.ownerId,
      ownerEmail: users.email,
      licenceNumber: contractors.licenceNumber,
      suspendedAt: contractors.suspendedAt,
      demoOnly: contractors.demoOnly,
      isSample: contractors.isSample,
    })
    .from(contractors)
    .leftJoin(users, eq(users.id, contractors.ownerId))
    .where(and(search, filterOf(query.filter ?? "all", today)))
    .orderBy(asc(contractors.name), asc(contractors.id))
    .limit(PROFILES_PAGE_SIZE + 1)
    .offset((page - 1) * PROFILES_PAGE_SIZE);
  const shown = rows.slice(0, PROFILES_PAGE_SIZE);
  const ids = shown.map((row) => row.id);
  const [verified, pauses] = await Promise.all([
    verifiedFor(db, ids, today),
    pausesOf(db, ids, now),
  ]);
  return {
    page,
    hasNext: rows.length > PROFILES_PAGE_SIZE,
    rows: shown.map(({ licenceNumber, ...row }) => {
      const licence = verified.get(row.id)?.licence;
      const state: LicenceState = licence
        ? { state: "verified", until: licence.expiresOn }
        : licenceNumber
          ? { state: "declared" }
          : { state: "not_verified" };
      return { ...row, licence: state, newRequests: pauseLabel(pauses.get(row.id)) };
    }),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Throws NotFound unless `id` could be a business's id (a uuid). */
export function checkContractorId(id: string): void {
  if (!UUID.test(id)) throw new NotFound();
}

/** One business's facts for the console; NotFound for an unknown id. */
export async function contractorFacts(db: Database, id: string, now = new Date()) {
  checkContractorId(id);
  const [row] = await db
    .select({
      id: contractors.id,
      name: contractors.name,
      slug: contractors.slug,
      email: contractors.email,
      ownerId: contractors.ownerId,
      ownerEmail: users.email,
      licenceNumber: contractors.licenceNumber,
      licenceRegion: contractors.licenceRegion,
      insuranceCarrier: contractors.insuranceCarrier,
      country: contractors.country,
      isSample: contractors.isSample,
      demoOnly: contractors.demoOnly,
      suspendedAt: contractors.suspendedAt,
      suspendedReason: contractors.suspendedReason,
      createdAt: contractors.createdAt,
    })
    .from(contractors)
    .leftJoin(users, eq(users.id, contractors.ownerId))
    .where(eq(contractors.id, id));
  if (!row) throw new NotFound();
  const [pauses, visitOutcomes] = await Promise.all([
    pausesOf(db, [row.id], now),
    visitOutcomesOf(db, row.id, now),
  ]);
  return { ...row, newRequests: pauseLabel(pauses.get(row.id)), visits: visitOutcomes };
}

/** How far back the console counts a business's visits. */
export const VISIT_OUTCOME_DAYS = 90;

/** The business's visits that took place in the last 90 days, by outcome. */
export async function visitOutcomesOf(db: Database, contractorId: string, now = new Date()) {
  const since = new Date(now.getTime() - VISIT_OUTCOME_DAYS * 24 * 3600_000);
  const rows = await db
    .select({ state: visits.state, n: count() })
    .from(visits)
    .where(
      and(
        eq(visits.contractorId, contractorId),
        inArray(visits.state, ["done", "no_show_pro", "no_show_homeowner"]),
        gte(visits.startsAt, since),
        lte(visits.startsAt, now),
      ),
    )
    .groupBy(visits.state);
  const of = (state: string) => rows.find((row) => row.state === state)?.n ?? 0;
  return {
    days: VISIT_OUTCOME_DAYS,
    done: of("done"),
    proNoShows: of("no_show_pro"),
    homeownerNoShows: of("no_show_homeowner"),
  };
}
