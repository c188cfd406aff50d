import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { compression } from "vite-plugin-compression2";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { directFeatureImports } from "./scripts/vite/direct-feature-imports.ts";

type ModuleInfo = Rolldown.ModuleInfo;

/** The browser entry of content pages (decision 010), and its registry of islands. */
const ISLANDS_ENTRY = fileURLToPath(new URL("app/entry.islands.ts", import.meta.url));
const ISLANDS_REGISTRY = fileURLToPath(new URL("app/islands.ts", import.meta.url));
const ISLANDS_URL_MODULE = "virtual:islands-entry";
const ISLAND_CLASSES_MODULE = "virtual:island-classes";
const APP_DIR = fileURLToPath(new URL("app/", import.meta.url));

/**
 * React Router builds the browser bundle from its own entry and the route
 * modules; the islands entry joins that build, so it shares its chunks
 * (React, components) with the pages React Router hydrates. The server
 * bundle, built next, gets the entry's hashed URL from `virtual:islands-entry`.
 */
/** Every module reachable from `root` through static imports. */
function staticClosure(root: string, imports: (id: string) => readonly string[]): Set<string> {
  const found = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...imports(id));
  }
  return found;
}

/** The modules that two or more islands reach through static imports. */
function sharedByIslands(
  islands: readonly string[],
  imports: (id: string) => readonly string[],
): Set<string> {
  const reached = new Map<string, number>();
  for (const island of islands) {
    for (const id of staticClosure(island, imports)) reached.set(id, (reached.get(id) ?? 0) + 1);
  }
  return new Set([...reached].filter(([, count]) => count > 1).map(([id]) => id));
}

/** Every module of ours an island runs: what it imports, and what it may load later. */
function islandClosure(root: string, module: (id: string) => ModuleInfo | null): Set<string> {
  return staticClosure(root, (id) => {
    const info = module(id);
    if (!info) return [];
    return [...info.importedIds, ...info.dynamicallyImportedIds].filter((next) =>
      next.startsWith(APP_DIR),
    );
  });
}

/**
 * The words in each island's code (and in the code it loads on demand): every
 * class it may put on the page in the browser is among them. The server keeps
 * the style rules for these on a page that has the island (server/pages/page-css.ts).
 * Island names come from the registry's `name: () => import("~/…")` entries.
 */
