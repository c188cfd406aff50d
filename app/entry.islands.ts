/**
 * The browser side of content pages (decision 010): hydrates each island on
 * the page, one per task so no long task blocks the visitor, then marks the
 * page interactive (`data-hydrated`, which the browser tests wait for).
 * Loaded once the page has loaded, so it never competes with the first paint.
 */
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLANDS } from "./islands";

/** Lets the browser paint and handle input between islands (a message, not a timer). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function hydrateIslands() {
  const elements = [...document.querySelectorAll<HTMLElement>("tm-island")].filter(
    // An island inside another is hydrated with it.
    (element) => !element.parentElement?.closest("tm-island"),
  );
  const components = elements.map((element) => {
    const load = ISLANDS[element.dataset.island ?? ""];
    return load ? load() : Promise.reject(new Error(`No island "${element.dataset.island ?? ""}"`));
  });
  for (const [index, element] of elements.entries()) {
    try {
      const Component = (await components[index]) as ComponentType<object>;
      const props = JSON.parse(element.dataset.props ?? "{}") as object;
      await nextTask();
      hydrateRoot(element, createElement(Component, props));
    } catch (error) {
      // One broken island must not stop the others; its HTML still works without it.
      console.error(`Island "${element.dataset.island ?? ""}" could not start`, error);
    }
  }
  await nextTask();
  document.documentElement.dataset.hydrated = "true";
}

void hydrateIslands();
