/** Page metadata: title, description, canonical URL and social cards. */
import type { MetaDescriptor } from "react-router";
import { BRAND } from "~/site";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute site origin, e.g. https://trade-match.example */
  siteUrl: string;
  /** The page's path, without query. */
  path: string;
  keywords?: readonly string[];
  /** Path of the share image (1200×630). */
  image?: string;
  robots?: "index, follow" | "noindex, follow" | "noindex, nofollow";
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const canonical = `${input.siteUrl}${input.path === "/" ? "/" : input.path}`;
  const image = `${input.siteUrl}${input.image ?? "/images/og/home.jpg"}`;
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { name: "robots", content: input.robots ?? "index, follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: "website" },
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
