/**
 * Script nonces. The server renders pages with a placeholder ("slot") and puts
 * each response's own nonce in its place (server/request-handler.ts), so a
 * page can be cached and still get a fresh nonce every time.
 */
import { createContext, useContext } from "react";

/** The slot in prerendered pages, which are rendered at build time. */
export const PRERENDER_NONCE_SLOT = "tm-prerender-nonce-slot";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/** Cache headers of public pages: browsers revalidate, the server's shared cache keeps them. */
export const PUBLIC_PAGE_CACHE = {
  "Cache-Control": "public, max-age=0, must-revalidate, s-maxage=300",
} as const;
