// `npm run operator -- grant alex@example.com` / `revoke alex@example.com` / `link [EMAIL]`.
import { requireNode } from "./require-node.mjs";
import { loadServerBuild } from "./server-build.mjs";

requireNode();
const build = await loadServerBuild({ quiet: true });
process.exitCode = await build.runOperatorCli(process.argv.slice(2));
