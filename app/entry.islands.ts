/**
 * The browser side of content pages (decision 010): hydrates the page's
 * islands, one per task so no long task blocks the visitor, as they are
 * needed (decision 014):
 *
 * - an island on the first screen (or within half a screen of it) at once;
 * - one further down when scrolling brings it that close, or as soon as
 *   someone points at it, touches it or moves focus into it;
 * - one that watches the whole page rather than its own box (IDLE_ISLANDS)
 *   when the browser is next idle;
 * - one with nothing in its HTML that decides what to show (AFTER_FIRST_SCREEN)
 *   once the first screen's are live;
 * - one whose HTML does the visible work (INTENT_ISLANDS) only when someone
 *   points at it, touches it or moves focus into it.
 *
 * Its HTML works before that: links are links and forms post. A click on one
 * of its links or buttons before it has hydrated is held and replayed once
 * it has (holdEarlyClicks). An island whose code fails to download is asked
 * for once more; if it still can't start, its HTML goes on working alone.
 *
 * Each island is marked `data-hydrated` when it is live, and the page is
 * marked `data-hydrated` once the islands it started with (first screen and
 * idle ones) are (browser tests wait for these marks before they click).
 * Loaded once the page has loaded and painted, so it never competes with the
 * first paint.
 */
import {
  createElement,
  startTransition,
  useLayoutEffect,
  type ComponentType,
  type ReactNode,
} from "react";
import { hydrateRoot } from "react-dom/client";
import { AFTER_FIRST_SCREEN, IDLE_ISLANDS, INTENT_ISLANDS, ISLANDS } from "./islands";
import { importAgainOnFailure } from "./lib/import-again";

/**
 * Lingui and the page's language's messages for islands (decision 030),
 * fetched beside the first island's code.
 */
const i18nReady = importAgainOnFailure(() => import("./lib/island-i18n")).then(
  async ({ I18nProvider, loadCatalogs }) => ({
    Provider: I18nProvider,
    i18n: await loadCatalogs("islands"),
  }),
);

/** How close to the viewport an island below it starts to hydrate. */
const AHEAD = "50% 0px";
/** The longest an idle island waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/** Lets the browser paint and handle input between islands (a message, not a timer). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ("requestIdleCallback" in window) {
      requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    } else setTimeout(resolve, 1);
  });
}

const nameOf = (element: HTMLElement) => element.dataset.island ?? "";

/**
 * Downloads an island's code; null when it can't be had even on a second
 * try (its HTML goes on working alone).
 */
async function loadIsland(element: HTMLElement): Promise<ComponentType<object> | null> {
  try {
    const load = ISLANDS[nameOf(element)];
    if (!load) throw new Error("not in the registry");
    const [Component] = await Promise.all([importAgainOnFailure(load), i18nReady]);
    return Component as ComponentType<object>;
  } catch (error) {
    // One broken island must not stop the others.
    console.error(`Island "${nameOf(element)}" could not start`, error);
    return null;
  }
}

/**
 * Calls `done` when React has committed the hydrated tree (its layout
 * effects run then): hydrateRoot only schedules the work.
 */
function Committed({ done, children }: { done: () => void; children?: ReactNode }) {
  useLayoutEffect(done, [done]);
  return children;
}

/**
 * Hydrates an island; settles once it is live (or could not start). As a
 * transition, so React works in slices of a few milliseconds and lets the
 * browser paint and handle input between them: a large island (the home
 * page's hero) is never one long task, nor is the first render that compiles
 * React's own code.
 */
async function hydrate(element: HTMLElement, Component: ComponentType<object>): Promise<void> {
  const { Provider, i18n } = await i18nReady;
  return new Promise((resolve) => {
    const started = performance.now();
    const live = () => {
      element.dataset.hydrated = "true";
      // Shown in the browser's performance tools, for whoever profiles a page.
      performance.measure(`island ${nameOf(element)}`, { start: started });
      resolve();
    };
    try {
      const props = JSON.parse(element.dataset.props ?? "{}") as object;
      startTransition(() => {
        hydrateRoot(
          element,
          createElement(
            Committed,
            { done: live },
            createElement(Provider, { i18n }, createElement(Component, props)),
          ),
          {
            onRecoverableError: (error) =>
              console.error(`Island "${nameOf(element)}" did not match the page`, error),
          },
        );
      });
    } catch (error) {
      console.error(`Island "${nameOf(element)}" could not start`, error);
      resolve();
    }
  });
}

