/**
 * Spec §2: category page metadata comes from one table keyed by category:
 * title, description, keywords, canonical URL, share image, robots.
 */
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

let table: Record<CategorySlug, CategoryMetadata> | undefined;

export function categoryMetadataTable(): Record<CategorySlug, CategoryMetadata> {
  table ??= Object.fromEntries(
    CATEGORY_SLUGS.map((slug) => {
      const content = getCategoryContent(slug);
      return [
        slug,
        {
          title: content.metaTitle,
          description: content.metaDescription,
          keywords: content.keywords,
          canonicalPath: `/${slug}`,
          ogImage: `/images/og/${slug}.jpg`,
          robots: "index, follow",
        },
      ];
    }),
  ) as Record<CategorySlug, CategoryMetadata>;
  return table;
}
