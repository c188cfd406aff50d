import type { Config } from "@react-router/dev/config";
import { CATEGORIES, LEGAL_LINKS } from "./app/site";

export default {
  ssr: true,
  appDirectory: "app",
  // Pages that are the same for every visitor are rendered at build time;
  // the server serves them from memory (server/prerendered.ts).
  prerender: ["/", ...CATEGORIES.map((c) => c.path), ...LEGAL_LINKS.map((l) => l.path)],
} satisfies Config;
