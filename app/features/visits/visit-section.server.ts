/**
 * The "Site visit" section of the pro's request page (issue 34): the open
 * visit of one request's part, or what proposing times takes: the zone they
 * are typed in (the business's) and the job's, in which the homeowner reads
 * them and a refusal names them (issue 43).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { checkIds } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { leads, requestPros, visitOptions, visits, type ProState } from "../../../database/schema";
import type { VisitState } from "./states.server";
import { visitSettingsOf, zoneOfCity } from "./settings.server";

/** The pro's parts with which a visit may be arranged. */
const TAKEN_ON: readonly ProState[] = ["accepted", "quoted", "hired"];
/** The request's states in which a visit may be arranged. */
const OPEN_REQUEST = ["sent", "scheduled", "in_progress"];

/** A request part's open visit (proposed, booked or moved), with the times proposed. */
export interface OpenVisit {
  id: string;
  state: VisitState;
  startsAt: string | null;
  endsAt: string | null;
  timeZone: string;
  options: { startsAt: string; endsAt: string }[];
}

/** The open visit of this request's part with the business, if any. The page authorizes. */
export async function openVisitOfPart(
  db: Database,
  leadId: string,
  contractorId: string,
): Promise<OpenVisit | null> {
  checkIds(leadId, contractorId);
  const [visit] = await db
    .select({
      id: visits.id,
      state: visits.state,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      timeZone: visits.timeZone,
    })
    .from(visits)
    .where(
      and(
        eq(visits.leadId, leadId),
        eq(visits.contractorId, contractorId),
        inArray(visits.state, ["proposed", "booked", "rescheduled"]),
      ),
    );
  if (!visit) return null;
  const options = await db
    .select({ startsAt: visitOptions.startsAt, endsAt: visitOptions.endsAt })
    .from(visitOptions)
    .where(eq(visitOptions.visitId, visit.id))
    .orderBy(asc(visitOptions.startsAt));
  return {
    ...visit,
    startsAt: visit.startsAt?.toISOString() ?? null,
    endsAt: visit.endsAt?.toISOString() ?? null,
    options: options.map((option) => ({
      startsAt: option.startsAt.toISOString(),
      endsAt: option.endsAt.toISOString(),
    })),
  };
}

/** What the request page's "Site visit" section needs: the open visit, or what a proposal takes. */
export interface VisitSection {
  /** The request is open and the business took it on: a visit may be arranged. */
  canArrange: boolean;
  open: OpenVisit | null;
  /** The business's zone: proposed times are typed in it. */
  timeZone: string;
  /** The job's zone (its city's, else the business's): the visit's times are said in it. */
  jobZone: string;
}

export async function visitSectionOf(
  db: Database,
  leadId: string,
  contractorId: string,
): Promise<VisitSection> {
  checkIds(leadId, contractorId);
  const [part] = await db
    .select({ state: requestPros.state, status: leads.status, citySlug: leads.citySlug })
    .from(requestPros)
    .innerJoin(leads, eq(leads.id, requestPros.leadId))
    .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, contractorId)));
  const [open, settings] = await Promise.all([
    openVisitOfPart(db, leadId, contractorId),
    visitSettingsOf(db, contractorId),
  ]);
  return {
    canArrange:
      part !== undefined && TAKEN_ON.includes(part.state) && OPEN_REQUEST.includes(part.status),
    open,
    timeZone: settings.timeZone,
    jobZone: (await zoneOfCity(part?.citySlug)) ?? settings.timeZone,
  };
}
