/** Every raster image of the site, in manifest order. */
import type { ImageSpec } from "../lib/types.ts";
import { BEFORE_AFTER } from "./before-after.ts";
import { category, CATEGORY_SCENES } from "./categories.ts";
import { HEROES } from "./hero.ts";
import { CITY } from "./city.ts";
import { ogSpec } from "./og.ts";
import { PROJECTS } from "./projects.ts";
import { GENERAL } from "./services/general.ts";
import { RENOVATION } from "./services/renovation.ts";
import { ROOFING } from "./services/roofing.ts";
import { PLUMBING } from "./services/plumbing.ts";
import { ELECTRICAL } from "./services/electrical.ts";
import { LANDSCAPING } from "./services/landscaping.ts";
import { POOLS } from "./services/pools.ts";
import { COMMERCIAL } from "./services/commercial.ts";
import { PAINT } from "./services/paint.ts";

export const CATEGORIES: ImageSpec[] = Object.entries(CATEGORY_SCENES).map(([slug, svg]) =>
  category(slug, svg),
);

/** Titles as in app/site.ts (kept here so the generator has no app imports). */
const TITLES: Record<string, string> = {
  "general-contractors": "General Contractors",
  "home-renovation": "Home Renovation",
  roofing: "Roofing",
  plumbing: "Plumbing",
  electrical: "Electrical",
  landscaping: "Landscaping",
  pools: "Pools",
  "commercial-construction": "Commercial Construction",
  paint: "Paint",
};

const hero1 = HEROES[0];
if (!hero1) throw new Error("hero-1 missing");

export const OG: ImageSpec[] = [
  ogSpec("home", "Find trusted local contractors", hero1),
  ...CATEGORIES.map((c) => {
    const slug = c.name.replace("categories/", "");
    return ogSpec(slug, TITLES[slug] ?? slug, c);
  }),
];

export const SERVICES: ImageSpec[] = [
  ...GENERAL,
  ...RENOVATION,
  ...ROOFING,
  ...PLUMBING,
  ...ELECTRICAL,
  ...LANDSCAPING,
  ...POOLS,
  ...COMMERCIAL,
  ...PAINT,
];

export const ALL_IMAGES: readonly ImageSpec[] = [
  ...HEROES,
  ...BEFORE_AFTER,
  ...CATEGORIES,
  ...SERVICES,
  ...PROJECTS,
  ...CITY,
  ...OG,
];
