/** Page metadata: title, description, canonical URL and social cards. */
import type { MetaDescriptor } from "react-router";
import { BRAND } from "~/site";
import { localeOfPath, localizePath, unlocalizedPath } from "./locale-path";
import { LOCALES, type Locale } from "./locales";

/** `og:locale` of each language. */
const OG_LOCALE: Record<Locale, string> = { en: "en_US", es: "es_US", fr: "fr_CA" };

/**
 * The same page in every language (hreflang, decision 030), and x-default: the
 * English page, which is where someone whose language we lack is sent.
 */
export function languageAlternates(siteUrl: string, path: string) {
  const base = unlocalizedPath(path);
  return [
    ...LOCALES.map((locale) => ({
      hreflang: locale,
      href: `${siteUrl}${localizePath(base, locale)}`,
    })),
    { hreflang: "x-default", href: `${siteUrl}${base}` },
  ];
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute site origin, e.g. https://trade-match.example */
  siteUrl: string;
  /**
   * The page's path, without query: in its language ("/es/roofing"), or the
   * English path with `locale` given.
   */
  path: string;
  locale?: Locale;
  keywords?: readonly string[];
  /** Path of the share image (1200×630). */
  image?: string;
  robots?: "index, follow" | "noindex, follow" | "noindex, nofollow";
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const locale = input.locale ?? localeOfPath(input.path);
  const path = localizePath(unlocalizedPath(input.path), locale);
  const canonical = `${input.siteUrl}${path}`;
  const image = `${input.siteUrl}${input.image ?? "/images/og/home.jpg"}`;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { name: "robots", content: input.robots ?? "index, follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    ...languageAlternates(input.siteUrl, path).map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      ...alternate,
    })),
    { property: "og:type", content: "website" },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { property: "og:site_name", content: BRAND.name },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.keywords?.length) tags.push({ name: "keywords", content: input.keywords.join(", ") });
  return tags;
}
