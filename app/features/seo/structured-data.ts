/**
 * schema.org objects for the pages: Organization (home), Service (category
 * pages), BreadcrumbList (pages with a breadcrumb), FAQPage (articles with an
 * FAQ) and contractors as HomeAndConstructionBusiness or its subtype.
 *
 * In the page's language (decision 030): names in its words, URLs under its
 * prefix; the organization keeps one @id in every language. Rendered by the
 * server only (the catalogues of every language are loaded there).
 */
import { msg } from "@lingui/core/macro";
import { translate } from "~/lib/i18n";
import { localizePath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { BRAND, CATEGORIES, type CategorySlug } from "~/site";

const CONTEXT = "https://schema.org";

/** The two countries the site serves, named in a language. */
function countries(locale: Locale) {
  return [
    { "@type": "Country", name: translate(locale, msg`United States`) },
    { "@type": "Country", name: translate(locale, msg`Canada`) },
  ];
}

export function organization(siteUrl: string, locale: Locale = DEFAULT_LOCALE) {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: BRAND.name,
    url: `${siteUrl}${localizePath("/", locale)}`,
    logo: `${siteUrl}/apple-touch-icon.png`,
    email: BRAND.supportEmail,
    areaServed: countries(locale),
    knowsAbout: CATEGORIES.map((category) => translate(locale, CATEGORY_TITLES[category.slug])),
  };
}

export function service(
  siteUrl: string,
  input: {
    slug: CategorySlug;
    name: string;
    description: string;
    offers: string[];
    /** The page's language (English when not given). */
    locale?: Locale;
  },
) {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const url = `${siteUrl}${localizePath(`/${input.slug}`, locale)}`;
  const title = input.name;
  return {
    "@context": CONTEXT,
    "@type": "Service",
    "@id": `${url}#service`,
    name: input.name,
    serviceType: input.name,
    description: input.description,
    url,
    provider: {
      "@type": "Organization",
      "@id": `${siteUrl}/#organization`,
      name: BRAND.name,
      url: `${siteUrl}${localizePath("/", locale)}`,
    },
    areaServed: countries(locale),
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: translate(locale, msg`${title} services`),
      itemListElement: input.offers.map((name) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name },
      })),
    },
  };
}

/** The trail of a page; its paths are put under the page's language's prefix. */
export function breadcrumbList(
  siteUrl: string,
  crumbs: { label: string; path: string }[],
  locale: Locale = DEFAULT_LOCALE,
) {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: `${siteUrl}${localizePath(crumb.path, locale)}`,
    })),
  };
}

export function faqPage(questions: { question: string; answer: string }[]) {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: questions.map((q) => ({
      "@type": "Question",
      name: q.question,
      acceptedAnswer: { "@type": "Answer", text: q.answer },
    })),
  };
}

/** The most specific schema.org type for a contractor's trade. */
const BUSINESS_TYPES: Partial<Record<CategorySlug, string>> = {
  plumbing: "Plumber",
  roofing: "RoofingContractor",
  electrical: "Electrician",
  "general-contractors": "GeneralContractor",
  "home-renovation": "GeneralContractor",
  "commercial-construction": "GeneralContractor",
  paint: "HousePainter",
};

export function businessType(categories: readonly string[]): string {
  const types = new Set(
    categories.map((c) => BUSINESS_TYPES[c as CategorySlug] ?? "HomeAndConstructionBusiness"),
  );
  return types.size === 1
    ? ([...types][0] ?? "HomeAndConstructionBusiness")
    : "HomeAndConstructionBusiness";
}

export interface ContractorForSchema {
  name: string;
  description: string;
  phone: string;
  email: string;
  address: string;
  categories: string[];
  /** A real business's: the mean and count of its published verified reviews. */
  rating: number;
  reviewCount: number;
  /** A sample listing: its figures are demonstration data, never marked up. */
  isSample: boolean;
}

export function contractorBusiness(contractor: ContractorForSchema, pageUrl: string) {
  return {
    "@context": CONTEXT,
    "@type": businessType(contractor.categories),
    name: contractor.name,
    description: contractor.description,
    // Only what the business shows (hidden details come through empty).
    ...(contractor.phone ? { telephone: contractor.phone } : {}),
    ...(contractor.email ? { email: contractor.email } : {}),
    ...(contractor.address ? { address: contractor.address } : {}),
    url: pageUrl,
    // Only ratings from this site's own verified reviews (Google's rule): never a
    // sample listing's demonstration figures, nothing before the first review.
    ...(contractor.isSample || contractor.reviewCount === 0
      ? {}
      : {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: contractor.rating,
            reviewCount: contractor.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }),
  };
}
