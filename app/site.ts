/**
 * The site's catalogue, read by several features: the brand, the categories
 * and their services, the popular cities and supported countries, the
 * browser's storage keys, the legal links, and the specification's words that
 * pages show word for word. Nothing else in the code base writes these values
 * down; import them from here. A constant only one component uses (a timing,
 * a limit) is written beside that component, with the spec's section.
 */

export const BRAND = {
  name: "TradeMatch",
  tagline: "Local contractors for every project",
  /** Spec §1: "over 15 years of experience". */
  yearsOfExperience: 15,
  supportEmail: "hello@trade-match.example",
  /**
   * The sender's mailing address, at the foot of every email (CASL: a
   * commercial email names its sender, a mailing address and a way to reach
   * it). An installation sets its own with MAIL_POSTAL_ADDRESS.
   */
  postalAddress: "1550 Wynkoop St, Suite 200, Denver, CO 80202, USA",
} as const;

export type CategoryIcon =
  | "hard-hat"
  | "hammer"
  | "house"
  | "wrench"
  | "zap"
  | "trees"
  | "waves"
  | "building"
  | "paint-roller";

export interface Category {
  /** The path segment, also the lead's `service` value. */
  slug: CategorySlug;
  title: string;
  path: `/${CategorySlug}`;
  icon: CategoryIcon;
  /** The category's illustration (a key of the image manifest). */
  image: string;
}

export const CATEGORY_SLUGS = [
  "general-contractors",
  "home-renovation",
  "roofing",
  "plumbing",
  "electrical",
  "landscaping",
  "pools",
  "commercial-construction",
  "paint",
] as const;

export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

const CATEGORY_DETAILS: Record<CategorySlug, { title: string; icon: CategoryIcon }> = {
  "general-contractors": { title: "General Contractors", icon: "hard-hat" },
  "home-renovation": { title: "Home Renovation", icon: "hammer" },
  roofing: { title: "Roofing", icon: "house" },
  plumbing: { title: "Plumbing", icon: "wrench" },
  electrical: { title: "Electrical", icon: "zap" },
  landscaping: { title: "Landscaping", icon: "trees" },
  pools: { title: "Pools", icon: "waves" },
  "commercial-construction": {
    title: "Commercial Construction",
    icon: "building",
  },
  paint: { title: "Paint", icon: "paint-roller" },
};

/** Spec §2: the nine categories, in the order the home page lists them. */
export const CATEGORIES: readonly Category[] = /* @__PURE__ */ CATEGORY_SLUGS.map((slug) => ({
  slug,
  path: `/${slug}` as const,
  image: `categories/${slug}`,
  ...CATEGORY_DETAILS[slug],
}));

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(value);
}

export function getCategory(slug: CategorySlug): Category {
  const category = CATEGORIES.find((c) => c.slug === slug);
  if (!category) throw new Error(`Unknown category ${slug}`);
  return category;
}

/**
 * Spec §2: the service cards of each category page, in the spec's order (six
 * per page; four on paint and, as sub-service cards, on home renovation).
 */
export const SERVICE_SLUGS = {
  "general-contractors": [
    "new-construction",
    "commercial-remodeling",
    "building-additions",
    "project-management",
    "design-build",
    "safety-compliance",
  ],
  "home-renovation": ["kitchens", "bathrooms", "marble-granite", "windows-doors"],
  roofing: [
    "roof-installation",
    "roof-repair",
    "roof-maintenance",
    "gutter-installation",
    "solar-roof",
    "emergency-service",
  ],
  plumbing: [
    "emergency-plumbing",
    "pipe-installation",
    "drain-cleaning",
    "water-heater",
    "leak-detection",
    "bathroom-plumbing",
  ],
  electrical: [
    "electrical-installation",
    "emergency-electrical",
    "panel-upgrades",
    "lighting",
    "smart-home",
    "maintenance",
  ],
  landscaping: [
    "landscape-design",
    "lawn-care",
    "irrigation",
    "hardscaping",
    "tree-services",
    "outdoor-lighting",
  ],
  pools: [
    "custom-pools",
    "pool-renovation",
    "pool-maintenance",
    "pool-equipment",
    "pool-safety",
    "pool-landscaping",
  ],
  "commercial-construction": [
    "office-buildings",
    "retail-spaces",
    "restaurants",
    "industrial-facilities",
    "healthcare-facilities",
    "educational-buildings",
  ],
  paint: ["interior-painting", "exterior-painting", "commercial-painting", "specialty-finishes"],
} as const satisfies Record<CategorySlug, readonly string[]>;

