/**
 * What islands need of Lingui, loaded by the islands entry on demand (with
 * the first island's code), so the entry itself imports only React
 * (decision 010; tests/e2e/budgets.spec.ts).
 */
export { I18nProvider } from "@lingui/react";
export { loadCatalogs } from "./i18n-browser";
