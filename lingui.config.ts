/**
 * Lingui (decision 030): English source messages in the code, one PO catalogue
 * per language and part of the site, ICU syntax. The parts follow what the
 * browser runs (scripts/i18n/module-graph.ts): content pages load only the
 * islands' messages, the pages React Router hydrates also their area's, and
 * the server's stay on the server.
 */
import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { browserModules } from "./scripts/i18n/module-graph.ts";

const { islands, areas } = browserModules();
const inBrowser = [...new Set([...islands, ...Object.values(areas).flat()])];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es", "fr"],
  fallbackLocales: false,
  format: formatter({ lineNumbers: false, origins: true }),
  catalogs: [
    { path: "<rootDir>/app/locales/{locale}/islands", include: islands },
    { path: "<rootDir>/app/locales/{locale}/dashboard", include: areas.dashboard },
    { path: "<rootDir>/app/locales/{locale}/projects", include: areas.projects },
    { path: "<rootDir>/app/locales/{locale}/pro", include: areas.pro },
    { path: "<rootDir>/app/locales/{locale}/requests", include: areas.requests },
    { path: "<rootDir>/app/locales/{locale}/server", include: ["app"], exclude: inBrowser },
  ],
});
