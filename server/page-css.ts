/**
 * Each content page inlines only the style rules it can use (decision 013).
 *
 * The site's stylesheet (Tailwind's output for every page, about 47 KB) is
 * inlined so the first paint waits for no request. Most of it styles other
 * pages: a page needs the rules whose classes it has, plus those its islands
 * may add in the browser (a slide's typing mask, an open dialog), which the
 * build lists per island from their code (`virtual:island-classes`).
 *
 * A rule stays when, for one of its selectors, every class outside a
 * functional pseudo-class (`:not(.x)`, `:is(…)`) is on the page: a class a
 * selector only tests for (or against) can't stop it from matching. Rules
 * without classes (elements, @font-face) always stay. Custom properties (the
 * theme's `--color-…`, Tailwind's `--tw-…` with their @property), and
 * @keyframes, stay when a kept rule mentions them. A grouping rule (@media,
 * @supports, @layer) stays when something inside it does.
 *
 * Only pages that mark their <style> `data-page-css` are trimmed: pages that
 * React Router hydrates whole (the dashboard) can render any component, so
 * they keep the whole stylesheet.
 */

/** A parsed piece of the stylesheet. */
type CssNode =
  /** A style rule: its selector list, the classes each selector needs, and its text. */
  | { kind: "rule"; needs: string[][]; text: string }
  /** @media, @supports, @layer … with a block of rules. */
  | { kind: "group"; prelude: string; children: CssNode[] }
  /** Anything kept as it is: statements (`@layer a, b;`) and at-rules with declarations. */
  | { kind: "verbatim"; text: string };

export interface ParsedStylesheet {
  nodes: CssNode[];
  /** Every class some rule needs (what the page's class list is checked against). */
  classes: Set<string>;
}

const GROUPING_AT_RULE = /^@(media|supports|layer|container|scope|starting-style|document)\b/i;

/** The index just past a quoted string starting at `start`. */
function skipString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** The index just past a comment starting at `start`. */
function skipComment(css: string, start: number): number {
  const end = css.indexOf("*/", start + 2);
  return end === -1 ? css.length : end + 2;
}

/** The index of the `}` closing the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < css.length) {
    const char = css[i];
    if (char === "\\") i += 2;
    else if (char === '"' || char === "'") i = skipString(css, i);
    else if (char === "/" && css[i + 1] === "*") i = skipComment(css, i);
    else {
      if (char === "{") depth++;
      else if (char === "}" && --depth === 0) return i;
      i++;
    }
  }
  throw new Error("Unbalanced braces in the stylesheet");
}

/** Reads a selector's prelude up to the `{`, `;` or `}` that ends it. */
function preludeEnd(css: string, start: number): number {
  let i = start;
  while (i < css.length) {
    const char = css[i];
    if (char === "{" || char === ";" || char === "}") return i;
    if (char === "\\") i += 2;
    else if (char === '"' || char === "'") i = skipString(css, i);
    else if (char === "/" && css[i + 1] === "*") i = skipComment(css, i);
    else i++;
  }
  return css.length;
}

/** A CSS identifier with its escapes resolved (`\:` → `:`, `\32 ` → `2`). */
export function unescapeCss(text: string): string {
  return text.replace(
    /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|([\s\S]))/g,
    (_m, hex?: string, char?: string) =>
      hex === undefined ? (char ?? "") : String.fromCodePoint(Number.parseInt(hex, 16)),
  );
}

/**
 * Splits text at each `separator` outside strings, escapes and brackets:
 * a selector list at its commas, a declaration block at its semicolons.
 * Empty pieces (a block's trailing semicolon) are left out.
 */
function splitTopLevel(text: string, separator: "," | ";"): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(text, i) - 1;
    else if (char === "(" || char === "[" || char === "{") depth++;
    else if (char === ")" || char === "]" || char === "}") depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== "");
}

const CLASS_NAME = /^(?:\\[0-9a-fA-F]{1,6}[ \t\n\r\f]?|\\[\s\S]|[\w\u00a0-\uffff-])+/;

/** The classes a selector needs: those outside parentheses and attribute brackets. */
export function requiredClasses(selector: string): string[] {
  const needed: string[] = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(selector, i) - 1;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "." && depth === 0) {
      const name = CLASS_NAME.exec(selector.slice(i + 1))?.[0];
      if (name) {
        needed.push(unescapeCss(name));
        i += name.length;
      }
    }
  }
  return needed;
}

