/**
 * A demo homeowner's projects (spec §3 "Sample project"), stored as the
 * account's own quote requests so the dashboard shows real rows. Written
 * straight to the table, never to the outbox: nothing is sent for them. Keys
 * made of the account id and the project make a repeated seed a no-op.
 *
 * One project has its pro's part (hired) and a booked site visit a few days
 * ahead at 10:00 in the project city's zone (issue 34), so the schedule, the
 * visit page and the calendar feed show something. Demo accounts share the
 * sample listings, and one business's booked visits never overlap (the
 * visits_no_overlap constraint): when another demo account holds that hour,
 * the visit takes the next free one.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { and, eq, inArray } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { DemoRole } from "~/features/auth/index.server";
import { findCity, zoneOfPlace } from "~/features/places/index.server";
import type { Database } from "~/lib/db.server";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { CONSENT_MESSAGE } from "~/lib/site-labels";
import {
  contractors,
  leads,
  requestPros,
  visits,
  type LeadStatus,
  type ProState,
} from "../../../database/schema";

interface DemoProject {
  /** Unique within an account; the lead's idempotency key adds the account id. */
  key: string;
  /** Written in the account's language when the projects are seeded (issue 23). */
  title: MessageDescriptor;
  service: string;
  status: LeadStatus;
  progress: number;
  contractorSlug?: string;
  details: MessageDescriptor;
  daysAgo: number;
  scheduledInDays?: number;
  /** The pro's part in the request and a visit booked with it, days ahead at `hour` in the city's zone. */
  visit?: { part: ProState; inDays: number; hour: number };
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    key: "kitchen",
    title: msg`Kitchen Remodel`,
    service: "kitchens",
    status: "in_progress",
    progress: 65,
    contractorSlug: "summit-ridge-construction",
    details: msg`Replace cabinets and counters, move the sink to the island, new lighting.`,
    daysAgo: 42,
  },
  {
    key: "roof",
    title: msg`Roof Replacement`,
    service: "roof-installation",
    status: "completed",
    progress: 100,
    contractorSlug: "mile-high-roofing-denver-co",
    details: msg`Tear off and replace a 20-year-old asphalt roof after hail damage.`,
    daysAgo: 130,
  },
  {
    key: "bathroom",
    title: msg`Bathroom Renovation`,
    service: "bathrooms",
    status: "scheduled",
    progress: 0,
    contractorSlug: "front-range-renovations-denver-co",
    details: msg`Walk-in shower instead of the tub, new vanity and tile floor.`,
    daysAgo: 9,
    scheduledInDays: 6,
    visit: { part: "hired", inDays: 3, hour: 10 },
  },
  {
    key: "landscaping",
    title: msg`Backyard Landscaping`,
    service: "landscape-design",
    status: "sent",
    progress: 0,
    details: msg`Low-water planting plan and a small flagstone patio.`,
    daysAgo: 2,
  },
  {
    key: "painting",
    title: msg`Interior Painting`,
    service: "interior-painting",
    status: "in_progress",
    progress: 30,
    contractorSlug: "mile-high-painting-co-denver-co",
    details: msg`Living room, hallway and two bedrooms; ceilings included.`,
    daysAgo: 14,
  },
  {
    key: "panel",
    title: msg`Electrical Panel Upgrade`,
    service: "panel-upgrades",
    status: "cancelled",
    progress: 0,
    contractorSlug: "front-range-electric-denver-co",
    details: msg`Upgrade to a 200-amp panel for an EV charger.`,
    daysAgo: 60,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_CITY = "denver-co";
const VISIT_MINUTES = 60;
/** When other demo accounts hold the hour: the next ones that day, then the days after. */
const VISIT_HOURS_A_DAY = 7;
const VISIT_DAYS_TRIED = 14;

/** Whose projects they are: the demo account's id, and its name and email as the requester's. */
export interface DemoProjectOwner {
  id: string;
  name: string;
  email: string;
  /** The account's language (English unless said): the requests' consent is in it. */
  locale?: Locale;
}

export async function seedDemoProjects(
  db: Database,
  owner: DemoProjectOwner,
  now = new Date(),
): Promise<void> {
  const slugs = DEMO_PROJECTS.flatMap((p) => (p.contractorSlug ? [p.contractorSlug] : []));
  const rows = await db
    .select({ id: contractors.id, slug: contractors.slug })
    .from(contractors)
    .where(inArray(contractors.slug, slugs));
  const contractorId = new Map(rows.map((row) => [row.slug, row.id]));
  const locale = owner.locale ?? DEFAULT_LOCALE;
  const consentText = translate(locale, CONSENT_MESSAGE);
  await db
    .insert(leads)
    .values(
      DEMO_PROJECTS.map((project) => {
        const createdAt = new Date(now.getTime() - project.daysAgo * DAY_MS);
        const scheduledFor =
          project.scheduledInDays === undefined
            ? null
            : new Date(
                Math.floor(now.getTime() / DAY_MS) * DAY_MS +
                  project.scheduledInDays * DAY_MS +
                  16 * 3600_000,
              );
        return {
          idempotencyKey: `${SAMPLE_PROJECT_KEY_PREFIX}${owner.id}:${project.key}`,
          createdAt,
          source: "dashboard" as const,
          name: owner.name,
          email: owner.email,
          phone: "+13035550100",
          service: project.service,
          citySlug: DEMO_CITY,
          postalCode: "80202",
          country: "US" as const,
          details: translate(locale, project.details),
          locale,
          consentText,
          consentAt: createdAt,
          userId: owner.id,
          status: project.status,
          progress: project.progress,
          title: translate(locale, project.title),
          scheduledFor,
          contractorId: project.contractorSlug
            ? (contractorId.get(project.contractorSlug) ?? null)
            : null,
        };
      }),
    )
    .onConflictDoNothing({ target: leads.idempotencyKey });
  for (const project of DEMO_PROJECTS) {
    if (project.visit && project.contractorSlug) {
      const business = contractorId.get(project.contractorSlug);
      const key = `${SAMPLE_PROJECT_KEY_PREFIX}${owner.id}:${project.key}`;
      if (business) await seedVisit(db, key, business, project.visit, consentText, now);
    }
  }
}

/** 10:00 (`hour`) on the day `inDays` after `now`'s date in the zone, as an instant. */
function wallClockAt(now: Date, zone: string, inDays: number, hour: number): Date {
  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(zone)
    .toPlainDate();
  const start = today
    .add({ days: inDays })
    .toZonedDateTime({ timeZone: zone, plainTime: new Temporal.PlainTime(hour) });
  return new Date(start.epochMilliseconds);
}

/** The sample project's pro part and its booked visit (nothing when the project was seeded before). */
async function seedVisit(
  db: Database,
  idempotencyKey: string,
  contractorId: string,
  visit: NonNullable<DemoProject["visit"]>,
  consentText: string,
  now: Date,
): Promise<void> {
  const [lead] = await db
    .select({ id: leads.id, createdAt: leads.createdAt })
    .from(leads)
    .where(eq(leads.idempotencyKey, idempotencyKey));
  if (!lead) return;
  const [existing] = await db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.leadId, lead.id), eq(visits.contractorId, contractorId)));
  if (existing) return;
  await db
    .insert(requestPros)
    .values({
      leadId: lead.id,
      contractorId,
      state: visit.part,
      consentText,
      consentVersion: "sample",
      consentAt: lead.createdAt,
      clientAddress: "sample",
      userAgent: "sample data",
      viewedAt: lead.createdAt,
      acceptedAt: lead.createdAt,
      respondedAt: lead.createdAt,
      updatedAt: lead.createdAt,
    })
    .onConflictDoNothing();
  const city = await findCity(DEMO_CITY);
  const timeZone = city ? zoneOfPlace(city) : "America/Denver";
  // Other demo accounts may hold the hour with the same sample business: the next one, then on.
  for (let tried = 0; tried < VISIT_HOURS_A_DAY * VISIT_DAYS_TRIED; tried += 1) {
    const startsAt = wallClockAt(
      now,
      timeZone,
      visit.inDays + Math.floor(tried / VISIT_HOURS_A_DAY),
      visit.hour + (tried % VISIT_HOURS_A_DAY),
    );
    const endsAt = new Date(startsAt.getTime() + VISIT_MINUTES * 60_000);
    const stored = await db
      .insert(visits)
      .values({
        leadId: lead.id,
        contractorId,
        state: "booked",
        startsAt,
        endsAt,
        blockedUntil: endsAt,
        timeZone,
        address: "123 Example St, Denver, CO 80202",
        createdBy: "homeowner",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: visits.id });
    if (stored.length > 0) return;
  }
}

/** The homeowner the sign-in page's demo creates: the spec's sample projects. */
export const DEMO_HOMEOWNER: DemoRole = {
  kind: "homeowner",
  name: "Jordan Rivera",
  seed: seedDemoProjects,
};
