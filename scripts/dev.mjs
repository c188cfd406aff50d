// `npm run dev`: the site from its sources, on our own server (headers, CSP,
// forms, sessions) with Vite in front of it: modules are compiled on request,
// a changed file reloads (React Fast Refresh in the browser, the server's
// modules on the next request), and nothing is cached or rendered ahead. The
// embedded database and every default are the production server's.
import { requireNode } from "./require-node.mjs";

requireNode();
process.env.NODE_ENV ||= "development";

const { createServer } = await import("vite");
const vite = await createServer({
  // HMR_PORT: where hot reload's WebSocket listens (Vite's 24678 by default).
  server: {
    middlewareMode: true,
    hmr: process.env.HMR_PORT ? { port: Number(process.env.HMR_PORT) } : undefined,
  },
  appType: "custom",
});
// A Vite server that React Router's plugin starts for itself exits the process on
// SIGTERM (code 143) before ours has finished its requests and closed the database:
// ours handles the signal (start()), and closes Vite as it goes.
process.removeAllListeners("SIGTERM");
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void vite.close());
const loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build");
// Loaded through Vite too, so the server and the routes share one copy of each module.
const { start } = await vite.ssrLoadModule("/server/start.ts");
await start({
  build: await loadBuild(),
  development: { middlewares: vite.middlewares, loadBuild },
});
