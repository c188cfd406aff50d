/**
 * A pro's own business profiles: creating one (the person becomes its only
 * owner), changing it (the owner only), listing the person's. The form's
 * values are checked here in full, places resolved against the gazetteer,
 * before anything is written; each write is one statement, so a refused
 * form stores nothing. Messages are in the page's language; the business's
 * emails in the language its form chose (contractors.locale), the page's
 * language when it joined and chose none.
 */
import { msg } from "@lingui/core/macro";
import { and, asc, eq, like, or } from "drizzle-orm";
import { formatPhone } from "~/features/leads";
import { NotFound } from "~/features/marketplace/index.server";
import { loadGazetteer, type Place } from "~/features/places/index.server";
import { REGIONS, type Region } from "~/features/places/index.server";
import { placeLabel } from "~/features/places/index.server";
import { nameWords } from "~/features/places";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { contractors, type DistanceUnit } from "../../../database/schema";
import { profileMessages } from "./profile-messages";
import { checkProfileForm, type FieldErrors, type ProfileFields } from "./profile-schema";
import { placeLines, type ProfileFormValues } from "./profile-values";

/** The profile as stored: the form's fields with its places resolved. */
export interface BusinessProfile extends Omit<ProfileFields, "places" | "basePlace"> {
  /** Every city slug it is listed in: the cities named, then the base city. */
  citySlugs: string[];
  basePlace?: string;
  country: "US" | "CA";
  radiusUnit: DistanceUnit;
}

export type ProfileOutcome =
  | { ok: true; business: { id: string; slug: string } }
  | { ok: false; errors: FieldErrors; values: ProfileFormValues };

/** A name's part of a slug: its words, at most this many characters. */
const SLUG_NAME_LENGTH = 60;

function unknownPlace(text: string, locale: Locale): string {
  return translate(
    locale,
    msg`We couldn't find “${text}”. Please type a US or Canadian city as City, ST, like Denver, CO or Toronto, ON.`,
  );
}

function abroad(text: string, locale: Locale): string {
  return translate(
    locale,
    msg`“${text}” is not in the US or Canada, where we list businesses. Please type a city there, like Denver, CO.`,
  );
}

/** A typed place → the gazetteer's city, or the message for the person. */
async function resolvePlace(
  text: string,
  locale: Locale,
): Promise<{ place: Place } | { error: string }> {
  const result = (await loadGazetteer()).resolve(text);
  if (result.ok) return { place: result.place };
  return {
    error:
      result.reason === "unsupported-country" ? abroad(text, locale) : unknownPlace(text, locale),
  };
}

/** The form checked in full: the profile to store, or a message per field (in `locale`). */
export async function readProfile(
  values: ProfileFormValues,
  locale: Locale = DEFAULT_LOCALE,
): Promise<{ ok: true; profile: BusinessProfile } | { ok: false; errors: FieldErrors }> {
  const checked = checkProfileForm(values, locale);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors };
  // Places are looked up even when another field is wrong: one answer, every message.
  const listed: Place[] = [];
  if (!errors.places) {
    const typed = checked.ok ? checked.data.places : placeLines(values.places);
    for (const text of typed) {
      const found = await resolvePlace(text, locale);
      if ("error" in found) {
        errors.places = found.error;
        break;
      }
      listed.push(found.place);
    }
  }
  let base: Place | undefined;
  const baseText = values.basePlace?.trim();
  if (!errors.basePlace && baseText) {
    const found = await resolvePlace(baseText, locale);
    if ("error" in found) errors.basePlace = found.error;
    else base = found.place;
  }
  const region = values.licenceRegion?.trim().toUpperCase();
  if (!errors.licenceRegion && region && !REGIONS.has(region)) {
    errors.licenceRegion = profileMessages(locale).licenceRegion;
  }
  if (!checked.ok || Object.keys(errors).length > 0) return { ok: false, errors };

  const { places: _typed, basePlace: _base, ...fields } = checked.data;
  const cities = [...listed, ...(base ? [base] : [])];
  const first = cities[0];
  if (!first) return { ok: false, errors: { places: profileMessages(locale).serviceArea } };
  return {
    ok: true,
    profile: {
      ...fields,
      citySlugs: [...new Set(cities.map((city) => city.slug))],
      basePlace: base?.slug,
      country: first.country,
      radiusUnit: first.country === "CA" ? "km" : "mi",
    },
  };
}

/** The columns a profile sets (the same on creating and changing it). */
function columns(profile: BusinessProfile, now: Date) {
  return {
    name: profile.name,
    description: profile.description,
    categories: profile.categories,
    services: profile.services,
    citySlugs: profile.citySlugs,
    country: profile.country,
    basePlace: profile.basePlace ?? null,
    serviceRadius: profile.radius ?? null,
    radiusUnit: profile.radiusUnit,
    licenceNumber: profile.licenceNumber ?? null,
    licenceRegion: profile.licenceRegion ?? null,
    insuranceCarrier: profile.insuranceCarrier ?? null,
    yearsInBusiness: profile.yearsInBusiness ?? null,
    hours: profile.hours ?? "",
    phone: profile.phone ?? "",
    email: profile.email,
    address: profile.address ?? "",
    showPhone: profile.showPhone,
    showEmail: profile.showEmail,
    showAddress: profile.showAddress,
    // The form always sends its language; a form without one leaves it as it is.
    ...(profile.locale ? { locale: profile.locale } : {}),
    updatedAt: now,
  };
}

