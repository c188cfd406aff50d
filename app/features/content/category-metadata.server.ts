/**
 * Spec §2: category page metadata comes from one table keyed by category:
 * title, description, keywords, canonical URL, share image, robots.
 */
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { CATEGORY_SLUGS, type CategorySlug } from "~/site";
import { getCategoryContent } from "./content.server";

export interface CategoryMetadata {
  title: string;
  description: string;
  keywords: string[];
  /** Path of the canonical URL (the site origin is added when rendering). */
  canonicalPath: string;
  ogImage: string;
  robots: "index, follow";
}

const tables = new Map<Locale, Record<CategorySlug, CategoryMetadata>>();

/** The table in one language (its canonical paths are that language's). */
export function categoryMetadataTable(locale: Locale): Record<CategorySlug, CategoryMetadata> {
  let table = tables.get(locale);
  if (table) return table;
  table = Object.fromEntries(
    CATEGORY_SLUGS.map((slug) => {
      const content = getCategoryContent(slug, locale);
      return [
        slug,
        {
          title: content.metaTitle,
          description: content.metaDescription,
          keywords: content.keywords,
          canonicalPath: localizePath(`/${slug}`, locale),
          ogImage: `/images/og/${slug}.jpg`,
          robots: "index, follow",
        },
      ];
    }),
  ) as Record<CategorySlug, CategoryMetadata>;
  tables.set(locale, table);
  return table;
}
