import type { Config } from "@react-router/dev/config";
import { localizePath } from "./app/lib/locale-path";
import { LOCALES } from "./app/lib/locales";
import { CATEGORIES, LEGAL_LINKS } from "./app/site";

const SAME_FOR_EVERYONE = [
  "/",
  ...CATEGORIES.map((c) => c.path),
  ...LEGAL_LINKS.map((l) => l.path),
];

export default {
  ssr: true,
  appDirectory: "app",
  // Pages that are the same for every visitor are rendered at build time;
  // the server serves them from memory (server/pages/prerendered.ts).
  // In every language (decision 030): "/es/", "/es/roofing", "/fr/privacy"…
  prerender: LOCALES.flatMap((locale) =>
    SAME_FOR_EVERYONE.map((page) => localizePath(page, locale)),
  ),
} satisfies Config;
