/**
 * Markdown articles with YAML frontmatter. A `## Heading {#anchor}` starts a
 * section; the table of contents is read from those headings, so the article
 * is its single source. Rendering happens on the server only.
 */
import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";

export interface TocItem {
  id: string;
  text: string;
}

export interface RenderedArticle {
  html: string;
  toc: TocItem[];
  wordCount: number;
}

const FRONTMATTER = /^---\n([\s\S]*?)\n---\n?/;
const HEADING_ID = /\s*\{#([a-z0-9-]+)\}\s*$/;

export function splitFrontmatter(raw: string): { data: unknown; body: string } {
  const normalised = raw.replace(/\r\n/g, "\n");
  const match = FRONTMATTER.exec(normalised);
  if (!match) return { data: {}, body: normalised };
  return {
    data: parseYaml(match[1] ?? "") as unknown,
    body: normalised.slice(match[0].length),
  };
}

function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Callouts: a blockquote that opens with `**Label:**` becomes an aside. */
const CALLOUT = /^<p><strong>([^<]{1,40}):?<\/strong>:?\s*/;

/** `idPrefix` keeps a second article's anchors apart from the first's on one page. */
export function renderArticle(markdown: string, idPrefix = ""): RenderedArticle {
  const toc: TocItem[] = [];
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(token: Tokens.Heading) {
        const idMatch = HEADING_ID.exec(token.text);
        const text = token.text.replace(HEADING_ID, "");
        const inline = this.parser
          .parseInline(token.tokens)
          .replace(/\s*\{#[a-z0-9-]+\}\s*$/, "");
        const id = `${idPrefix}${idMatch?.[1] ?? slugify(text)}`;
        if (token.depth === 2) toc.push({ id, text });
        return `<h${token.depth} id="${id}">${inline}</h${token.depth}>\n`;
      },
      blockquote(token: Tokens.Blockquote) {
        const inner = this.parser.parse(token.tokens);
        const callout = CALLOUT.exec(inner);
        if (!callout) return `<blockquote>${inner}</blockquote>\n`;
        const label = escapeHtml(callout[1] ?? "");
        const rest = inner.slice(callout[0].length);
        return `<aside class="callout" aria-label="${label}"><p class="callout-label">${label}</p><p>${rest}</aside>\n`;
      },
      link(token: Tokens.Link) {
        const text = this.parser.parseInline(token.tokens);
        const href = token.href;
        if (!href.startsWith("/") && !href.startsWith("#")) {
          throw new Error(`Articles link only within the site; found ${href}`);
        }
        return `<a href="${escapeHtml(href)}">${text}</a>`;
      },
    },
  });
  // A table wider than a phone scrolls sideways (.prose-article table): focusable, so
  // that a keyboard can scroll it too (WCAG 2.1.1).
  const html = marked.parse(markdown, { async: false }).replace(/<table>/g, '<table tabindex="0">');
  const wordCount = markdown
    .replace(/\{#[a-z0-9-]+\}/g, "")
    .replace(/[#>*_|`[\]()-]/g, " ")
    .split(/\s+/)
    .filter((word) => /[A-Za-z0-9]/.test(word)).length;
  return { html, toc, wordCount };
}