function collectIslandClasses(module: (id: string) => ModuleInfo | null): Record<string, string[]> {
  const registry = module(ISLANDS_REGISTRY);
  if (!registry) throw new Error("the islands registry is not in the browser build");
  const source = readFileSync(ISLANDS_REGISTRY, "utf8");
  const classes: Record<string, string[]> = {};
  for (const [, name = "", specifier = ""] of source.matchAll(
    /["']?([\w-]+)["']?:\s*\(\)\s*=>\s*import\(\s*["']~\/([^"']+)["']\s*\)/g,
  )) {
    const file = path.join(APP_DIR, specifier);
    const id = registry.dynamicallyImportedIds.find((candidate) =>
      candidate.replace(/\.[cm]?[jt]sx?$/, "").endsWith(file),
    );
    if (!id) throw new Error(`island "${name}": ${specifier} is not in the browser build`);
    const words = new Set<string>();
    for (const member of islandClosure(id, module)) {
      for (const word of (module(member)?.code ?? "").split(/[\s"'`]+/)) {
        if (word.length > 0 && word.length <= 120 && /[a-z]/.test(word)) words.add(word);
      }
    }
    classes[name] = [...words].sort();
  }
  if (Object.keys(classes).length === 0) throw new Error("no islands found in the registry");
  return classes;
}

function islandsEntry(): Plugin[] {
  let builtUrl: string | undefined;
  let islandClasses: Record<string, string[]> | undefined;
  return [
    {
      name: "trade-match:islands-entry",
      apply: "build",
      applyToEnvironment: (environment) => environment.name === "client",
      options(options) {
        const input = options.input;
        if (!Array.isArray(input))
          throw new Error("expected React Router's list of client entries");
        return { ...options, input: [...input, ISLANDS_ENTRY] };
      },
      // React goes into one chunk and whatever else two islands or more
      // import into another, so a content page evaluates a handful of modules
      // rather than twenty small ones (each costs a task's worth of overhead);
      // what one island alone uses stays in its chunk, and code loaded on
      // demand (form checks, the location picker) keeps its own. The entry
      // imports only React: the shared chunk is evaluated with the first
      // island, in a task of its own, so neither makes one long task.
      outputOptions(output) {
        let shared: Set<string> | undefined;
        return {
          ...output,
          codeSplitting: {
            groups: [
              // React and its scheduler, and Vite's wrapper around dynamic imports
              // with our retry of them (all the entry needs before an island loads).
              {
                name: "react",
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]app[\\/]lib[\\/]import-again\.ts$|preload-helper/,
                priority: 1,
              },
              {
                name: (id, ctx) => {
                  shared ??= sharedByIslands(
                    ctx.getModuleInfo(ISLANDS_REGISTRY)?.dynamicallyImportedIds ?? [],
                    (module) => ctx.getModuleInfo(module)?.importedIds ?? [],
                  );
                  // Not "islands": the islands' catalogue parts (islands.po) take that name.
                  return shared.has(id) ? "island-shared" : null;
                },
              },
            ],
          },
        };
      },
      generateBundle(_options, bundle) {
        islandClasses = collectIslandClasses((id) => this.getModuleInfo(id));
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === "chunk" && chunk.facadeModuleId === ISLANDS_ENTRY) {
            builtUrl = `/${chunk.fileName}`;
          }
        }
      },
    },
    {
      name: "trade-match:islands-entry-url",
      resolveId: (id) =>
        id === ISLANDS_URL_MODULE || id === ISLAND_CLASSES_MODULE ? `\0${id}` : null,
      load(id) {
        if (id === `\0${ISLAND_CLASSES_MODULE}`) {
          if (this.environment.mode === "build" && this.environment.name !== "client") {
            if (!islandClasses)
              throw new Error("island classes are known only after the browser build");
            return `export default ${JSON.stringify(islandClasses)};`;
          }
          // Development (and the browser, which never asks): pages keep the whole stylesheet.
          return "export default null;";
        }
        if (id !== `\0${ISLANDS_URL_MODULE}`) return null;
        // The browser never writes the islands script tag (root.tsx, server only).
        if (this.environment.name === "client") return `export default "";`;
        if (this.environment.mode === "build" && !builtUrl) {
          throw new Error("the islands entry URL is known only after the browser build");
        }
        return `export default ${JSON.stringify(builtUrl ?? "/app/entry.islands.ts")};`;
      },
    },
  ];
}

/** Where the browser build's list of npm packages is written (outside what the server serves). */
const CLIENT_PACKAGES_FILE = fileURLToPath(new URL("build/client-packages.json", import.meta.url));

/**
 * Writes the npm packages the browser bundle contains (build/client-packages.json),
 * so a test can say which React the browser runs (decision 021).
 */
function clientPackages(): Plugin {
  return {
    name: "trade-match:client-packages",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(_options, bundle) {
      const packages = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        for (const id of chunk.moduleIds) {
          const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
          if (match?.[1]) packages.add(match[1].replace(/\\/g, "/"));
        }
      }
      mkdirSync(path.dirname(CLIENT_PACKAGES_FILE), { recursive: true });
      writeFileSync(CLIENT_PACKAGES_FILE, `${JSON.stringify([...packages].sort(), null, 2)}\n`);
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [
    directFeatureImports(APP_DIR),
    ...islandsEntry(),
    clientPackages(),
    tailwindcss(),
    // Lingui's macros compiled natively (no Babel), PO catalogues compiled on import;
    // the build fails when a language lacks a message (decision 030), except in a
    // translator's build made with I18N_ALLOW_MISSING=1 (npm test never sets it).
    ...lingui({
      macroTransform: true,
      failOnMissing: process.env.I18N_ALLOW_MISSING !== "1",
      failOnCompileError: true,
    }),
    reactRouter(),
    // Brotli and gzip copies of the browser build's text files, beside them, made once at
    // build time at the best settings; the server sends them as they are (static-files.ts).
    {
      ...compression({
        include: /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/,
        algorithms: ["brotliCompress", "gzip"],
        threshold: 512,
        logLevel: "silent",
      }),
      applyToEnvironment: (environment) => environment.name === "client",
    },
  ],
  environments: {
    // The server bundle's entry is our own server module. It re-exports the
    // React Router server build, so prerendering and `start()` share one copy
    // of every server module (one database pool, one logger).
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
    // No preload helper around dynamic imports: on content pages it scanned the
    // document's links and added a modulepreload for every island's chunks in
    // the entry's first task (about 40 ms on this machine's unthrottled CPU).
    // An island's chunk imports the shared chunk the entry already loaded.
    client: { build: { modulePreload: false } },
  },
});
