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

for (const locale of LOCALES) {
  for (const part of ["islands", "dashboard", "pro", "requests", "server"]) {
    const messages = catalogs[`../locales/${locale}/${part}.po`];
    if (!messages) throw new Error(`app/locales/${locale}/${part}.po is missing`);
    addCatalog(locale, messages);
  }
}

export { i18nFor, translate } from "./i18n";
