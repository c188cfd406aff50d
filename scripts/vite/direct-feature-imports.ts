/**
 * Features import each other through their entry points (`~/features/x` and
 * `~/features/x/index.server`, decision 032): that is a boundary for people
 * and the linter. The bundler should not see it: it decides which modules
 * the islands share from the static imports, and an entry point would make
 * every module it re-exports "imported" by every island that names one of
 * them, moving them into the code all islands load. This plugin rewrites each
 * such import to the modules that define the names, before the module graph
 * is built, keeping the file's line count (so positions stay where they were).
 *
 * Libraries for barrel files (`vite-plugin-barrel`, Next's
 * `optimizePackageImports`) target packages in node_modules; ours are
 * generated, explicit `export { … } from "./…"` lists, read here directly.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const ENTRY = /^~\/features\/([^/]+)(\/index\.server)?$/;
const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+["']([^"']+)["'];?/g;
const EXPORT = /export\s+(type\s+)?\{([^}]*)\}\s+from\s+["']([^"']+)["'];?/g;

interface Specifier {
  /** The exported name. */
  name: string;
  /** As written in the import (`a as b`, `type C`). */
  text: string;
}

function specifiers(list: string, allTypes: boolean): Specifier[] {
  return list
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((text) => {
      const bare = text.replace(/^type\s+/, "");
      const name = bare.split(/\s+as\s+/)[0] ?? bare;
      return { name, text: allTypes && !text.startsWith("type ") ? `type ${text}` : text };
    });
}

/** Each name an entry point exports, and the module (absolute, no extension) it comes from. */
function exportsOf(
  entry: string,
  cache: Map<string, { mtimeMs: number; map: Map<string, string> }>,
) {
  const mtimeMs = statSync(entry).mtimeMs;
  const known = cache.get(entry);
  if (known?.mtimeMs === mtimeMs) return known.map;
  const map = new Map<string, string>();
  for (const match of readFileSync(entry, "utf8").matchAll(EXPORT)) {
    const from = path.resolve(path.dirname(entry), match[3] ?? "");
    for (const { name } of specifiers(match[2] ?? "", Boolean(match[1]))) map.set(name, from);
  }
  cache.set(entry, { mtimeMs, map });
  return map;
}

export function directFeatureImports(appDir: string): Plugin {
  const cache = new Map<string, { mtimeMs: number; map: Map<string, string> }>();
  return {
    name: "trade-match:direct-feature-imports",
    enforce: "pre",
    transform(code, id) {
      if (!id.startsWith(appDir) || !/\.tsx?$/.test(id) || !code.includes("~/features/")) {
        return undefined;
      }
      const out = code.replace(
        IMPORT,
        (whole, type: string | undefined, list: string, source: string) => {
          const entry = ENTRY.exec(source);
          if (!entry) return whole;
          const file = path.join(
            appDir,
            "features",
            entry[1] ?? "",
            entry[2] ? "index.server.ts" : "index.ts",
          );
          const exported = exportsOf(file, cache);
          const byModule = new Map<string, string[]>();
          for (const specifier of specifiers(list, Boolean(type))) {
            const from = exported.get(specifier.name);
            if (!from) return whole; // Not in the entry point: leave it for the type checker to report.
            byModule.set(from, [...(byModule.get(from) ?? []), specifier.text]);
          }
          // Types apart, as `import type`: erased whole, they bring no module in.
          const direct = [...byModule]
            .flatMap(([from, names]) => {
              const relative = path.relative(appDir, from).split(path.sep).join("/");
              const module = JSON.stringify(`~/${relative}`);
              const types = names.filter((name) => name.startsWith("type "));
              const values = names.filter((name) => !name.startsWith("type "));
              const typeNames = types.map((name) => name.slice("type ".length));
              return [
                ...(values.length > 0 ? [`import { ${values.join(", ")} } from ${module};`] : []),
                ...(types.length > 0
                  ? [`import type { ${typeNames.join(", ")} } from ${module};`]
                  : []),
              ];
            })
            .join(" ");
          return direct + "\n".repeat(whole.split("\n").length - 1);
        },
      );
      return out === code ? undefined : { code: out, map: null };
    },
  };
}
