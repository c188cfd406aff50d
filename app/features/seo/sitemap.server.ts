/**
 * The sitemap lists pages with real content only: the home page, the nine
 * categories, the legal pages, the review policy and how pros are ranked,
 * and the city and listing pages that have
 * contractors. Past 50,000 URLs it becomes an index of numbered sitemaps.
 * Only listed businesses count: not a demo account's, not a suspended one.
 * Each page is listed in every language, each URL with its alternates
 * (hreflang, as the pages' own <link rel="alternate">; decision 030).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { localizePath } from "~/lib/locale-path";
import { LOCALES } from "~/lib/locales";
import { languageAlternates } from "~/lib/meta";
import { CATEGORIES, LEGAL_LINKS, SERVICE_SLUGS, type CategorySlug } from "~/site";
import { contractors } from "../../../database/schema";

export const SITEMAP_LIMIT = 50_000;

/** Public pages about the rules of reviews and of the order of pros (issue 22). */
export const POLICY_PAGE_PATHS = ["/review-policy", "/how-we-rank-pros"] as const;

/** Businesses the public pages list (a demo account's and suspended ones are not). */
const LISTED = and(eq(contractors.demoOnly, false), isNull(contractors.suspendedAt));

/** Every (city, category) pair with at least one contractor. */
async function coveredPairs(db: Database): Promise<{ city: string; category: CategorySlug }[]> {
  const rows = await db
    .selectDistinct({
      city: sql<string>`unnest(${contractors.citySlugs})`.as("city"),
      category: sql<string>`unnest(${contractors.categories})`.as("category"),
    })
    .from(contractors)
    .where(LISTED);
  return rows.filter((row): row is { city: string; category: CategorySlug } =>
    CATEGORIES.some((c) => c.slug === row.category),
  );
}

export async function sitemapPaths(db: Database): Promise<string[]> {
  const paths = [
    "/",
    ...CATEGORIES.map((c) => c.path),
    ...LEGAL_LINKS.map((l) => l.path),
    ...POLICY_PAGE_PATHS,
  ];
  const pairs = await coveredPairs(db);
  const cities = [...new Set(pairs.map((pair) => pair.city))].sort();
  for (const city of cities) {
    paths.push(`/${city}`);
    for (const { category } of pairs
      .filter((pair) => pair.city === city)
      .sort((a, b) => a.category.localeCompare(b.category))) {
      paths.push(
        `/${city}/${category}`,
        ...SERVICE_SLUGS[category].map((service) => `/${city}/${service}`),
      );
    }
  }
  // Real businesses' profiles (sample ones are noindex; demo ones are private).
  const profiles = await db
    .select({ slug: contractors.slug })
    .from(contractors)
    .where(and(eq(contractors.isSample, false), LISTED))
    .orderBy(contractors.slug);
  paths.push(...profiles.map((profile) => `/pros/${profile.slug}`));
  return paths;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Every page (English paths, from sitemapPaths) in every language, English first. */
export function inEveryLanguage(paths: readonly string[]): string[] {
  return paths.flatMap((path) => LOCALES.map((locale) => localizePath(path, locale)));
}

/** A URL set: each URL with its alternates in every language and x-default. */
export function urlSet(siteUrl: string, paths: readonly string[]): string {
  const urls = paths
    .map((path) => {
      const alternates = languageAlternates(siteUrl, path)
        .map(
          ({ hreflang, href }) =>
            `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`,
        )
        .join("");
      return `<url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${alternates}</url>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>\n`;
}

export function sitemapIndex(siteUrl: string, count: number): string {
  const entries = Array.from(
    { length: count },
    (_, index) =>
      `<sitemap><loc>${escapeXml(`${siteUrl}/sitemap/${(index + 1).toString()}.xml`)}</loc></sitemap>`,
  ).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>\n`;
}
