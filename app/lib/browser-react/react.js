/**
 * What `import … from "react"` means in the browser bundle: Preact's React
 * compatibility layer, with React's timing for effects and the one React 19
 * hook it lacks that React Router's RouterProvider calls on every render
 * (docs/decisions/009-preact-in-the-browser.md).
 */
import { options } from "preact";
import compat from "preact/compat";

export * from "preact/compat";

/**
 * Effects run right after the render that scheduled them, before the browser
 * does anything else (a microtask), as React does after a click or keystroke:
 * a keystroke's debounce timer is replaced, and a paused carousel's timer
 * cleared, before any other timer can fire. Preact's default waits for an
 * animation frame, which a background tab never paints; a message task would
 * let a timer slip in between.
 */
options.requestAnimationFrame = (callback) => queueMicrotask(callback);

/**
 * React Router only *sets* the optimistic state when `useTransitions` is true,
 * which this app never turns on; the hook must still return the state it is given.
 */
export function useOptimistic(state) {
  return [state, () => {}];
}

export default { ...compat, useOptimistic };