/** "Summit Roofing & Gutters", "denver-co" → "summit-roofing-and-gutters-denver-co". */
export function profileSlug(name: string, citySlug: string): string {
  const words = nameWords(name).join("-").slice(0, SLUG_NAME_LENGTH).replace(/-+$/, "");
  return `${words || "business"}-${citySlug}`;
}

/** The slug, or the slug with the first free suffix (-2, -3, …). */
async function freeSlug(db: Database, base: string): Promise<string> {
  // A base slug holds only [a-z0-9-]: no LIKE wildcard in it.
  const taken = await db
    .select({ slug: contractors.slug })
    .from(contractors)
    .where(or(eq(contractors.slug, base), like(contractors.slug, `${base}-%`)));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n.toString()}`;
    if (!used.has(candidate)) return candidate;
  }
}

export interface ProfileWriteOptions {
  /** The page's language: the messages', and a new business's emails' unless its form chose. */
  locale?: Locale;
  now?: Date;
}

/**
 * A new business owned by the person: a real one (not sample data), with no
 * reviews and no photos yet. Its slug is its name and first city, with a
 * suffix when another business has it. Its emails are in the language its
 * form chose, or the page's.
 */
export async function createBusiness(
  db: Database,
  userId: string,
  values: ProfileFormValues,
  { locale = DEFAULT_LOCALE, now = new Date() }: ProfileWriteOptions = {},
): Promise<ProfileOutcome> {
  const read = await readProfile(values, locale);
  if (!read.ok) return { ok: false, errors: read.errors, values };
  const { profile } = read;
  const base = profileSlug(profile.name, profile.citySlugs[0] ?? "us");
  // Two businesses of one name created at once both find the same free slug:
  // the second insert then finds it taken and looks again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = await freeSlug(db, base);
    const [row] = await db
      .insert(contractors)
      .values({
        ...columns(profile, now),
        locale: profile.locale ?? locale,
        slug,
        ownerId: userId,
        isSample: false,
        rating: 0,
        reviewCount: 0,
        features: [],
        gallery: [],
        createdAt: now,
      })
      .onConflictDoNothing({ target: contractors.slug })
      .returning({ id: contractors.id, slug: contractors.slug });
    if (row) return { ok: true, business: row };
  }
  throw new Error("no free slug for a new business after 5 attempts");
}

/** Changes a business the person owns; anyone else's, or an unknown id, is NotFound. */
export async function updateBusiness(
  db: Database,
  userId: string,
  contractorId: string,
  values: ProfileFormValues,
  { locale = DEFAULT_LOCALE, now = new Date() }: ProfileWriteOptions = {},
): Promise<ProfileOutcome> {
  await ownBusiness(db, userId, contractorId);
  const read = await readProfile(values, locale);
  if (!read.ok) return { ok: false, errors: read.errors, values };
  const [row] = await db
    .update(contractors)
    .set(columns(read.profile, now))
    .where(and(eq(contractors.id, contractorId), eq(contractors.ownerId, userId)))
    .returning({ id: contractors.id, slug: contractors.slug });
  if (!row) throw new NotFound();
  return { ok: true, business: row };
}

export interface OwnBusiness {
  id: string;
  slug: string;
  name: string;
  isSample: boolean;
}

/** The businesses the person owns, the first they created or claimed first. */
export async function ownBusinesses(db: Database, userId: string): Promise<OwnBusiness[]> {
  return db
    .select({
      id: contractors.id,
      slug: contractors.slug,
      name: contractors.name,
      isSample: contractors.isSample,
    })
    .from(contractors)
    .where(eq(contractors.ownerId, userId))
    .orderBy(asc(contractors.createdAt), asc(contractors.slug));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownBusiness(db: Database, userId: string, contractorId: string) {
  if (!UUID.test(contractorId)) throw new NotFound();
  const [row] = await db
    .select()
    .from(contractors)
    .where(and(eq(contractors.id, contractorId), eq(contractors.ownerId, userId)));
  if (!row) throw new NotFound();
  return row;
}

/** A business the person owns, as its form shows it; NotFound for anyone else's. */
export async function profileFormOf(
  db: Database,
  userId: string,
  contractorId: string,
): Promise<ProfileFormValues> {
  const row = await ownBusiness(db, userId, contractorId);
  const gazetteer = await loadGazetteer();
  const label = (slug: string) => {
    const place = gazetteer.bySlug(slug);
    return place ? placeLabel(place) : slug;
  };
  const on = (shown: boolean) => (shown ? "on" : undefined);
  return {
    name: row.name,
    categories: row.categories,
    services: row.services,
    // The base city is listed too (citySlugs), but typed in its own field.
    places: row.citySlugs
      .filter((slug) => slug !== row.basePlace)
      .map(label)
      .join("\n"),
    basePlace: row.basePlace ? label(row.basePlace) : "",
    radius: row.serviceRadius?.toString() ?? "",
    licenceNumber: row.licenceNumber ?? "",
    licenceRegion: row.licenceRegion ?? "",
    insuranceCarrier: row.insuranceCarrier ?? "",
    description: row.description,
    yearsInBusiness: row.yearsInBusiness?.toString() ?? "",
    hours: row.hours,
    phone: row.phone ? formatPhone(row.phone) : "",
    email: row.email,
    address: row.address,
    showPhone: on(row.showPhone),
    showEmail: on(row.showEmail),
    showAddress: on(row.showAddress),
    locale: row.locale,
  };
}

/** The states and provinces that issue licences, for the form's list. */
export function licenceRegions(): Region[] {
  const order = (region: Region) => (region.country === "US" ? 0 : 1);
  return [...REGIONS.values()].sort(
    (a, b) => order(a) - order(b) || a.name.localeCompare(b.name, "en"),
  );
}
