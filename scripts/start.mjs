// `npm start`: builds when the build is missing or older than the sources,
// then serves the production site.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { requireNode } from "./require-node.mjs";

requireNode();

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

function buildIsCurrent() {
  if (!existsSync(serverEntry)) return false;
  const built = statSync(serverEntry).mtimeMs;
  return SOURCES.every((source) => newestMtime(path.join(root, source)) <= built);
}

if (process.env.SKIP_BUILD_CHECK !== "1" && !buildIsCurrent()) {
  console.log("Building the site (the build is missing or older than the sources)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const build = await import(pathToFileURL(serverEntry).href);
try {
  await build.start({ build });
} catch (error) {
  // A configuration error is the operator's to fix: say what, without a stack trace.
  if (error instanceof Error && error.name === "EnvError") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
