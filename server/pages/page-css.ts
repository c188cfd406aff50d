/**
 * Each content page inlines only the style rules it can use (decision 013).
 *
 * The site's stylesheet (Tailwind's output for every page, about 47 KB) is
 * inlined so the first paint waits for no request. Most of it styles other
 * pages: a page needs the rules whose classes it has, plus those its islands
 * may add in the browser (a slide's typing mask, an open dialog), which the
 * build lists per island from their code (`virtual:island-classes`).
 *
 * The CSS is read and written by lightningcss (already in the build, through
 * Tailwind): every class of the stylesheet that is not on the page is an
 * "unused symbol", and lightningcss drops the selectors that need it (a class
 * a selector only tests against, `:not(.x)`, does not count), then the rules
 * and groups (@media, @supports, @layer) left empty. A second pass drops the
 * custom properties (the theme's `--color-…`, Tailwind's `--tw-…` with their
 * @property) and @keyframes that nothing kept mentions, until nothing more
 * goes. Rules without classes (elements, @font-face) always stay.
 *
 * Only content pages carry a <style>, marked `data-page-css`, and only it is
 * trimmed. Pages that React Router hydrates whole (the dashboard, /pro, the
 * console: the personal pages, never cached) can render any component, so
 * they need the whole stylesheet: they link it as one immutable hashed file
 * (`app.css?url` in app/root.tsx, decision 044) instead of inlining 50 KB in
 * every page rendered for them.
 */
import { transform } from "lightningcss";

/** Custom properties defined or registered in a stylesheet. */
const CUSTOM_PROPERTY = /--[\w-]+(?=\s*:)|(?<=@property\s+)--[\w-]+/g;
const KEYFRAMES = /@(?:-webkit-)?keyframes\s+([\w-]+)/g;

/** Every class any selector of the stylesheet names (inside `:not()` and the like too). */
export function stylesheetClasses(css: string): Set<string> {
  const classes = new Set<string>();
  const collect = (components: unknown): void => {
    if (!Array.isArray(components)) return;
    for (const component of components as Record<string, unknown>[]) {
      if (component.type === "class" && typeof component.name === "string") {
        classes.add(component.name);
      }
      // Functional pseudo-classes (`:not()`, `:is()`, `:where()`, `:has()`) hold selector lists.
      for (const value of Object.values(component)) {
        if (Array.isArray(value)) for (const inner of value) collect(inner);
      }
    }
  };
  transform({
    filename: "site.css",
    code: Buffer.from(css),
    visitor: {
      Selector(selector) {
        collect(selector);
      },
    },
  });
  return classes;
}

function minified(css: string, unused: Iterable<string>): string {
  return transform({
    filename: "site.css",
    code: Buffer.from(css),
    minify: true,
    unusedSymbols: [...unused],
  }).code.toString();
}

/** Custom properties and @keyframes of `css` that no rule in it mentions. */
function unmentioned(css: string): string[] {
  const unused: string[] = [];
  const mentioned = new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]));
  for (const [name] of css.matchAll(CUSTOM_PROPERTY)) {
    if (!mentioned.has(name)) unused.push(name);
  }
  for (const [, name = ""] of css.matchAll(KEYFRAMES)) {
    // Its own @keyframes rule is one mention; a rule that runs it is another.
    if (css.split(new RegExp(`(?<![\\w-])${name}(?![\\w-])`)).length <= 2) unused.push(name);
  }
  return [...new Set(unused)];
}

/**
 * The stylesheet with only the rules a page with these classes can use, and
 * only the custom properties, @property and @keyframes those rules mention.
 */
export function pruneStylesheet(
  css: string,
  sheetClasses: ReadonlySet<string>,
  pageClasses: ReadonlySet<string>,
): string {
  let pruned = minified(
    css,
    [...sheetClasses].filter((name) => !pageClasses.has(name)),
  );
  // A property dropped may be the last to mention another: go on until nothing more goes.
  for (let pass = 0; pass < 4; pass++) {
    const unused = unmentioned(pruned);
    if (unused.length === 0) break;
    pruned = minified(pruned, unused);
  }
  return pruned;
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

const PAGE_STYLE_START = '<style data-page-css="">';
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
  // Pages share one stylesheet: its classes are read once (per distinct text),
  // and a cut-down version is remembered by the set of classes it was made for.
  let current:
    | {
        css: string;
        classes: Set<string>;
        islandWords: Map<string, string[]>;
        pruned: Map<string, string>;
      }
    | undefined;
  const stateFor = (css: string) => {
    if (current?.css !== css) {
      current = { css, classes: stylesheetClasses(css), islandWords: new Map(), pruned: new Map() };
    }
    return current;
  };
  /** The island's words that are classes of the stylesheet, or undefined for an unknown island. */
  const wordsOf = (state: NonNullable<typeof current>, name: string) => {
    const words = islandClasses[name];
    if (!words) return undefined;
    let classes = state.islandWords.get(name);
    if (!classes) {
      classes = words.filter((word) => state.classes.has(word));
      state.islandWords.set(name, classes);
    }
    return classes;
  };
  return {
    inline(html) {
      // Most pages rendered per request (the personal ones) have none: a plain
      // search says so faster than the expression's scan of the whole page.
      if (!html.includes(PAGE_STYLE_START)) return html;
      const match = PAGE_STYLE.exec(html);
      if (!match) return html;
      const css = match[1] ?? "";
      const start = match.index;
      const end = start + match[0].length;
      const state = stateFor(css);
      // Read from the whole page: the stylesheet itself has no class or island attributes.
      const used = new Set<string>();
      for (const name of classesInHtml(html)) if (state.classes.has(name)) used.add(name);
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
          kept = pruneStylesheet(css, state.classes, used);
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
