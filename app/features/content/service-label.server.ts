import { categoryOfService, getCategory, isCategorySlug, isServiceSlug } from "~/site";
import { titleCase } from "~/lib/text";
import { getCategoryContent } from "./content.server";

/** The display name of a category or service slug ("Roof Repair", "Plumbing"). */
export function serviceLabel(slug: string): string {
  if (isCategorySlug(slug)) return getCategory(slug).title;
  if (isServiceSlug(slug)) {
    const card = getCategoryContent(categoryOfService(slug)).services.find((s) => s.slug === slug);
    if (card) return card.title;
  }
  return titleCase(slug);
}
