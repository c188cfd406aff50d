/**
 * The page's language as route middleware (issue 32, decision 036): the root
 * route declares `withLocale` once and every loader and action below it reads
 * the language with `localeOf(context)` instead of parsing the URL again.
 *
 * The language is read from `request.url`, exactly as `localeOfRequest` does,
 * not from the middleware's normalized `url`: loaders used to read the request,
 * and a data request's URL (`/es.data`) must give the language it gave before.
 */
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { localeOfRequest } from "./locale-path";
import type { Locale } from "./locales";

/** Set by `withLocale` on the root route; reading it where no middleware ran throws. */
const localeContext = createContext<Locale>();

export const withLocale: MiddlewareFunction<Response> = ({ request, context }) => {
  context.set(localeContext, localeOfRequest(request));
};

/** The language of the page this request is for (set by the root's `withLocale`). */
export function localeOf(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}
