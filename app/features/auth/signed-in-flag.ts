/**
 * The spec's local key `isAuthenticated` ("true" when signed in): read and
 * written by the browser only, to steer it; personal data always needs the
 * server session. Kept apart so every page's header can read it cheaply.
 */
import { useSyncExternalStore } from "react";
import { STORAGE_KEYS } from "~/site";

/** Spec §3: the value of the isAuthenticated key when signed in. */
const AUTHENTICATED_FLAG_VALUE = "true";

const FLAG_EVENT = "tm:auth-flag";

export function browserStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function hasSignedInFlag(): boolean {
  return browserStorage()?.getItem(STORAGE_KEYS.isAuthenticated) === AUTHENTICATED_FLAG_VALUE;
}

export function setSignedInFlag(): void {
  browserStorage()?.setItem(STORAGE_KEYS.isAuthenticated, AUTHENTICATED_FLAG_VALUE);
  window.dispatchEvent(new Event(FLAG_EVENT));
}

export function clearSignedInFlag(): void {
  browserStorage()?.removeItem(STORAGE_KEYS.isAuthenticated);
  window.dispatchEvent(new Event(FLAG_EVENT));
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
