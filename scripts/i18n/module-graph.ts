/**
 * Which of our modules the browser runs, worked out from the imports in the
 * source (decision 030). Lingui's catalogues are split by it, so a page loads
 * only the messages its browser code can show:
 *
 * - `islands`: everything an island on a content page can import, at once or later;
 * - one part per area of the pages React Router hydrates whole, what its pages
 *   (and the root layout) can import, islands excepted: `dashboard` (a
 *   homeowner's pages, the end of sign-in, unsubscribing), `projects` (one
 *   project's pages and a visit's, which both sides open), `pro` (a
 *   business's), `requests` (a request a browser owns). A message two areas
 *   share is in both. A file belongs to the area with the most specific root
 *   that holds it: the project pages sit in the dashboard's folder (and its
 *   layout, so they load both parts) but are their own area, so that the
 *   dashboard's other pages do not carry their messages.
 * - `server`: the rest, never sent to a browser (content pages, emails, form checks).
 *
 * Plain Node with no dependency: lingui.config.ts and a test both use it.
 */
import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");

/** What every page React Router hydrates runs. */
const ROUTER_SHELL = ["app/root.tsx", "app/entry.client.tsx"];

/**
 * The pages React Router hydrates whole (server/pages/page-html.ts keeps their
 * scripts), by area; app/lib/i18n-browser.ts says which area a path is in.
 */
export const ROUTER_AREAS = {
  dashboard: ["app/routes/dashboard", "app/routes/auth/complete.tsx", "app/routes/unsubscribe.tsx"],
  projects: [
    "app/routes/dashboard/project.tsx",
    "app/routes/dashboard/choose-pros.tsx",
    "app/routes/dashboard/review.tsx",
    "app/routes/dashboard/book-visit.tsx",
    "app/routes/visits",
  ],
  pro: ["app/routes/pro"],
  requests: ["app/routes/requests"],
} as const;

export type RouterArea = keyof typeof ROUTER_AREAS;

const AREA_NAMES = Object.keys(ROUTER_AREAS) as RouterArea[];

/** The area a file of ours (relative to the project) is in: its most specific root's. */
export function areaOfFile(relative: string): RouterArea | undefined {
  let best: { area: RouterArea; length: number } | undefined;
  for (const area of AREA_NAMES) {
    for (const root of ROUTER_AREAS[area]) {
      const holds = relative === root || relative.startsWith(`${root}/`);
      if (holds && root.length > (best?.length ?? -1)) best = { area, length: root.length };
    }
  }
  return best?.area;
}

const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

function resolveImport(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  if (/\.(tsx?|mts)$/.test(base) && existsSync(base)) return base;
  for (const extension of EXTENSIONS) {
    if (existsSync(base + extension)) return base + extension;
  }
  return undefined;
}

/** A feature's entry point (`app/features/<name>/index.ts`): what other features import. */
const BARREL = /[/\\]app[/\\]features[/\\][^/\\]+[/\\]index\.ts$/;

/** The names a clause imports, types excepted (`{ a, b as c, type D }` gives a, b). */
function importedNames(clause: string): string[] | undefined {
  const named = /\{([^}]*)\}/.exec(clause);
  if (!named?.[1] || /\*/.test(clause)) return undefined;
  return named[1]
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith("type "))
    .map((part) => part.split(/\s+as\s+/)[0] ?? part);
}

/**
 * The modules behind the names a feature's entry point gives: an import of
 * two names from it reaches the two modules that define them, not all it
 * re-exports (the bundler keeps only those; the catalogues must too).
 */
function throughBarrel(barrel: string, names: string[] | undefined): string[] {
  const found: string[] = [];
  const source = readFileSync(barrel, "utf8");
  for (const match of source.matchAll(
    /export\s+(type\s+)?\{([^}]*)\}\s+from\s+["']([^"']+)["']/g,
  )) {
    if (match[1]) continue;
    const exported = importedNames(`{${match[2] ?? ""}}`) ?? [];
    if (names && !exported.some((name) => names.includes(name))) continue;
    const resolved = resolveImport(barrel, match[3] ?? "");
    if (resolved) found.push(resolved);
  }
  return found;
}

/** Static and dynamic imports of one module (type-only imports excluded). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found: string[] = [];
  const pattern =
    /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:([^'"]*?)\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  for (const match of source.matchAll(pattern)) {
    const resolved = resolveImport(file, match[2] ?? match[3] ?? "");
    // Server modules never reach the browser (React Router strips them).
    if (!resolved || /\.server\.tsx?$/.test(resolved)) continue;
    if (BARREL.test(resolved) && resolved !== file) {
      const names = match[1] === undefined ? undefined : importedNames(match[1]);
      found.push(...throughBarrel(resolved, names));
    } else {
      found.push(resolved);
    }
  }
  return found;
}

function closure(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...importsOf(file));
  }
  return seen;
}

function filesUnder(relative: string): string[] {
  const absolute = path.join(ROOT, relative);
  if (/\.tsx?$/.test(absolute)) return [absolute];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSyncSafe(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) found.push(full);
    }
  };
  walk(absolute);
  return found;
}

function readdirSyncSafe(dir: string): Dirent[] {
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : [];
}

export interface BrowserModules {
  islands: string[];
  areas: Record<RouterArea, string[]>;
}

/** Paths relative to the project, sorted. */
export function browserModules(): BrowserModules {
  const islands = closure([path.join(APP, "islands.ts"), path.join(APP, "entry.islands.ts")]);
  const relative = (files: Iterable<string>) =>
    [...files].map((file) => path.relative(ROOT, file).split(path.sep).join("/")).sort();
  const toRelative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
  const area = (name: RouterArea) => {
    const pages = ROUTER_AREAS[name]
      .flatMap(filesUnder)
      .filter((file) => areaOfFile(toRelative(file)) === name);
    return relative(
      [...closure([...ROUTER_SHELL.map((file) => path.join(ROOT, file)), ...pages])].filter(
        (file) => !islands.has(file),
      ),
    );
  };
  return {
    islands: relative(islands),
    areas: Object.fromEntries(AREA_NAMES.map((name) => [name, area(name)])) as Record<
      RouterArea,
      string[]
    >,
  };
}
