/**
 * Every guide, article and legal page exists in each language, passes the same
 * checks as the English one (services, sections, anchors, length) and keeps
 * the English anchors, which are identifiers shared by the three languages.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCategoryContent, parseStandaloneArticle } from "~/features/content/category-content";
import { CATEGORY_SLUGS } from "~/site";

const root = path.resolve(import.meta.dirname, "../../content");
const read = (relative: string) => readFileSync(path.join(root, relative), "utf8");
const anchors = (markdown: string) =>
  [...markdown.matchAll(/^#{2,3} .*\{#([a-z0-9-]+)\}\s*$/gm)].map((match) => match[1]).sort();

const TRANSLATED = ["es", "fr"] as const;
const STANDALONE = ["articles/home-renovation-tips", "pages/privacy", "pages/terms"] as const;

describe.each(TRANSLATED)("content in %s", (locale) => {
  describe.each(CATEGORY_SLUGS)("categories/%s.md", (slug) => {
    const file = `${locale}/categories/${slug}.md`;
    it("exists, passes the category checks and keeps the English anchors", () => {
      expect(existsSync(path.join(root, file)), `${file} is missing`).toBe(true);
      const translated = read(file);
      const content = parseCategoryContent(slug, translated);
      expect(content.slug).toBe(slug);
      expect(anchors(translated)).toEqual(anchors(read(`categories/${slug}.md`)));
    });
  });

  describe.each(STANDALONE)("%s.md", (name) => {
    const file = `${locale}/${name}.md`;
    it("exists, parses and keeps the English anchors", () => {
      expect(existsSync(path.join(root, file)), `${file} is missing`).toBe(true);
      const translated = read(file);
      const english = read(`${name}.md`);
      const article = parseStandaloneArticle(name, translated);
      expect(article.article.wordCount).toBeGreaterThan(
        parseStandaloneArticle(name, english).article.wordCount * 0.8,
      );
      expect(anchors(translated)).toEqual(anchors(english));
    });
  });
});
