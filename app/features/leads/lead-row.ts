/**
 * A lead as stored, and the place it names, as the lists and emails of every
 * feature show it. Free of server code: the operator's pages use it too.
 */
import { cityLabelFromSlug } from "~/lib/text";
import type { leads } from "../../../database/schema";

export type LeadRow = typeof leads.$inferSelect;

/** Where a lead is, as its lists show it: "Denver, CO 80202", the city or the code alone. */
export function leadPlaceLabel(lead: Pick<LeadRow, "citySlug" | "postalCode">): string | undefined {
  const parts = [
    lead.citySlug ? cityLabelFromSlug(lead.citySlug) : undefined,
    lead.postalCode ?? undefined,
  ];
  const label = parts.filter(Boolean).join(" ");
  return label || undefined;
}