function parseNodes(css: string, start: number, end: number, classes: Set<string>): CssNode[] {
  const nodes: CssNode[] = [];
  let i = start;
  while (i < end) {
    // Whitespace and comments between rules go.
    while (i < end && /\s/.test(css[i] ?? "")) i++;
    if (css.startsWith("/*", i)) {
      i = skipComment(css, i);
      continue;
    }
    if (i >= end) break;
    const stop = preludeEnd(css, i);
    const prelude = css.slice(i, stop).trim();
    if (stop >= end || css[stop] === "}") {
      // Stray text before the end of a block: kept as it was.
      if (prelude) nodes.push({ kind: "verbatim", text: prelude });
      i = stop + 1;
      continue;
    }
    if (css[stop] === ";") {
      nodes.push({ kind: "verbatim", text: `${prelude};` });
      i = stop + 1;
      continue;
    }
    const close = blockEnd(css, stop);
    if (prelude.startsWith("@")) {
      if (GROUPING_AT_RULE.test(prelude)) {
        nodes.push({ kind: "group", prelude, children: parseNodes(css, stop + 1, close, classes) });
      } else {
        nodes.push({ kind: "verbatim", text: css.slice(i, close + 1).trim() });
      }
    } else {
      const needs = splitTopLevel(prelude, ",").map(requiredClasses);
      for (const list of needs) for (const name of list) classes.add(name);
      nodes.push({ kind: "rule", needs, text: `${prelude}${css.slice(stop, close + 1)}` });
    }
    i = close + 1;
  }
  return nodes;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  const classes = new Set<string>();
  return { nodes: parseNodes(css, 0, css.length, classes), classes };
}

const CUSTOM_PROPERTY = /--[\w-]+/g;
const DEFINITION = /^\s*(--[\w-]+)\s*:([\s\S]*)$/;

/**
 * A rule that only defines custom properties and needs no class (the theme's
 * `:root,:host{--color-…}`, the `*,:before{--tw-…:0}` fallbacks): it is cut
 * down to the properties the page's other rules mention.
 */
function definitionsOf(node: CssNode): { selector: string; entries: [string, string][] } | null {
  if (node.kind !== "rule" || node.needs.some((list) => list.length > 0)) return null;
  const open = node.text.indexOf("{");
  if (open < 0 || !node.text.endsWith("}") || node.text.indexOf("{", open + 1) !== -1) return null;
  const entries: [string, string][] = [];
  for (const declaration of splitTopLevel(node.text.slice(open + 1, -1), ";")) {
    const match = DEFINITION.exec(declaration);
    if (!match) return null;
    entries.push([match[1] ?? "", declaration]);
  }
  return entries.length > 0 ? { selector: node.text.slice(0, open), entries } : null;
}

const PROPERTY_RULE = /^@property\s+(--[\w-]+)/;
const KEYFRAMES_RULE = /^@(?:-webkit-)?keyframes\s+([\w-]+)/;

/** The kept rules' own text (not definitions, @property or @keyframes), to find what they mention. */
function keptText(nodes: readonly CssNode[], has: (name: string) => boolean): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "group") out += keptText(node.children, has);
    else if (node.kind === "verbatim") {
      if (!PROPERTY_RULE.test(node.text) && !KEYFRAMES_RULE.test(node.text)) out += node.text;
    } else if (!definitionsOf(node) && node.needs.some((list) => list.every(has))) {
      out += node.text;
    }
  }
  return out;
}

/** Every definition of a custom property in the stylesheet, by name (for their own mentions). */
function allDefinitions(nodes: readonly CssNode[], into = new Map<string, string[]>()) {
  for (const node of nodes) {
    if (node.kind === "group") allDefinitions(node.children, into);
    for (const [name, declaration] of definitionsOf(node)?.entries ?? []) {
      into.set(name, [...(into.get(name) ?? []), declaration]);
    }
  }
  return into;
}

/** The custom properties the kept rules mention, and those their values mention in turn. */
function mentionedProperties(nodes: readonly CssNode[], text: string): Set<string> {
  const definitions = allDefinitions(nodes);
  const mentioned = new Set<string>();
  const pending = [...text.matchAll(CUSTOM_PROPERTY)].map((match) => match[0]);
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (mentioned.has(name)) continue;
    mentioned.add(name);
    for (const declaration of definitions.get(name) ?? []) {
      const value = declaration.slice(declaration.indexOf(":") + 1);
      for (const match of value.matchAll(CUSTOM_PROPERTY)) pending.push(match[0]);
    }
  }
  return mentioned;
}

interface Keep {
  hasClass: (name: string) => boolean;
  properties: ReadonlySet<string>;
  text: string;
}

