/**
 * Loads the site's Markdown content (bundled into the server build) and
 * renders it once per process.
 */
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import type { CategorySlug } from "~/site";
import {
  parseCategoryContent,
  parseStandaloneArticle,
  type CategoryContent,
  type StandaloneArticle,
} from "./category-content";
import { fillRetentionPeriods } from "./retention-periods";

/** English at content/, the other languages at content/{es,fr}/ (decision 030). */
const categoryFiles = import.meta.glob<string>(["/content/categories/*.md", "/content/*/categories/*.md"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const articleFiles = import.meta.glob<string>(
  [
    "/content/articles/*.md",
    "/content/pages/*.md",
    "/content/*/articles/*.md",
    "/content/*/pages/*.md",
  ],
  {
  query: "?raw",
  import: "default",
  eager: true,
  },
);

const folder = (locale: Locale) => (locale === DEFAULT_LOCALE ? "/content" : `/content/${locale}`);

const categoryCache = new Map<string, CategoryContent>();
const articleCache = new Map<string, StandaloneArticle>();

export function getCategoryContent(slug: CategorySlug, locale: Locale): CategoryContent {
  const file = `${folder(locale)}/categories/${slug}.md`;
  let content = categoryCache.get(file);
  if (!content) {
    const raw = categoryFiles[file];
    if (raw === undefined) throw new Error(`${file.slice(1)} is missing`);
    content = parseCategoryContent(slug, raw);
    categoryCache.set(file, content);
  }
  return content;
}

/** A stand-alone article: "articles/<name>" or "pages/<name>". */
export function getArticle(
  path: `${"articles" | "pages"}/${string}`,
  locale: Locale,
): StandaloneArticle | undefined {
  const file = `${folder(locale)}/${path}.md`;
  let article = articleCache.get(file);
  if (!article) {
    const raw = articleFiles[file];
    if (raw === undefined) return undefined;
    // A stand-alone article shares its page with another: prefix its anchors. The privacy
    // policy's periods are the housekeeping's own constants, in the page's language.
    article = parseStandaloneArticle(
      path,
      fillRetentionPeriods(raw, locale),
      path.startsWith("articles/") ? "tips-" : "",
    );
    articleCache.set(file, article);
  }
  return article;
}
