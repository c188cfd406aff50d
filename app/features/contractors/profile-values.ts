/**
 * What the business profile form sends, as typed: its fields by name, read
 * from a posted form, and the places field's lines.
 */
import { ALL_SERVICE_SLUGS, CATEGORY_SLUGS } from "~/site";

/** The single-value fields, as the form names them (ticked boxes send "on"). */
export const PROFILE_TEXT_FIELDS = [
  "name",
  "places",
  "basePlace",
  "radius",
  "licenceNumber",
  "licenceRegion",
  "insuranceCarrier",
  "description",
  "yearsInBusiness",
  "hours",
  "phone",
  "email",
  "address",
  "showPhone",
  "showEmail",
  "showAddress",
  "locale",
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

/** What the form sent (or shows): text as typed, and the ticked trades and services. */
export type ProfileFormValues = Partial<Record<ProfileTextField, string>> & {
  categories?: string[];
  services?: string[];
};

/** No more ticked boxes than there are to tick: a longer list is not a person's. */
const MAX_TICKED = CATEGORY_SLUGS.length + ALL_SERVICE_SLUGS.length;

/** The profile fields of a posted form (files and unknown names are ignored). */
export function profileFormValues(form: FormData): ProfileFormValues {
  const values: ProfileFormValues = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value;
  }
  const list = (name: string) =>
    form
      .getAll(name)
      .filter((value) => typeof value === "string")
      .slice(0, MAX_TICKED);
  values.categories = list("categories");
  values.services = list("services");
  return values;
}

/** The places typed in one field: one a line (or separated by ";"), like "Denver, CO". */
export function placeLines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean);
}