/**
 * Starts islands, each once. An island's code is asked for as soon as the
 * island is (downloads run side by side, not one after another); hydrations
 * take turns, one per task, in the order their code arrives. What an island
 * gets back settles when that island is live (or could not start), whatever
 * the others are waiting for: a click held on it waits for it alone.
 */
function createQueue() {
  const started = new Map<HTMLElement, Promise<void>>();
  let turns = Promise.resolve();
  /** Runs `work` in a task of its own once the hydrations before it are done. */
  const inTurn = (work: () => Promise<void>): Promise<void> => {
    const turn = turns.then(nextTask).then(work);
    turns = turn;
    return turn;
  };
  return {
    add(element: HTMLElement): Promise<void> {
      let done = started.get(element);
      if (!done) {
        done = loadIsland(element).then((Component) =>
          Component ? inTurn(() => hydrate(element, Component)) : undefined,
        );
        started.set(element, done);
      }
      return done;
    },
  };
}

/** Events that say someone is about to use an island: it hydrates at once. */
const INTENT_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/**
 * A click on a link or button of an island not yet live is held until it is,
 * then replayed: a link may do more with the island running (Get Started
 * opens the location picker), and a button does nothing without it. Form
 * submissions go ahead (the server checks the form too), and so do clicks
 * that open a link elsewhere (a new tab or window).
 */
function holdEarlyClicks(element: HTMLElement, hydrateNow: () => Promise<void>) {
  // Once hydration is over (even when it failed), clicks go through untouched.
  let settled = false;
  const onClick = (event: MouseEvent) => {
    if (settled || element.dataset.hydrated) return;
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest<HTMLElement>(
      'a[href], button:not([type="submit"]), [role="button"]',
    );
    if (!control || !element.contains(control)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void hydrateNow().then(() => {
      settled = true;
      if (control.isConnected) control.click();
    });
  };
  element.addEventListener("click", onClick, { capture: true });
}

async function hydrateIslands() {
  const islands = [...document.querySelectorAll<HTMLElement>("tm-island")].filter(
    // An island inside another is hydrated with it.
    (element) => !element.parentElement?.closest("tm-island"),
  );
  const queue = createQueue();

  // An island's wrapper takes no box (display: contents): its children are what is seen.
  const owner = new Map<Element, HTMLElement>();
  // The observer reports every target once when it starts: the islands seen
  // then are the first screen's.
  const unreported = new Set<Element>();
  const firstScreen: Promise<void>[] = [];
  let firstReportDone = () => {};
  const firstReport = new Promise<void>((resolve) => (firstReportDone = resolve));
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const island = owner.get(entry.target);
        if (!island) continue;
        const initial = unreported.delete(entry.target);
        if (!entry.isIntersecting) continue;
        for (const child of island.children) {
          observer.unobserve(child);
          unreported.delete(child);
        }
        const done = queue.add(island);
        if (initial) firstScreen.push(done);
      }
      if (unreported.size === 0) firstReportDone();
    },
    { rootMargin: AHEAD },
  );

  const idle: HTMLElement[] = [];
  const afterFirstScreen: HTMLElement[] = [];
  for (const island of islands) {
    const hydrateNow = () => queue.add(island);
    holdEarlyClicks(island, hydrateNow);
    for (const type of INTENT_EVENTS) {
      island.addEventListener(type, () => void hydrateNow(), { once: true, passive: true });
    }
    if (INTENT_ISLANDS.has(nameOf(island))) continue;
    if (AFTER_FIRST_SCREEN.has(nameOf(island))) {
      afterFirstScreen.push(island);
      continue;
    }
    const children = [...island.children];
    if (IDLE_ISLANDS.has(nameOf(island)) || children.length === 0) {
      idle.push(island);
      continue;
    }
    for (const child of children) {
      owner.set(child, island);
      unreported.add(child);
      observer.observe(child);
    }
  }

  if (unreported.size > 0) await firstReport;
  await Promise.all(firstScreen);
  await Promise.all(afterFirstScreen.map((island) => queue.add(island)));
  for (const island of idle) {
    await whenIdle();
    await queue.add(island);
  }
  await nextTask();
  document.documentElement.dataset.hydrated = "true";
}

void hydrateIslands();
