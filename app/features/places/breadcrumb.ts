/**
 * Breadcrumb labels (spec §2 Shared pieces): Home plus each path segment. A
 * segment with a hyphen and at most 8 characters reads as "City, ST"; any
 * other segment in title case.
 */
import { titleCase } from "~/lib/text";

export const CITY_SEGMENT_MAX_LENGTH = 8;

export function formatBreadcrumbSegment(segment: string): string {
  if (segment.includes("-") && segment.length <= CITY_SEGMENT_MAX_LENGTH) {
    const parts = segment.split("-");
    const region = parts.pop() ?? "";
    return `${titleCase(parts.join("-"))}, ${region.toUpperCase()}`;
  }
  return titleCase(segment);
}

export interface Crumb {
  label: string;
  path: string;
}

export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  return [
    { label: "Home", path: "/" },
    ...segments.map((segment, index) => ({
      label: formatBreadcrumbSegment(decodeSafely(segment)),
      path: `/${segments.slice(0, index + 1).join("/")}`,
    })),
  ];
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
