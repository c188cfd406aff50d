// `npm start`: builds when needed, then serves the production site.
import { requireNode } from "./require-node.mjs";
import { loadServerBuild } from "./server-build.mjs";

requireNode();
const build = await loadServerBuild();
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
