import { translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { categoryOfService, isCategorySlug, isServiceSlug } from "~/site";
import { titleCase } from "~/lib/text";
import { getCategoryContent } from "./content.server";

/** The display name of a category or service slug ("Roof Repair", "Plumbing") in a language. */
export function serviceLabel(slug: string, locale: Locale): string {
  if (isCategorySlug(slug)) return translate(locale, CATEGORY_TITLES[slug]);
  if (isServiceSlug(slug)) {
    const content = getCategoryContent(categoryOfService(slug), locale);
    const card = content.services.find((s) => s.slug === slug);
    if (card) return card.title;
  }
  return titleCase(slug);
}
