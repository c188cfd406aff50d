/**
 * The inline script that starts a content page's islands, run against a
 * small stand-in for the browser whose load event, paint reports and timers
 * the test moves by hand.
 */
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { islandsStarter } from "~/lib/islands-starter";

interface PaintEntries {
  getEntriesByName: (name: string) => string[];
}

interface FakeBrowserOptions {
  readyState?: "loading" | "complete";
  paintSupported?: boolean;
  alreadyPainted?: boolean;
}

function fakeBrowser({
  readyState = "loading",
  paintSupported = true,
  alreadyPainted = false,
}: FakeBrowserOptions = {}) {
  const inserted: { type: string; src: string }[] = [];
  const loadListeners: (() => void)[] = [];
  const observers: ((list: PaintEntries) => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  let now = 0;
  const entries = (names: string[]): PaintEntries => ({
    getEntriesByName: (name: string) => names.filter((entry) => entry === name),
  });

  class PerformanceObserver {
    static supportedEntryTypes = paintSupported ? ["paint", "navigation"] : ["navigation"];
    constructor(
      private readonly callback: (list: PaintEntries, observer: PerformanceObserver) => void,
    ) {}
    observe() {
      observers.push((list) => this.callback(list, this));
    }
    disconnect() {
      observers.length = 0;
    }
  }

  const context = vm.createContext({
    PerformanceObserver,
    Promise,
    performance: entries(alreadyPainted ? ["first-paint", "first-contentful-paint"] : []),
    document: {
      readyState,
      createElement: () => ({ type: "", src: "" }),
      head: { append: (element: { type: string; src: string }) => inserted.push(element) },
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === "load") loadListeners.push(listener);
    },
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  });

  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    inserted,
    start(url: string, latestMs: number) {
      vm.runInContext(islandsStarter(url, latestMs), context);
    },
    async load() {
      for (const listener of loadListeners.splice(0)) listener();
      await settle();
    },
    async paint(...names: string[]) {
      for (const observer of [...observers]) observer(entries(names));
      await settle();
    },
    async advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) timer.run();
      await settle();
    },
  };
}

describe("the islands starter", () => {
  it("waits for both the load event and the first contentful paint", async () => {
    const browser = fakeBrowser();
    browser.start("/assets/entry.islands-abc.js", 2000);
    await browser.paint("first-contentful-paint");
    expect(browser.inserted).toEqual([]);
    await browser.load();
    expect(browser.inserted).toEqual([{ type: "module", src: "/assets/entry.islands-abc.js" }]);
  });

  it("after the load event, still waits for content to be painted (a first paint alone is not enough)", async () => {
    const browser = fakeBrowser();
    browser.start("/entry.js", 2000);
    await browser.load();
    await browser.paint("first-paint");
    expect(browser.inserted).toEqual([]);
    await browser.paint("first-contentful-paint");
    expect(browser.inserted).toHaveLength(1);
  });

  it("starts on load when the page was already painted or loaded before the script ran", async () => {
    const browser = fakeBrowser({ readyState: "complete", alreadyPainted: true });
    browser.start("/entry.js", 2000);
    await browser.advance(0);
    expect(browser.inserted).toHaveLength(1);
  });

  it("starts on load where the browser can't report paints", async () => {
    const browser = fakeBrowser({ paintSupported: false });
    browser.start("/entry.js", 2000);
    await browser.load();
    expect(browser.inserted).toHaveLength(1);
  });

  it("starts at the latest a while after load when no paint is ever reported, and only once", async () => {
    const browser = fakeBrowser();
    browser.start("/entry.js", 2000);
    await browser.load();
    await browser.advance(1999);
    expect(browser.inserted).toEqual([]);
    await browser.advance(1);
    expect(browser.inserted).toHaveLength(1);
    await browser.paint("first-contentful-paint");
    expect(browser.inserted).toHaveLength(1);
  });

  it("writes the entry's URL as a string literal that can't end its <script>", async () => {
    const browser = fakeBrowser({ readyState: "complete", paintSupported: false });
    browser.start(`/assets/a"b</script>.js`, 2000);
    expect(islandsStarter(`/assets/a"b</script>.js`, 2000)).not.toContain("</");
    await browser.advance(0);
    expect(browser.inserted[0]?.src).toBe(`/assets/a"b</script>.js`);
  });
});
