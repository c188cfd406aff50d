// Loads the production server build, building it first when it is missing
// or older than the sources (so `npm start` works straight after a clone).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const serverEntry = path.join(root, "build/server/index.js");
const SOURCES = [
  "app",
  "server",
  "database",
  "content",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

export function buildIsCurrent() {
  if (!existsSync(serverEntry)) return false;
  const built = statSync(serverEntry).mtimeMs;
  return SOURCES.every((source) => newestMtime(path.join(root, source)) <= built);
}

export async function loadServerBuild({ quiet = false } = {}) {
  if (process.env.SKIP_BUILD_CHECK !== "1" && !buildIsCurrent()) {
    if (!quiet)
      console.error("Building the site (the build is missing or older than the sources)…");
    const result = spawnSync("npm", ["run", "build"], {
      cwd: root,
      stdio: ["ignore", quiet ? "ignore" : process.stderr, "inherit"],
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  // React (and every package that reads NODE_ENV when it is first loaded) picks its
  // development or production build at import time, long before the server parses its
  // configuration: the production site runs the production builds unless told otherwise.
  // An empty value counts as unset, as in the server's own configuration.
  if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
  return import(pathToFileURL(serverEntry).href);
}
