/**
 * A demo homeowner's projects (spec §3 "Sample project"), stored as the
 * account's own quote requests so the dashboard shows real rows. Written
 * straight to the table, never to the outbox: nothing is sent for them. Keys
 * made of the account id and the project make a repeated seed a no-op.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { inArray } from "drizzle-orm";
import type { DemoRole } from "~/features/auth/index.server";
import type { Database } from "~/lib/db.server";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { CONSENT_MESSAGE } from "~/lib/site-labels";
import { contractors, leads, type LeadStatus } from "../../../database/schema";

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
          citySlug: "denver-co",
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
}

/** The homeowner the sign-in page's demo creates: the spec's sample projects. */
export const DEMO_HOMEOWNER: DemoRole = {
  kind: "homeowner",
  name: "Jordan Rivera",
  seed: seedDemoProjects,
};
