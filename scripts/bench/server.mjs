// Starts the production server in a child process for a benchmark and
// resolves when it is listening; stop() ends it with SIGTERM.
import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export function startBenchServer(env) {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let ready = false;
    child.stdout.on("data", (chunk) => {
      if (ready) return;
      const match = /"url":"(http:\/\/[^"]+)"/.exec(chunk.toString());
      if (!match) return;
      ready = true;
      resolve({
        url: match[1],
        pid: child.pid,
        stop: () =>
          new Promise((done) => {
            child.once("exit", done);
            child.kill("SIGTERM");
          }),
      });
    });
    child.once("exit", (code) => {
      if (!ready) reject(new Error(`server exited with ${code}`));
    });
  });
}
