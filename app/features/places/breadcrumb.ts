/**
 * Breadcrumb labels (spec §2 Shared pieces): Home plus each path segment. A
 * segment with a hyphen and at most 8 characters reads as "City, ST"; any
 * other segment in title case. In Spanish and French (decision 030) the
 * segments that name one of our pages (a category, the search page…) read as
 * that page's name in the language, and the links stay in the language.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { i18nFor } from "~/lib/i18n";
import { localizePath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { titleCase } from "~/lib/text";
import { isCategorySlug } from "~/site";

export const CITY_SEGMENT_MAX_LENGTH = 8;

export function formatBreadcrumbSegment(segment: string): string {
  if (segment.includes("-") && segment.length <= CITY_SEGMENT_MAX_LENGTH) {
    const parts = segment.split("-");
    const region = parts.pop() ?? "";
    return `${titleCase(parts.join("-"))}, ${region.toUpperCase()}`;
  }
  return titleCase(segment);
}

const HOME: MessageDescriptor = msg`Home`;

/**
 * Segments that name a page of ours, as words; in English each is the
 * segment in title case, as for any other segment.
 */
const PAGE_SEGMENTS: Readonly<Record<string, MessageDescriptor>> = {
  search: msg`Search`,
  privacy: msg`Privacy`,
  terms: msg`Terms`,
  "review-policy": msg`Review Policy`,
  "how-we-rank-pros": msg`How We Rank Pros`,
  unsubscribe: msg`Unsubscribe`,
};

function knownSegment(segment: string): MessageDescriptor | undefined {
  if (isCategorySlug(segment)) return CATEGORY_TITLES[segment];
  return Object.hasOwn(PAGE_SEGMENTS, segment) ? PAGE_SEGMENTS[segment] : undefined;
}

export interface Crumb {
  label: string;
  path: string;
}

/**
 * The crumbs of a path without its language prefix ("/denver-co/roofing"),
 * labelled and linked in `locale`. `labels` names segments the page knows
 * better (a listing's service, in the page's language); the spec's rule
 * does the rest.
 */
export function breadcrumbs(
  pathname: string,
  locale: Locale = DEFAULT_LOCALE,
  labels: Readonly<Record<string, string>> = {},
): Crumb[] {
  const i18n = i18nFor(locale);
  const segments = pathname.split("/").filter(Boolean);
  const label = (segment: string): string => {
    if (Object.hasOwn(labels, segment)) return labels[segment] ?? segment;
    const known = knownSegment(segment);
    return known ? i18n._(known) : formatBreadcrumbSegment(segment);
  };
  return [
    { label: i18n._(HOME), path: localizePath("/", locale) },
    ...segments.map((segment, index) => ({
      label: label(decodeSafely(segment)),
      path: localizePath(`/${segments.slice(0, index + 1).join("/")}`, locale),
    })),
  ];
}

/**
 * The labels a page's loaders give segments of its path, as `crumbLabels`
 * (a listing's service in the page's language), from the route matches
 * (`useMatches()`): for the bar, which the root layout renders.
 */
export function crumbLabelsOf(
  matches: readonly { loaderData?: unknown }[],
): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  for (const { loaderData } of matches) {
    if (typeof loaderData !== "object" || loaderData === null) continue;
    if (!("crumbLabels" in loaderData)) continue;
    const labels = loaderData.crumbLabels;
    if (typeof labels !== "object" || labels === null) continue;
    for (const [segment, label] of Object.entries(labels)) {
      if (typeof label === "string") found[segment] = label;
    }
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
