/**
 * Response headers of public pages: cacheable (see PUBLIC_PAGE_CACHE), except
 * a page answering a form, which holds what the person typed: never stored.
 */
import type { HeadersFunction } from "react-router";

export const NO_STORE_HEADERS = { "Cache-Control": "no-store" } as const;

export const publicPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  if (actionHeaders.has("Cache-Control")) return actionHeaders;
  return loaderHeaders;
};