function emit(nodes: readonly CssNode[], keep: Keep): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "verbatim") {
      const property = PROPERTY_RULE.exec(node.text)?.[1];
      const keyframes = KEYFRAMES_RULE.exec(node.text)?.[1];
      if (property !== undefined && !keep.properties.has(property)) continue;
      if (keyframes !== undefined && !new RegExp(`\\b${keyframes}\\b`).test(keep.text)) continue;
      out += node.text;
    } else if (node.kind === "rule") {
      const definitions = definitionsOf(node);
      if (definitions) {
        const kept = definitions.entries.filter(([name]) => keep.properties.has(name));
        if (kept.length > 0) out += `${definitions.selector}{${kept.map(([, d]) => d).join(";")}}`;
      } else if (node.needs.some((list) => list.every(keep.hasClass))) out += node.text;
    } else {
      const inner = emit(node.children, keep);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/**
 * The stylesheet with only the rules a page with these classes can use, and
 * only the custom properties, @property and @keyframes those rules mention.
 */
export function pruneStylesheet(sheet: ParsedStylesheet, pageClasses: ReadonlySet<string>): string {
  const hasClass = (name: string) => pageClasses.has(name);
  const text = keptText(sheet.nodes, hasClass);
  return emit(sheet.nodes, { hasClass, properties: mentionedProperties(sheet.nodes, text), text });
}

const ENTITY: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeAttribute(value: string): string {
  return value.replace(
    /&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi,
    (whole, hex?: string, dec?: string, name?: string) => {
      if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
      if (dec) return String.fromCodePoint(Number.parseInt(dec, 10));
      return ENTITY[name ?? ""] ?? whole;
    },
  );
}

/** Every class in the page's class attributes. */
export function classesInHtml(html: string): Set<string> {
  const found = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeAttribute(match[1] ?? "").split(/\s+/)) if (name) found.add(name);
  }
  return found;
}

/** The names of the islands on the page. */
export function islandsInHtml(html: string): Set<string> {
  return new Set([...html.matchAll(/\sdata-island="([^"]*)"/g)].map((match) => match[1] ?? ""));
}

const PAGE_STYLE = /<style data-page-css="">([\s\S]*?)<\/style>/;

export interface PageCss {
  /** The page with its marked <style> cut down to the rules it can use. */
  inline(html: string): string;
}

/** How many distinct cut-down stylesheets are remembered (pages of a kind share one). */
const REMEMBERED = 256;

/**
 * @param islandClasses the words in each island's code (and what it loads),
 *   from the browser build; a page with an island missing here keeps the
 *   whole stylesheet.
 */
export function createPageCss(islandClasses: Readonly<Record<string, readonly string[]>>): PageCss {
  // Pages share one stylesheet: it is parsed once (per distinct text), and a
  // cut-down version is remembered by the set of classes it was made for.
  let current:
    | {
        css: string;
        sheet: ParsedStylesheet;
        islandWords: Map<string, string[]>;
        pruned: Map<string, string>;
      }
    | undefined;
  const stateFor = (css: string) => {
    if (current?.css !== css) {
      current = { css, sheet: parseStylesheet(css), islandWords: new Map(), pruned: new Map() };
    }
    return current;
  };
  /** The island's words that are classes of the stylesheet, or undefined for an unknown island. */
  const wordsOf = (state: NonNullable<typeof current>, name: string) => {
    const words = islandClasses[name];
    if (!words) return undefined;
    let classes = state.islandWords.get(name);
    if (!classes) {
      classes = words.filter((word) => state.sheet.classes.has(word));
      state.islandWords.set(name, classes);
    }
    return classes;
  };
  return {
    inline(html) {
      const match = PAGE_STYLE.exec(html);
      if (!match) return html;
      const css = match[1] ?? "";
      const start = match.index;
      const end = start + match[0].length;
      const state = stateFor(css);
      // Read from the whole page: the stylesheet itself has no class or island attributes.
      const used = new Set<string>();
      for (const name of classesInHtml(html)) if (state.sheet.classes.has(name)) used.add(name);
      let kept: string | undefined;
      for (const name of islandsInHtml(html)) {
        const words = wordsOf(state, name);
        if (!words) kept = css;
        else for (const word of words) used.add(word);
      }
      if (kept === undefined) {
        const key = [...used].sort().join(" ");
        kept = state.pruned.get(key);
        if (kept === undefined) {
          kept = pruneStylesheet(state.sheet, used);
          if (state.pruned.size >= REMEMBERED) {
            const oldest = state.pruned.keys().next().value;
            if (oldest !== undefined) state.pruned.delete(oldest);
          }
          state.pruned.set(key, kept);
        }
      }
      return `${html.slice(0, start)}<style>${kept}</style>${html.slice(end)}`;
    },
  };
}
