/**
 * The category pages' content: one Markdown file per category in
 * content/categories, with typed frontmatter (hero, metadata, service cards)
 * and the long article as its body.
 */
import { z } from "zod";
import {
  SERVICE_SLUGS,
  TOC_ENTRY_COUNTS,
  type CategorySlug,
  type ServiceSlug,
} from "../../site";
import { renderArticle, splitFrontmatter, type TocItem } from "./article";

/** Anchors the specification names (spec §2). */
export const REQUIRED_ANCHORS: Partial<Record<CategorySlug, readonly string[]>> = {
  pools: ["overview", "services", "design", "maintenance", "equipment", "choosing", "trends"],
  "home-renovation": [
    "planning",
    "budgeting",
    "design-plan",
    "contractor",
    "financing",
    "key-areas",
    "efficiency",
    "challenges",
    "post-renovation",
  ],
  paint: ["case-studies", "faq"],
};

export const MIN_ARTICLE_WORDS = 1500;

const serviceSchema = z
  .object({
    slug: z.string(),
    title: z.string().min(3).max(40),
    description: z.string().min(40).max(200),
  })
  .strict();

const galleryItemSchema = z
  .object({
    title: z.string().min(3).max(60),
    caption: z.string().min(20).max(200),
    /** A service slug of this category: the gallery shows its image. */
    service: z.string(),
  })
  .strict();

export const categoryFrontmatterSchema = z
  .object({
    heroTitle: z.string().min(10).max(70),
    intro: z.string().min(80).max(320),
    metaTitle: z.string().min(20).max(60),
    metaDescription: z.string().min(110).max(160),
    keywords: z.array(z.string().min(3)).min(5).max(12),
    services: z.array(serviceSchema),
    closing: z
      .object({ title: z.string().min(10).max(80), body: z.string().min(60).max(400) })
      .strict(),
    gallery: z.array(galleryItemSchema).optional(),
  })
  .strict();

export interface ServiceCard {
  slug: ServiceSlug;
  title: string;
  description: string;
}

export interface CategoryContent {
  slug: CategorySlug;
  heroTitle: string;
  intro: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  services: ServiceCard[];
  closing: { title: string; body: string };
  gallery?: { title: string; caption: string; service: ServiceSlug }[];
  article: { html: string; toc: TocItem[]; wordCount: number };
}

export class ContentError extends Error {
  override name = "ContentError";
}

/** Parses and checks one category file; throws ContentError with every problem. */
export function parseCategoryContent(slug: CategorySlug, raw: string): CategoryContent {
  const { data, body } = splitFrontmatter(raw);
  const parsed = categoryFrontmatterSchema.safeParse(data);
  if (!parsed.success) {
    throw new ContentError(
      `content/categories/${slug}.md frontmatter:\n${z.prettifyError(parsed.error)}`,
    );
  }
  const front = parsed.data;
  const problems: string[] = [];
  const expectedServices: readonly string[] = SERVICE_SLUGS[slug];
  const actualServices = front.services.map((s) => s.slug);
  if (actualServices.join(",") !== expectedServices.join(",")) {
    problems.push(
      `services must be exactly ${expectedServices.join(", ")} in that order; found ${actualServices.join(", ")}`,
    );
  }
  for (const item of front.gallery ?? []) {
    if (!expectedServices.includes(item.service)) {
      problems.push(`gallery item "${item.title}" names unknown service ${item.service}`);
    }
  }
  const article = renderArticle(body);
  if (article.toc.length !== TOC_ENTRY_COUNTS[slug]) {
    problems.push(
      `the article needs ${TOC_ENTRY_COUNTS[slug]} sections (## headings); found ${article.toc.length}`,
    );
  }
  const ids = article.toc.map((item) => item.id);
  for (const anchor of REQUIRED_ANCHORS[slug] ?? []) {
    if (!ids.includes(anchor)) problems.push(`missing the section anchor {#${anchor}}`);
  }
  if (new Set(ids).size !== ids.length) problems.push("section anchors must be unique");
  if (article.wordCount < MIN_ARTICLE_WORDS) {
    problems.push(`the article has ${article.wordCount} words; at least ${MIN_ARTICLE_WORDS}`);
  }
  if (problems.length > 0) {
    throw new ContentError(`content/categories/${slug}.md:\n  ${problems.join("\n  ")}`);
  }
  return {
    slug,
    ...front,
    services: front.services as ServiceCard[],
    gallery: front.gallery as CategoryContent["gallery"],
    article,
  };
}

const tipsFrontmatterSchema = z
  .object({ title: z.string().min(10).max(80), intro: z.string().min(60).max(320) })
  .strict();

export interface StandaloneArticle {
  title: string;
  intro: string;
  article: { html: string; toc: TocItem[]; wordCount: number };
}

/** Parses a stand-alone article (content/articles/*.md). */
export function parseStandaloneArticle(name: string, raw: string, idPrefix = ""): StandaloneArticle {
  const { data, body } = splitFrontmatter(raw);
  const parsed = tipsFrontmatterSchema.safeParse(data);
  if (!parsed.success) {
    throw new ContentError(`content/articles/${name}.md frontmatter:\n${z.prettifyError(parsed.error)}`);
  }
  return { ...parsed.data, article: renderArticle(body, idPrefix) };
}
