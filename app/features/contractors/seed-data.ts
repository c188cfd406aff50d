/**
 * The demo directory: sample contractors for every popular city and
 * category, deterministic so every installation shows the same ones. All of
 * them are sample data (is_sample), and the pages say so.
 *
 * Their details are made up the way the rest is (555 phone numbers,
 * `.example` addresses): a licence number starts with SAMPLE, so it can
 * never be a real licensee's, and the insurers are invented.
 */
import {
  CATEGORIES,
  POPULAR_CITIES,
  SERVICE_SLUGS,
  type CategorySlug,
  type ServiceSlug,
  type SupportedCountry,
} from "~/site";
import type { DistanceUnit } from "../../../database/schema";

/** Spec §9: the sample contractor's rating and review count. */
const SAMPLE_CONTRACTOR_RATING = 4.8;
const SAMPLE_CONTRACTOR_REVIEWS = 127;

export interface ContractorSeed {
  slug: string;
  name: string;
  description: string;
  rating: number;
  reviewCount: number;
  features: string[];
  phone: string;
  email: string;
  address: string;
  gallery: string[];
  categories: CategorySlug[];
  citySlugs: string[];
  country: SupportedCountry;
  /** A few of its categories' service slugs (spec §2). */
  services: ServiceSlug[];
  yearsInBusiness: number;
  licenceNumber: string;
  /** The state or province of its city. */
  licenceRegion: string;
  insuranceCarrier: string;
  hours: string;
  basePlace: string;
  /**
   * Samples serve only their listed cities (null): a radius would put sample
   * listings on every suburb's page, and make those pages indexable.
   */
  serviceRadius: number | null;
  radiusUnit: DistanceUnit;
}

const CITY_DETAILS: Record<
  string,
  { prefixes: [string, string]; areaCode: string; street: string; zip: string }
> = {
  "denver-co": {
    prefixes: ["Mile High", "Front Range"],
    areaCode: "303",
    street: "Blake St",
    zip: "80202",
  },
  "chicago-il": {
    prefixes: ["Lakeshore", "Prairie Avenue"],
    areaCode: "312",
    street: "W Lake St",
    zip: "60601",
  },
  "new-york-ny": {
    prefixes: ["Hudson", "Five Boroughs"],
    areaCode: "212",
    street: "W 26th St",
    zip: "10001",
  },
  "los-angeles-ca": {
    prefixes: ["Pacific Crest", "Sunset"],
    areaCode: "213",
    street: "S Spring St",
    zip: "90012",
  },
  "miami-fl": {
    prefixes: ["Biscayne", "Coral Way"],
    areaCode: "305",
    street: "NW 2nd Ave",
    zip: "33128",
  },
  "houston-tx": {
    prefixes: ["Bayou City", "Gulf Coast"],
    areaCode: "713",
    street: "Main St",
    zip: "77002",
  },
};

interface Trade {
  noun: string;
  description: string;
  features: string[];
  /** The licence number's trade letters. */
  code: string;
  hours: string;
}

const WEEKDAYS = "Mon–Fri 7am–5pm, Sat 8am–noon";
const EMERGENCY = "Mon–Fri 7am–6pm; emergency calls 24/7";

const TRADE: Record<CategorySlug, Trade> = {
  "general-contractors": {
    noun: "Builders",
    description:
      "Licensed general contractor running new builds, additions and major remodels from permit to final inspection, with one project manager from start to finish.",
    features: [
      "Licensed, bonded and insured",
      "Permits and inspections handled",
      "Fixed-price written proposals",
      "Dedicated project manager",
    ],
    code: "GC",
    hours: WEEKDAYS,
  },
  "home-renovation": {
    noun: "Renovations",
    description:
      "Kitchen, bath and whole-home renovations with in-house design help, clear allowances and a tidy, protected job site every day.",
    features: [
      "In-house design consultations",
      "Dust control and floor protection",
      "Itemized estimates with allowances",
      "2-year workmanship warranty",
    ],
    code: "RN",
    hours: WEEKDAYS,
  },
  roofing: {
    noun: "Roofing",
    description:
      "Roof replacements and repairs in asphalt, metal and tile, with storm-damage inspections and help documenting insurance claims.",
    features: [
      "Free roof inspections",
      "Manufacturer-certified installers",
      "Storm and hail damage repairs",
      "10-year workmanship warranty",
    ],
    code: "RF",
    hours: "Mon–Sat 7am–6pm",
  },
  plumbing: {
    noun: "Plumbing & Drain",
    description:
      "Residential plumbing from leak detection and drain cleaning to water heaters and repiping, with upfront pricing before work starts.",
    features: [
      "Upfront flat-rate pricing",
      "Licensed master plumber on staff",
      "Tank and tankless water heaters",
      "Same-day emergency service",
    ],
    code: "PL",
    hours: EMERGENCY,
  },
  electrical: {
    noun: "Electric",
    description:
      "Panel upgrades, EV chargers, lighting and troubleshooting by licensed electricians who pull permits and leave the site safe.",
    features: [
      "Licensed electricians",
      "Panel and service upgrades",
      "EV charger installation",
      "Permits pulled for code work",
    ],
    code: "EL",
    hours: EMERGENCY,
  },
  landscaping: {
    noun: "Landscapes",
    description:
      "Design-build landscaping: planting plans, patios, irrigation and low-water yards suited to the local climate and water rules.",
    features: [
      "Landscape design plans",
      "Irrigation install and tune-ups",
      "Hardscape patios and walls",
      "Seasonal maintenance plans",
    ],
    code: "LS",
    hours: "Mon–Sat 7am–5pm",
  },
  pools: {
    noun: "Pools & Spas",
    description:
      "Pool building, resurfacing and equipment upgrades, plus weekly service, with barrier and safety-code guidance built in.",
    features: [
      "Custom pool design",
      "Resurfacing and tile repair",
      "Variable-speed pump upgrades",
      "Weekly maintenance plans",
    ],
    code: "PS",
    hours: "Mon–Sat 8am–5pm",
  },
  "commercial-construction": {
    noun: "Commercial Builders",
    description:
      "Tenant improvements, retail and office build-outs delivered on schedule, with phased work to keep businesses open.",
    features: [
      "Tenant improvement specialists",
      "After-hours and phased work",
      "Accessibility code compliance",
      "Bonded for public projects",
    ],
    code: "CC",
    hours: "Mon–Fri 6am–6pm",
  },
  paint: {
    noun: "Painting Co.",
    description:
      "Interior and exterior painting with careful prep, low-VOC paints and lead-safe practices for older homes.",
    features: [
      "Thorough surface prep",
      "Low-VOC paint options",
      "Lead-safe certified crews",
      "Color consultations",
    ],
    code: "PT",
    hours: WEEKDAYS,
  },
};

