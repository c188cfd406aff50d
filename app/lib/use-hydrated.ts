import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False while rendering on the server and while hydrating (so the first
 * render in the browser matches the page), true from the render after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
