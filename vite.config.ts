import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    // The server bundle's entry is our own server module. It re-exports the
    // React Router server build, so prerendering and `start()` share one copy
    // of every server module (one database pool, one logger).
    ssr: { build: { rollupOptions: { input: "./server/index.ts" } } },
  },
});
