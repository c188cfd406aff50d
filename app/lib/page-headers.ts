/**
 * Response headers of public pages: cacheable (see PUBLIC_PAGE_CACHE), except
 * a page answering a form, which holds what the person typed: never stored.
 */
import type { HeadersFunction } from "react-router";

export const NO_STORE_HEADERS = { "Cache-Control": "no-store" } as const;

/** How long the server's shared cache may keep a public page (decision 007). */
export const PUBLIC_PAGE_MINUTES = 5;

/** Cache headers of public pages: browsers revalidate, the server's shared cache keeps them. */
export const PUBLIC_PAGE_CACHE = {
  "Cache-Control": `public, max-age=0, must-revalidate, s-maxage=${(PUBLIC_PAGE_MINUTES * 60).toString()}`,
} as const;

export const publicPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  if (actionHeaders.has("Cache-Control")) return actionHeaders;
  return loaderHeaders;
};
