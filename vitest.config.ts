import { lingui } from "@lingui/vite-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [lingui({ macroTransform: true })],
  test: {
    // Vitest's default for a run is one worker fewer than the cores: a single one on 2.
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "dom",
          include: ["tests/unit/**/*.test.tsx"],
          environment: "jsdom",
          // A limit for a test that hangs, not a speed check: beside the integration tests on
          // 2 busy cores, a dialog's two look-ups once took longer than Vitest's 5 s default.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // React's production build has no jsxDEV: the tests' own JSX compiles as a build's.
        oxc: { jsx: { runtime: "automatic", development: false } },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Integration tests spend much of their time waiting for the servers and databases
          // they start, in other processes: a file per core keeps both busy (11 to 6.5 minutes
          // on 2 cores). The files share no state (each has its own data folder, database and
          // port; none mocks a module or changes the environment), so the app's modules load
          // once per worker rather than once per file: 6.5 to 5.3 minutes.
          isolate: false,
          // Each starts from a copy of one migrated database, made once (data-templates.ts).
          globalSetup: ["tests/support/data-templates-setup.ts"],
          // The sites they start in their own process (startSite in server.ts) load React
          // and the other packages as `npm start` does: in their production builds.
          env: { NODE_ENV: "production" },
          // The server bundle is loaded by Node itself, as `npm start` loads it (not
          // transformed by Vite as a test module would be).
          server: { deps: { external: [/\/build\/server\//] } },
        },
      },
    ],
  },
});
