import { translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { CATEGORIES } from "~/site";
import { getCategoryContent } from "./content.server";

export interface ServiceGroup {
  category: { slug: string; title: string };
  services: { slug: string; title: string }[];
}

/** Every category with its services, for a grouped select, in a language. */
export function serviceGroups(locale: Locale): ServiceGroup[] {
  return CATEGORIES.map((category) => ({
    category: { slug: category.slug, title: translate(locale, CATEGORY_TITLES[category.slug]) },
    services: getCategoryContent(category.slug, locale).services.map(({ slug, title }) => ({
      slug,
      title,
    })),
  }));
}
