/**
 * Personal pages are never stored by browsers or shared caches: a layout
 * declares `noStore` once and every answer below it (pages, their data,
 * redirects and errors) carries `Cache-Control: no-store`.
 */
import type { MiddlewareFunction } from "react-router";
import { NO_STORE_HEADERS } from "./page-headers";

export const noStore: MiddlewareFunction<Response> = async (_, next) => {
  const response = await next();
  for (const [name, value] of Object.entries(NO_STORE_HEADERS)) response.headers.set(name, value);
  return response;
};
