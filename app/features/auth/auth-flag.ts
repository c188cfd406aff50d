/**
 * The browser side of signing in (spec §2, §3, §4): the signed-in flag and
 * the post-login redirect, and "needs sign-in" for buttons that need it.
 */
import { localeOfPath, localizePath } from "~/lib/locale-path";
import { STORAGE_KEYS } from "~/site";
import { safeReturnPath } from "./return-path";
import { browserStorage, hasSignedInFlag } from "./signed-in-flag";

export {
  clearSignedInFlag,
  hasSignedInFlag,
  setSignedInFlag,
  useSignedInFlag,
} from "./signed-in-flag";

export function storeReturnPath(path: string): void {
  if (safeReturnPath(path)) browserStorage()?.setItem(STORAGE_KEYS.postLoginRedirect, path);
}

export function storedReturnPath(): string | undefined {
  return safeReturnPath(browserStorage()?.getItem(STORAGE_KEYS.postLoginRedirect));
}

export function clearStoredReturnPath(): void {
  browserStorage()?.removeItem(STORAGE_KEYS.postLoginRedirect);
}

/**
 * "Needs sign-in" in the browser: says whether to go on; when signed out it
 * stores the current path as the post-login redirect and goes to /login in
 * the page's language, which reads it back (spec §2 Contractor listing).
 */
export function requireSignIn(): boolean {
  if (hasSignedInFlag()) return true;
  storeReturnPath(`${window.location.pathname}${window.location.search}`);
  window.location.assign(localizePath("/login", localeOfPath(window.location.pathname)));
  return false;
}
