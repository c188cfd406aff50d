/**
 * One request as its homeowner sees it: what they asked for, each chosen
 * pro's part in the words a homeowner uses (a decline, whatever its reason,
 * is "not available"), and the quotes side by side. A business an operator
 * suspended is marked unavailable for as long as it stays suspended
 * (unavailable.server.ts). Only the homeowner's own request; anything else is
 * NotFound (404).
 */
import { msg } from "@lingui/core/macro";
import { and, asc, eq, getTableColumns } from "drizzle-orm";
import { serviceLabel } from "~/features/content/index.server";
import { leadPlaceLabel } from "~/features/leads";
import { hiredByColumn } from "~/features/projects/index.server";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { contractors, leads, quotes, requestPros, type ProState } from "../../../database/schema";
import type { PartView, ProjectView } from "./project-view";
import { checkIds, NotFound, ownedBy, type Owner } from "./requests.server";

function partView(state: ProState): PartView {
  return state === "declined" ? "not_available" : state;
}

/** The project, its title in the page's language (`locale`) when it has none of its own. */
export async function projectFor(
  db: Database,
  owner: Owner,
  leadId: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<ProjectView> {
  checkIds(leadId);
  const [lead] = await db
    .select({ ...getTableColumns(leads), hiredBy: hiredByColumn })
    .from(leads)
    .where(ownedBy(leadId, owner));
  if (!lead) throw new NotFound();
  const rows = await db
    .select({
      contractorId: requestPros.contractorId,
      state: requestPros.state,
      name: contractors.name,
      slug: contractors.slug,
      isSample: contractors.isSample,
      rating: contractors.rating,
      reviewCount: contractors.reviewCount,
      licenceRegion: contractors.licenceRegion,
      suspendedAt: contractors.suspendedAt,
      quote: {
        currency: quotes.currency,
        minCents: quotes.minCents,
        maxCents: quotes.maxCents,
        included: quotes.included,
        startFrom: quotes.startFrom,
        startTo: quotes.startTo,
        validUntil: quotes.validUntil,
        message: quotes.message,
      },
    })
    .from(requestPros)
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .leftJoin(
      quotes,
      and(eq(quotes.leadId, requestPros.leadId), eq(quotes.contractorId, requestPros.contractorId)),
    )
    .where(eq(requestPros.leadId, leadId))
    .orderBy(asc(requestPros.consentAt), asc(contractors.name));
  return {
    id: lead.id,
    title:
      lead.title ??
      (lead.service ? serviceLabel(lead.service, locale) : translate(locale, msg`Project`)),
    service: lead.service,
    place: leadPlaceLabel({ citySlug: lead.citySlug, postalCode: lead.postalCode }) ?? null,
    citySlug: lead.citySlug,
    details: lead.details,
    status: lead.status,
    progress: lead.progress,
    createdAt: lead.createdAt.toISOString(),
    hiredId: rows.find((row) => row.state === "hired")?.contractorId ?? null,
    hiredBy: lead.hiredBy,
    parts: rows.map((row) => ({
      contractorId: row.contractorId,
      name: row.name,
      slug: row.slug,
      isSample: row.isSample,
      // A real business's verified reviews; a sample listing's sample figures (labelled).
      rating: row.rating,
      reviewCount: row.reviewCount,
      licenceRegion: row.licenceRegion,
      state: partView(row.state),
      unavailable: row.suspendedAt !== null,
      quote: row.quote,
    })),
  };
}
