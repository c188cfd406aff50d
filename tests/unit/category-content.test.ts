import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCategoryContent, parseStandaloneArticle } from "~/features/content/category-content";
import { EDITORIAL_FIGURES } from "~/features/content/editorial-figures";
import { CATEGORY_SLUGS } from "~/site";

const read = (relative: string) =>
  readFileSync(path.resolve(import.meta.dirname, "../../content", relative), "utf8");

describe.each(CATEGORY_SLUGS)("content/categories/%s.md", (slug) => {
  it("has valid frontmatter, the spec's services and TOC, and a full article", () => {
    const content = parseCategoryContent(slug, read(`categories/${slug}.md`));
    expect(content.slug).toBe(slug);
  });
});

describe("editorial figures of spec §9", () => {
  const text = (slug: string) => read(`categories/${slug}.md`);
  it("renovation cost and contingency appear on home renovation", () => {
    const { min, max } = EDITORIAL_FIGURES.renovationCostPerSqFt;
    expect(text("home-renovation")).toMatch(
      new RegExp(`\\$${min}.{0,20}\\$${max}.{0,20}per square foot`),
    );
    expect(text("home-renovation")).toMatch(/10.{0,6}20 ?(%|percent)/);
  });
  it("apprenticeships of three to five years appear on electrical and plumbing", () => {
    expect(text("electrical")).toMatch(/three to five years?/);
    expect(text("plumbing")).toMatch(/three to five years?/);
  });
  it("the landscaping industry figures appear on landscaping", () => {
    expect(text("landscaping")).toMatch(/633,000/);
    expect(text("landscaping")).toMatch(/\$150\.4 billion/);
    expect(text("landscaping")).toMatch(/1\.2 million/);
    expect(text("landscaping")).toMatch(/2023/);
  });
  it("the commercial project-size bands appear on commercial construction", () => {
    for (const band of EDITORIAL_FIGURES.commercialProjectSizeBandsUsd) {
      expect(text("commercial-construction")).toContain(band.label);
    }
  });
});

describe("content/articles/home-renovation-tips.md", () => {
  it("is a long tips article", () => {
    const tips = parseStandaloneArticle(
      "home-renovation-tips",
      read("articles/home-renovation-tips.md"),
    );
    expect(tips.article.wordCount).toBeGreaterThanOrEqual(800);
  });
});
