/**
 * Every catalogue of every language, loaded once when the server starts
 * (decision 030): the server renders any page in any language and writes
 * emails and form messages in the recipient's.
 */
import type { Messages } from "@lingui/core";
import { addCatalog } from "./i18n";
import { LOCALES } from "./locales";

const catalogs = import.meta.glob<Messages>("../locales/*/*.po", {
  import: "messages",
  eager: true,
});

// Every part there is (lingui.config.ts names them), so a new part cannot be left out here.
for (const locale of LOCALES) {
  const parts = Object.keys(catalogs).filter((file) => file.startsWith(`../locales/${locale}/`));
  if (!parts.some((file) => file.endsWith("/server.po")))
    throw new Error(`app/locales/${locale}/server.po is missing`);
  for (const file of parts) addCatalog(locale, catalogs[file] ?? {});
}

export { i18nFor, translate } from "./i18n";
