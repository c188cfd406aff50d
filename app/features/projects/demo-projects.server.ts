/**
 * The demo account's projects (spec §3 "Sample project"), stored as its own
 * quote requests so the dashboard shows real rows. Fixed idempotency keys
 * make the seed safe to run on every start.
 */
import { inArray } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { CONSENT_TEXT } from "~/site";
import { contractors, leads, type LeadStatus } from "../../../database/schema";

interface DemoProject {
  key: string;
  title: string;
  service: string;
  status: LeadStatus;
  progress: number;
  contractorSlug?: string;
  details: string;
  daysAgo: number;
  scheduledInDays?: number;
}

export const DEMO_PROJECTS: readonly DemoProject[] = [
  {
    key: "seed:demo:kitchen",
    title: "Kitchen Remodel",
    service: "kitchens",
    status: "in_progress",
    progress: 65,
    contractorSlug: "summit-ridge-construction",
    details: "Replace cabinets and counters, move the sink to the island, new lighting.",
    daysAgo: 42,
  },
  {
    key: "seed:demo:roof",
    title: "Roof Replacement",
    service: "roof-installation",
    status: "completed",
    progress: 100,
    contractorSlug: "mile-high-roofing-denver-co",
    details: "Tear off and replace a 20-year-old asphalt roof after hail damage.",
    daysAgo: 130,
  },
  {
    key: "seed:demo:bathroom",
    title: "Bathroom Renovation",
    service: "bathrooms",
    status: "scheduled",
    progress: 0,
    contractorSlug: "front-range-renovations-denver-co",
    details: "Walk-in shower instead of the tub, new vanity and tile floor.",
    daysAgo: 9,
    scheduledInDays: 6,
  },
  {
    key: "seed:demo:landscaping",
    title: "Backyard Landscaping",
    service: "landscape-design",
    status: "pending",
    progress: 0,
    details: "Low-water planting plan and a small flagstone patio.",
    daysAgo: 2,
  },
  {
    key: "seed:demo:painting",
    title: "Interior Painting",
    service: "interior-painting",
    status: "in_progress",
    progress: 30,
    contractorSlug: "mile-high-painting-co-denver-co",
    details: "Living room, hallway and two bedrooms; ceilings included.",
    daysAgo: 14,
  },
  {
    key: "seed:demo:panel",
    title: "Electrical Panel Upgrade",
    service: "panel-upgrades",
    status: "cancelled",
    progress: 0,
    contractorSlug: "front-range-electric-denver-co",
    details: "Upgrade to a 200-amp panel for an EV charger.",
    daysAgo: 60,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoProjects(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<void> {
  const slugs = DEMO_PROJECTS.flatMap((p) => (p.contractorSlug ? [p.contractorSlug] : []));
  const rows = await db
    .select({ id: contractors.id, slug: contractors.slug })
    .from(contractors)
    .where(inArray(contractors.slug, slugs));
  const contractorId = new Map(rows.map((row) => [row.slug, row.id]));
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
          idempotencyKey: project.key,
          createdAt,
          source: "dashboard" as const,
          name: "Jordan Rivera",
          email: "demo@trade-match.example",
          phone: "+13035550100",
          service: project.service,
          citySlug: "denver-co",
          postalCode: "80202",
          country: "US" as const,
          details: project.details,
          consentText: CONSENT_TEXT,
          consentAt: createdAt,
          userId,
          status: project.status,
          progress: project.progress,
          title: project.title,
          scheduledFor,
          contractorId: project.contractorSlug
            ? (contractorId.get(project.contractorSlug) ?? null)
            : null,
        };
      }),
    )
    .onConflictDoNothing({ target: leads.idempotencyKey });
}
