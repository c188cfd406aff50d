// `npm run housekeeping` / `npm run housekeeping -- --dry-run` (decision 037).
import { requireNode } from "./require-node.mjs";
import { loadServerBuild } from "./server-build.mjs";

requireNode();
const build = await loadServerBuild({ quiet: true });
process.exitCode = await build.runHousekeepingCli(process.argv.slice(2));