export type ServiceSlug = (typeof SERVICE_SLUGS)[CategorySlug][number];

/** Every service slug once (a slug may appear on only one page). */
export const ALL_SERVICE_SLUGS: readonly ServiceSlug[] = [
  ...new Set(Object.values(SERVICE_SLUGS).flat()),
];

export function isServiceSlug(value: string): value is ServiceSlug {
  return (ALL_SERVICE_SLUGS as readonly string[]).includes(value);
}

/** The category a service slug belongs to. */
export function categoryOfService(slug: ServiceSlug): CategorySlug {
  const entry = Object.entries(SERVICE_SLUGS).find(([, slugs]) =>
    (slugs as readonly string[]).includes(slug),
  );
  if (!entry) throw new Error(`Unknown service ${slug}`);
  return entry[0] as CategorySlug;
}

/** Spec §2: how many table-of-contents entries each category article has. */
export const TOC_ENTRY_COUNTS: Record<CategorySlug, number> = {
  "general-contractors": 9,
  "home-renovation": 9,
  roofing: 9,
  plumbing: 7,
  electrical: 7,
  landscaping: 7,
  pools: 7,
  "commercial-construction": 9,
  paint: 7,
};

export interface PopularCity {
  name: string;
  region: string;
  slug: string;
}

/** Spec §9: popular cities, in the spec's order. */
export const POPULAR_CITIES: readonly PopularCity[] = [
  { name: "Denver", region: "CO", slug: "denver-co" },
  { name: "Chicago", region: "IL", slug: "chicago-il" },
  { name: "New York", region: "NY", slug: "new-york-ny" },
  { name: "Los Angeles", region: "CA", slug: "los-angeles-ca" },
  { name: "Miami", region: "FL", slug: "miami-fl" },
  { name: "Houston", region: "TX", slug: "houston-tx" },
];

/** Spec §9: supported countries (ISO 3166-1 alpha-2). */
export const SUPPORTED_COUNTRIES = ["US", "CA"] as const;
export type SupportedCountry = (typeof SUPPORTED_COUNTRIES)[number];

/** Spec §3/§9: keys in the browser's local storage. */
export const STORAGE_KEYS = {
  selectedCity: "selectedCity",
  isAuthenticated: "isAuthenticated",
  /** Spec §3 leaves the name of the post-login redirect key open. */
  postLoginRedirect: "postLoginRedirect",
  /** The language a visitor chose (issue 23): suggested on pages in another. */
  language: "language",
} as const;

/** Spec §5/§8: the location errors, word for word (they are in Spanish). */
export const LOCATION_ERRORS = {
  invalidCity: "Por favor, selecciona una ciudad válida",
  unsupportedCountry: "Por favor, selecciona una ciudad en Estados Unidos o Canadá",
} as const;

/** Spec §2/§8: the listing page's not-found text. */
export const NOT_FOUND_TITLE = "Page Not Found";
export const NOT_FOUND_MESSAGE = "The requested service or location could not be found.";

/** Footer and legal pages. */
export const LEGAL_LINKS = [
  { label: "Privacy Policy", path: "/privacy" },
  { label: "Terms of Use", path: "/terms" },
] as const;

/**
 * The consent the first quote forms carry (home, city, listing, New Project,
 * and the call-back form): TradeMatch alone may contact the person; each pro
 * is named later, in the consent of the choose-pros step (PRODUCT.md,
 * "Compliance texts"). US TCPA written consent, Canada CASL. Stored with each
 * lead, word for word, with its version, the time, the address and the browser.
 */
export const CONSENT_TEXT = `I agree that ${BRAND.name} may contact me by phone, text message and email about this request, including by automated means. Consent is not a condition of any purchase. Message and data rates may apply. I can withdraw this consent at any time: reply STOP to a text, use the unsubscribe link in an email, or visit my data page. I have read the Privacy Policy.`;

/** The version of CONSENT_TEXT (its own module: a form's island reads it). */
export { CONSENT_VERSION } from "./lib/consent-version";
