// `npm run backup` / `npm run restore -- FILE [--force]` (decision 043).
import { requireNode } from "./require-node.mjs";
import { loadServerBuild } from "./server-build.mjs";

requireNode();
const [command, ...args] = process.argv.slice(2);
const build = await loadServerBuild({ quiet: true });
process.exitCode = await (command === "restore" ? build.runRestoreCli : build.runBackupCli)(args);
