// Runs after `npm install` / `npm ci` (the root `postinstall`).
//
// npm decides which optional packages to install by the engines of the Node.js that runs
// npm, and it skips an optional package whose `engines.node` that Node.js does not meet,
// silently. On a machine whose system Node.js is older than the one we ship with (the
// `node` devDependency, first on every npm script's PATH), that drops platform bindings
// that only the newer Node.js needs: Lingui's native macro compiler
// (@lingui/native-tools-linux-x64-gnu wants Node ≥ 22.19), without which the build fails.
//
// This puts back exactly those packages: the lock's optional entries for this platform
// that are missing on disk, whose engines the Node.js that ran npm failed and the Node.js
// running this script meets. Each comes from the configured registry through `npm pack`
// at the locked version and is checked against the lock's integrity before it is unpacked.
// (npm has no setting for the Node.js version engines are checked against: npm 11 always
// uses its own process's; see docs/decisions/031-bindings-for-the-shipped-node.md.)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import semver from "semver";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The Node.js version that ran npm, from npm's user agent ("npm/11.1.0 node/v20.20.2 …"). */
export function npmNodeVersion(userAgent = process.env.npm_config_user_agent ?? "") {
  return /\bnode\/v?(\d+\.\d+\.\d+)/.exec(userAgent)?.[1] ?? null;
}

function thisLibc() {
  if (process.platform !== "linux") return null;
  const header = /** @type {{ header?: { glibcVersionRuntime?: string } }} */ (
    process.report.getReport()
  ).header;
  return header?.glibcVersionRuntime ? "glibc" : "musl";
}

const fits = (allowed, value) =>
  !allowed ||
  (allowed.some((a) => !a.startsWith("!"))
    ? allowed.includes(value)
    : !allowed.includes(`!${value}`));

/**
 * The lock's optional packages that npm skipped for their engines only.
 * @param {{ packages: Record<string, any> }} lock
 */
export function skippedForEngines(lock, { npmNode, node, platform, arch, libc, omitDev, exists }) {
  const found = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    if (!location || !entry.optional || !entry.version || !entry.integrity) continue;
    if (omitDev && entry.dev) continue;
    if (!fits(entry.os, platform) || !fits(entry.cpu, arch)) continue;
    if (entry.libc && (!libc || !fits(entry.libc, libc))) continue;
    const range = entry.engines?.node;
    if (!range || semver.satisfies(npmNode, range) || !semver.satisfies(node, range)) continue;
    if (exists(location)) continue;
    const name = location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length);
    found.push({ location, name, version: entry.version, integrity: entry.integrity });
  }
  return found;
}

function restore({ location, name, version, integrity }) {
  const work = mkdtempSync(path.join(tmpdir(), "tm-optional-"));
  try {
    const npm = process.env.npm_execpath;
    const command = npm ? process.execPath : "npm";
    const args = [
      ...(npm ? [npm] : []),
      "pack",
      `${name}@${version}`,
      "--json",
      "--pack-destination",
      work,
    ];
    const [packed] = JSON.parse(
      execFileSync(command, args, {
        cwd: work,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }),
    );
    if (packed.integrity !== integrity) {
      throw new Error(
        `${name}@${version}: integrity ${packed.integrity} is not the lock's ${integrity}`,
      );
    }
    const target = path.join(root, location);
    mkdirSync(target, { recursive: true });
    execFileSync("tar", [
      "-xzf",
      path.join(work, packed.filename),
      "-C",
      target,
      "--strip-components=1",
    ]);
    console.log(`Installed ${name}@${version}, which npm skipped on Node.js ${npmNodeVersion()}.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const npmNode = npmNodeVersion();
  if (npmNode && npmNode !== process.versions.node) {
    const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));
    const omit = (process.env.npm_config_omit ?? "").split(/[\s,]+/);
    const missing = skippedForEngines(lock, {
      npmNode,
      node: process.versions.node,
      platform: process.platform,
      arch: process.arch,
      libc: thisLibc(),
      omitDev: omit.includes("dev") || process.env.NODE_ENV === "production",
      exists: (location) => existsSync(path.join(root, location, "package.json")),
    });
    for (const entry of missing) restore(entry);
  }
}
