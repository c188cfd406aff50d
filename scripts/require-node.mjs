// Stops an entry script that runs on a Node.js older than the one we ship
// with (the `node` devDependency puts Node 24 first on every npm script's PATH).
import { pathToFileURL } from "node:url";

export const MINIMUM_NODE_MAJOR = 24;

export function requireNode(major = MINIMUM_NODE_MAJOR) {
  const current = Number(process.versions.node.split(".")[0]);
  if (current >= major) return;
  console.error(
    [
      `TradeMatch needs Node.js ${major} or newer; this is Node.js ${process.versions.node} (${process.execPath}).`,
      "Run it through npm (npm start, npm test, npm run …): npm puts the project's own Node.js",
      "(the `node` package in devDependencies) first on the PATH. If that Node.js is missing,",
      "run `npm install` again and check that the `node` package's install script ran.",
    ].join("\n"),
  );
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) requireNode();
