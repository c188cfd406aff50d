/** Small text helpers shared by the server and the browser. */

/** "roof-repair" → "Roof Repair". */
export function titleCase(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** "new-york-ny" → "New York, NY" (the slug's own words; the gazetteer knows accents). */
export function cityLabelFromSlug(slug: string): string {
  const parts = slug.split("-");
  const region = parts.pop() ?? "";
  return `${titleCase(parts.join("-"))}, ${region.toUpperCase()}`;
}
