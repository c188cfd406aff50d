/**
 * Which builds of its dependencies this process really runs. React and its
 * renderer ship a development and a production build of each module and load
 * one of them (`cjs/*.development.js` or `*.production.js`) from
 * `process.env.NODE_ENV` when first imported; the modules loaded are in
 * Node's module cache, whatever the configuration says.
 */
import { createRequire } from "node:module";

const DEVELOPMENT_BUILD = /[\\/]node_modules[\\/].+\.development\.js$/;

/**
 * The development-build files of dependencies run so far. Only modules that
 * ran count (`loaded`): Node's ESM loader also reads, without running, both
 * builds a package's `index.js` may re-export, to learn their export names.
 */
export function developmentBuildsLoaded(): string[] {
  return Object.entries(createRequire(import.meta.url).cache)
    .filter(([file, module]) => module?.loaded === true && DEVELOPMENT_BUILD.test(file))
    .map(([file]) => file);
}

/** "development" when any dependency runs its development build, else "production". */
export function dependencyBuild(): "development" | "production" {
  return developmentBuildsLoaded().length > 0 ? "development" : "production";
}
