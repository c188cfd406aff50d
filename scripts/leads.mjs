// `npm run leads -- list` / `npm run leads -- export --since 2026-01-01`.
import { requireNode } from "./require-node.mjs";
import { loadServerBuild } from "./server-build.mjs";

requireNode();
const build = await loadServerBuild({ quiet: true });
process.exitCode = await build.runLeadsCli(process.argv.slice(2));
