/**
 * The business a listing's request page asks on behalf of (issue 43), and
 * what it may be asked for. The same checks as a listing's buttons always
 * had: a business on the listings (no other browser's demo business, none an
 * operator suspended: a page kept in the shared cache for up to 5 minutes may
 * still show one) and of the listing's trade. A business taking a break is
 * found, with its pause, so the page can say until when instead of asking.
 */
import { and, eq, isNull } from "drizzle-orm";
import { serviceGroups, type ServiceGroup } from "~/features/content/index.server";
import type { ListingServices } from "~/features/leads/index.server";
import { pauseOf, type Pause } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import type { Locale } from "~/lib/locales";
import type { CategorySlug } from "~/site";
import { contractors } from "../../../database/schema";

export interface RequestTarget {
  id: string;
  slug: string;
  name: string;
  /** The services it may be asked for: its trade's slug ("something else"), then its own. */
  services: ListingServices;
  /** Its trade and those services, as the page's select offers them, in the page's language. */
  group: ServiceGroup;
  pause: Pause | null;
}

export async function requestTarget(
  db: Database,
  which: { slug: string } | { id: string },
  category: CategorySlug,
  locale: Locale,
  now: Date = new Date(),
): Promise<RequestTarget | undefined> {
  const [row] = await db
    .select({
      id: contractors.id,
      slug: contractors.slug,
      name: contractors.name,
      categories: contractors.categories,
      services: contractors.services,
    })
    .from(contractors)
    .where(
      and(
        "slug" in which ? eq(contractors.slug, which.slug) : eq(contractors.id, which.id),
        eq(contractors.demoOnly, false),
        isNull(contractors.suspendedAt),
      ),
    );
  if (!row?.categories.includes(category)) return undefined;
  const group = serviceGroups(locale).find((candidate) => candidate.category.slug === category);
  if (!group) return undefined;
  // A business that lists its services is offered for those alone (serving-pros.server.ts).
  const offered = group.services.filter(
    (service) => row.services.length === 0 || row.services.includes(service.slug),
  );
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    services: [category, ...offered.map((service) => service.slug)],
    group: { ...group, services: offered },
    pause: await pauseOf(db, row.id, now),
  };
}