const PROJECT_IMAGES = [1, 2, 3, 4, 5, 6].map((n) => `projects/project-${n.toString()}`);

/** A small deterministic number in [0, 1) from a string (no randomness in seeds). */
function unit(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return ((hash >>> 0) % 10_000) / 10_000;
}

/** A number in [min, max] from a string. */
function between(text: string, min: number, max: number): number {
  return min + Math.floor(unit(text) * (max - min + 1));
}

const INSURERS = ["Example Mutual Insurance", "Example Casualty Co.", "Example Builders Insurance"];

/**
 * The two samples of a city and category split its services, overlapping:
 * each offers more than half of them, and every service page of the city
 * still lists at least one.
 */
function servicesOf(category: CategorySlug, index: number): ServiceSlug[] {
  const all: readonly ServiceSlug[] = SERVICE_SLUGS[category];
  const count = Math.ceil(all.length / 2) + 1;
  return index === 0 ? all.slice(0, count) : all.slice(-count);
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The spec's sample contractor (spec §2, §9): rating 4.8 with 127 reviews. */
export const SAMPLE_CONTRACTOR: ContractorSeed = {
  slug: "summit-ridge-construction",
  name: "Summit Ridge Construction",
  description:
    "Family-owned contractor with over 15 years of experience in remodeling, roofing and exterior work. One crew lead stays with your project from the first walkthrough to the final punch list.",
  rating: SAMPLE_CONTRACTOR_RATING,
  reviewCount: SAMPLE_CONTRACTOR_REVIEWS,
  features: [
    "Licensed, bonded and insured",
    "Free on-site estimates",
    "Written timeline and fixed price",
    "5-year workmanship warranty",
    "Clean-site guarantee",
  ],
  phone: "+13035550142",
  email: "hello@summit-ridge.example",
  address: "1550 Wynkoop St, Denver, CO 80202",
  gallery: PROJECT_IMAGES,
  categories: ["general-contractors", "home-renovation", "roofing", "paint"],
  citySlugs: POPULAR_CITIES.map((city) => city.slug),
  country: "US",
  services: [
    "building-additions",
    "project-management",
    "design-build",
    "kitchens",
    "bathrooms",
    "roof-installation",
    "roof-repair",
    "gutter-installation",
    "interior-painting",
    "exterior-painting",
  ],
  yearsInBusiness: 17,
  licenceNumber: "SAMPLE-GC-20417",
  licenceRegion: "CO",
  insuranceCarrier: INSURERS[0] ?? "",
  hours: WEEKDAYS,
  basePlace: "denver-co",
  serviceRadius: null,
  radiusUnit: "mi",
};

export function contractorSeeds(): ContractorSeed[] {
  const seeds: ContractorSeed[] = [SAMPLE_CONTRACTOR];
  for (const city of POPULAR_CITIES) {
    const details = CITY_DETAILS[city.slug];
    if (!details) continue;
    for (const category of CATEGORIES) {
      const trade = TRADE[category.slug];
      details.prefixes.forEach((prefix, index) => {
        const name = `${prefix} ${trade.noun}`;
        const key = `${city.slug}:${category.slug}:${index.toString()}`;
        const line = (100 + Math.floor(unit(`${key}:phone`) * 99)).toString().padStart(4, "0");
        const gallery = [0, 1, 2].map(
          (offset) => PROJECT_IMAGES[(Math.floor(unit(key) * 6) + offset) % 6] ?? "",
        );
        seeds.push({
          slug: `${slugify(name)}-${city.slug}`,
          name,
          description: trade.description,
          rating: Math.round((4.2 + unit(`${key}:rating`) * 0.7) * 10) / 10,
          reviewCount: 9 + Math.floor(unit(`${key}:reviews`) * 230),
          features: trade.features,
          phone: `+1${details.areaCode}555${line}`,
          email: `hello@${slugify(name)}.example`,
          address: `${(100 + Math.floor(unit(`${key}:number`) * 2800)).toString()} ${details.street}, ${city.name}, ${city.region} ${details.zip}`,
          gallery,
          categories: [category.slug],
          citySlugs: [city.slug],
          country: "US",
          services: servicesOf(category.slug, index),
          yearsInBusiness: between(`${key}:years`, 3, 34),
          licenceNumber: `SAMPLE-${trade.code}-${between(`${key}:licence`, 10_000, 99_999).toString()}`,
          licenceRegion: city.region,
          insuranceCarrier: INSURERS[between(`${key}:insurer`, 0, INSURERS.length - 1)] ?? "",
          hours: trade.hours,
          basePlace: city.slug,
          serviceRadius: null,
          radiusUnit: "mi",
        });
      });
    }
  }
  return seeds;
}
