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
 * Effects run in a task of their own right after a render, as React's
 * scheduler runs them (a message, not a timer or an animation frame): they
 * don't wait for a frame that a background tab never paints, and a page
 * whose timers are paused (a test's fake clock) still comes alive.
 */
const channel = new MessageChannel();
let queued = [];
channel.port1.onmessage = () => {
  const callbacks = queued;
  queued = [];
  for (const callback of callbacks) callback();
};
options.requestAnimationFrame = (callback) => {
  queued.push(callback);
  if (queued.length === 1) channel.port2.postMessage(null);
};

/**
 * React Router only *sets* the optimistic state when `useTransitions` is true,
 * which this app never turns on; the hook must still return the state it is given.
 */
export function useOptimistic(state) {
  return [state, () => {}];
}

export default { ...compat, useOptimistic };
