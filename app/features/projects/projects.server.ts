/** A signed-in person's projects: their own quote requests, newest first. */
import { msg } from "@lingui/core/macro";
import type { Locale } from "~/lib/locales";
import { translate } from "~/lib/i18n.server";
import { desc, eq, type SQL } from "drizzle-orm";
import { serviceLabel } from "~/features/content/index.server";
import { leadPlaceLabel } from "~/features/leads";
import type { Database } from "~/lib/db.server";
import { categoryOfService, isCategorySlug, isServiceSlug } from "~/site";
import { contractors, leads, type LeadStatus } from "../../../database/schema";
import { hiredByColumn } from "./hired-status.server";

export interface ProjectCard {
  id: string;
  title: string;
  status: LeadStatus;
  contractor: string | null;
  /**
   * The hired business's rating: its published verified reviews (count 0:
   * "No reviews yet"), or a sample listing's sample figures. Null while no
   * business is hired.
   */
  rating: { value: number; reviews: number; sample: boolean } | null;
  location: string | null;
  image: string;
  progress: number;
  createdAt: string;
  scheduledFor: string | null;
  /** The hired business while nothing is scheduled with it yet: the badge says "Hired: {pro}". */
  hiredBy: string | null;
}

/** The illustration of a service (or its category), for cards. */
export function serviceImage(service: string | null): string {
  if (service && isServiceSlug(service)) return `services/${categoryOfService(service)}/${service}`;
  if (service && isCategorySlug(service)) return `categories/${service}`;
  return "categories/general-contractors";
}

const columns = {
  id: leads.id,
  title: leads.title,
  service: leads.service,
  status: leads.status,
  progress: leads.progress,
  citySlug: leads.citySlug,
  postalCode: leads.postalCode,
  createdAt: leads.createdAt,
  scheduledFor: leads.scheduledFor,
  contractor: contractors.name,
  rating: contractors.rating,
  reviewCount: contractors.reviewCount,
  sampleContractor: contractors.isSample,
  hiredBy: hiredByColumn,
};

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K] extends SQL<infer T>
    ? T
    : (typeof columns)[K] extends { _: { data: infer D } }
      ? D | null
      : never;
};

/** A card in `locale`: a request without a title is named by its service. */
function toCard(row: Row, locale: Locale): ProjectCard {
  return {
    id: row.id ?? "",
    title:
      row.title ??
      (row.service ? serviceLabel(row.service, locale) : translate(locale, msg`Project`)),
    status: row.status ?? "sent",
    contractor: row.contractor,
    rating:
      row.contractor === null
        ? null
        : {
            value: row.rating ?? 0,
            reviews: row.reviewCount ?? 0,
            sample: row.sampleContractor ?? false,
          },
    location: leadPlaceLabel({ citySlug: row.citySlug, postalCode: row.postalCode }) ?? null,
    image: serviceImage(row.service),
    progress: row.progress ?? 0,
    createdAt: (row.createdAt ?? new Date()).toISOString(),
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    hiredBy: row.hiredBy,
  };
}

export async function listProjects(
  db: Database,
  userId: string,
  locale: Locale,
): Promise<ProjectCard[]> {
  const rows = await db
    .select(columns)
    .from(leads)
    .leftJoin(contractors, eq(contractors.id, leads.contractorId))
    .where(eq(leads.userId, userId))
    .orderBy(desc(leads.createdAt));
  return rows.map((row) => toCard(row, locale));
}
