/**
 * The mark of the page's own scripts. Pages are rendered with every script
 * they mean to run carrying `nonce="<mark>"`; before a page leaves the server
 * (server/http/csp.ts) each marked script's hash goes into the page's
 * Content-Security-Policy and the mark is removed. A script that got into the
 * page any other way carries no mark and is refused, as a nonce would have
 * it; yet the page is the same bytes for every visitor, so it can be cached
 * and compressed once (docs/decisions/011-script-hashes.md).
 */
import { createContext, useContext } from "react";

/** The mark in prerendered pages, which are rendered at build time. */
export const PRERENDER_SCRIPT_MARK = "tm-prerender-script-mark";

export const ScriptMarkContext = createContext<string | undefined>(undefined);

/** What to pass as `nonce` to a script the page means to run. */
export function useScriptMark(): string | undefined {
  return useContext(ScriptMarkContext);
}
