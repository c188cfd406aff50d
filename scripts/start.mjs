// `npm start`: builds when needed, then serves the production site.
import { requireNode } from "./require-node.mjs";
import { loadServerBuild } from "./server-build.mjs";

/**
 * Memory settings the server runs with (decision 016, RSS). They must be in
 * place when the process starts, so this script runs itself again with them,
 * in the same process (same PID, same output): V8's young generation capped
 * at 16 MB a half (it grew to 64 MB, 128 MB resident at rest); its old
 * generation let grow to 1.25× what the last full collection kept (V8 picks
 * up to 4× when collections are cheap: under load the heap reached 320 MB
 * for 80 MB of live objects); and glibc giving large freed blocks back to the
 * system and keeping two arenas (the start-up's transient allocations
 * otherwise stay resident). What the operator set already (NODE_OPTIONS, the
 * environment) wins.
 */
const MEMORY_FLAGS = ["--max-semi-space-size=16", "--heap-growing-percent=25"];
const MEMORY_ENV = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" };
const APPLIED = "TRADEMATCH_MEMORY_SETTINGS";

function withMemorySettings() {
  if (process.env[APPLIED] || typeof process.execve !== "function") return;
  const given = `${process.execArgv.join(" ")} ${process.env.NODE_OPTIONS ?? ""}`;
  const flags = MEMORY_FLAGS.filter((flag) => !given.includes(flag.split("=")[0]));
  const env = { ...MEMORY_ENV, ...process.env, [APPLIED]: "1" };
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...flags,
      ...process.execArgv,
      import.meta.filename,
      ...process.argv.slice(2),
    ],
    env,
  );
}

requireNode();
withMemorySettings();
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
