/**
 * Loads the site's Markdown content (bundled into the server build) and
 * renders it once per process.
 */
import type { CategorySlug } from "~/site";
import {
  parseCategoryContent,
  parseStandaloneArticle,
  type CategoryContent,
  type StandaloneArticle,
} from "./category-content";

const categoryFiles = import.meta.glob<string>("/content/categories/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
});
const articleFiles = import.meta.glob<string>(["/content/articles/*.md", "/content/pages/*.md"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const categoryCache = new Map<CategorySlug, CategoryContent>();
const articleCache = new Map<string, StandaloneArticle>();

export function getCategoryContent(slug: CategorySlug): CategoryContent {
  let content = categoryCache.get(slug);
  if (!content) {
    const raw = categoryFiles[`/content/categories/${slug}.md`];
    if (raw === undefined) throw new Error(`content/categories/${slug}.md is missing`);
    content = parseCategoryContent(slug, raw);
    categoryCache.set(slug, content);
  }
  return content;
}

/** A stand-alone article: "articles/<name>" or "pages/<name>". */
export function getArticle(path: `${"articles" | "pages"}/${string}`): StandaloneArticle | undefined {
  let article = articleCache.get(path);
  if (!article) {
    const raw = articleFiles[`/content/${path}.md`];
    if (raw === undefined) return undefined;
    // A stand-alone article shares its page with another: prefix its anchors.
    article = parseStandaloneArticle(path, raw, path.startsWith("articles/") ? "tips-" : "");
    articleCache.set(path, article);
  }
  return article;
}
