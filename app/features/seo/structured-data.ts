/**
 * schema.org objects for the pages: Organization (home), Service (category
 * pages), BreadcrumbList (pages with a breadcrumb), FAQPage (articles with an
 * FAQ) and contractors as HomeAndConstructionBusiness or its subtype.
 */
import { BRAND, CATEGORIES, type CategorySlug } from "~/site";

const CONTEXT = "https://schema.org";

export function organization(siteUrl: string) {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: BRAND.name,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/apple-touch-icon.png`,
    email: BRAND.supportEmail,
    areaServed: [
      { "@type": "Country", name: "United States" },
      { "@type": "Country", name: "Canada" },
    ],
    knowsAbout: CATEGORIES.map((category) => category.title),
  };
}

export function service(
  siteUrl: string,
  input: { slug: CategorySlug; name: string; description: string; offers: string[] },
) {
  return {
    "@context": CONTEXT,
    "@type": "Service",
    "@id": `${siteUrl}/${input.slug}#service`,
    name: input.name,
    serviceType: input.name,
    description: input.description,
    url: `${siteUrl}/${input.slug}`,
    provider: {
      "@type": "Organization",
      "@id": `${siteUrl}/#organization`,
      name: BRAND.name,
      url: `${siteUrl}/`,
    },
    areaServed: [
      { "@type": "Country", name: "United States" },
      { "@type": "Country", name: "Canada" },
    ],
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: `${input.name} services`,
      itemListElement: input.offers.map((name) => ({
        "@type": "Offer",
        itemOffered: { "@type": "Service", name },
      })),
    },
  };
}

export function breadcrumbList(siteUrl: string, crumbs: { label: string; path: string }[]) {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.label,
      item: `${siteUrl}${crumb.path === "/" ? "/" : crumb.path}`,
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
