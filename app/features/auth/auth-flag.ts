/**
 * The browser side of signing in (spec §2, §3, §4): the local keys
 * `isAuthenticated` ("true" when signed in) and the post-login redirect. They
 * steer the browser only; personal data always needs the server session.
 */
import { useCallback, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { AUTHENTICATED_FLAG_VALUE, STORAGE_KEYS } from "~/site";
import { safeReturnPath } from "./return-path";

const FLAG_EVENT = "tm:auth-flag";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function hasSignedInFlag(): boolean {
  return storage()?.getItem(STORAGE_KEYS.isAuthenticated) === AUTHENTICATED_FLAG_VALUE;
}

export function setSignedInFlag(): void {
  storage()?.setItem(STORAGE_KEYS.isAuthenticated, AUTHENTICATED_FLAG_VALUE);
  window.dispatchEvent(new Event(FLAG_EVENT));
}

export function clearSignedInFlag(): void {
  storage()?.removeItem(STORAGE_KEYS.isAuthenticated);
  window.dispatchEvent(new Event(FLAG_EVENT));
}

export function storeReturnPath(path: string): void {
  if (safeReturnPath(path)) storage()?.setItem(STORAGE_KEYS.postLoginRedirect, path);
}

export function storedReturnPath(): string | undefined {
  return safeReturnPath(storage()?.getItem(STORAGE_KEYS.postLoginRedirect));
}

export function clearStoredReturnPath(): void {
  storage()?.removeItem(STORAGE_KEYS.postLoginRedirect);
}

function subscribe(listener: () => void) {
  window.addEventListener("storage", listener);
  window.addEventListener(FLAG_EVENT, listener);
  return () => {
    window.removeEventListener("storage", listener);
    window.removeEventListener(FLAG_EVENT, listener);
  };
}

/** Whether the browser thinks it is signed in (false while server-rendering). */
export function useSignedInFlag(): boolean {
  return useSyncExternalStore(subscribe, hasSignedInFlag, () => false);
}

/**
 * "Needs sign-in" in the browser: returns a guard that says whether to go on;
 * when signed out it stores the current path as the post-login redirect and
 * goes to /login (spec §2 Contractor listing).
 */
export function useRequireSignIn(): () => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (hasSignedInFlag()) return true;
    const here = `${location.pathname}${location.search}`;
    storeReturnPath(here);
    void navigate("/login", { state: { from: here } });
    return false;
  }, [location.pathname, location.search, navigate]);
}
