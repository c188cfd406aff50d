/**
 * Performance budgets, measured deterministically from the build (bytes and
 * counts, never times): compressed JavaScript and requests on a first visit
 * per page type, compressed HTML per page, the largest image, and the first
 * 14 KB of every page type carrying its heading and main image.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, constants } from "node:zlib";
import { expect, test, type Page } from "./fixtures";
import { signInWithoutThePage } from "./people";
import { phone } from "../support/phone";

const KIB = 1024;

/**
 * First visit, fresh cache: compressed bytes as the browser received them.
 * Issue 19 caps JavaScript at 85 KB on any content page and 135 KB on the
 * dashboard. Content pages hydrate only their islands, on React (decisions
 * 010, 021); each budget sits just above today's figure so none can creep up
 * unnoticed. Languages (issue 23, decision 030) added Lingui's runtime and
 * each page's catalogue part: about 7 KB on content pages (the islands'
 * messages), 18 KB on the dashboard (its area's too), in every language.
 */
const CONTENT_PAGE_JS_CAP = 85 * 1000;
const DASHBOARD_JS_CAP = 135 * 1000;
/**
 * Today's dashboard (128 KiB in English) and a little room; issue 33's
 * project steps (Not going ahead, Remove this pro, the consent's data-page
 * link) took the last of it, so 1 KiB more; issue 34's visit links on the
 * project page (the visit's state and time in its zone) took it to 134.2 KB,
 * so the budget is now the cap itself: the next feature must make room.
 * Issue 43's loops took it past (135.3 KB); a project's pages got their own
 * catalogue part (decision 050), and the outbox's kinds left the browser:
 * 132.0 KB.
 */
const DASHBOARD_JS_BUDGET = DASHBOARD_JS_CAP;

/**
 * One form contract (issue 32) moved the lead forms' common parts (bound
 * fields, the form's frame, contact fields, consent and button) into the code
 * islands share: each form's own chunk shrank by 1.0 to 1.4 KB, the shared
 * chunk grew by 2.4 KB, and a page with one form or none carries about 0.5 KB
 * more compressed. The budgets below rose by 1 KiB for it, all still under
 * the cap.
 */
const PAGE_BUDGETS = [
  { type: "home", picture: true, path: "/", js: 82 * KIB, requests: 20, html: 18 * KIB },
  { type: "category", picture: true, path: "/roofing", js: 81 * KIB, requests: 23, html: 21 * KIB },
  {
    type: "long category",
    picture: true,
    path: "/home-renovation",
    js: 81 * KIB,
    requests: 21,
    html: 25 * KIB,
  },
  { type: "city", picture: true, path: "/denver-co", js: 81 * KIB, requests: 22, html: 15 * KIB },
  { type: "listing", path: "/denver-co/roofing", js: 81 * KIB, requests: 21, html: 13 * KIB },
  {
    type: "search",
    path: "/search?service=roofing&zip=80202",
    js: 81 * KIB,
    requests: 21,
    html: 13 * KIB,
  },
  { type: "sign-in", path: "/login", js: 81 * KIB, requests: 14, html: 9 * KIB },
  // The same budgets hold in Spanish and French (issue 23).
  { type: "Spanish home", picture: true, path: "/es/", js: 82 * KIB, requests: 20, html: 18 * KIB },
  // French words are the longest: this page reached 82,984 B with the language choice
  // remembered (main at 3615b08), 83,080 B with issue 43's request form and answers.
  {
    type: "French category",
    picture: true,
    path: "/fr/roofing",
    js: 81.25 * KIB,
    requests: 23,
    html: 23 * KIB,
  },
  {
    type: "French listing",
    path: "/fr/denver-co/roofing",
    js: 81 * KIB,
    requests: 21,
    html: 13 * KIB,
  },
  { type: "Spanish sign-in", path: "/es/login", js: 81 * KIB, requests: 14, html: 9 * KIB },
] as const;

/** Compressed bytes of the JavaScript a page fetched (as the browser received it). */
async function scriptBytes(page: Page): Promise<{ js: number; requests: number }> {
  const resources = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => ({
      name: entry.name,
      bytes: (entry as PerformanceResourceTiming).encodedBodySize,
    })),
  );
  const js = resources
    .filter((r) => new URL(r.name).pathname.endsWith(".js"))
    .reduce((sum, r) => sum + r.bytes, 0);
  return { js, requests: resources.length + 1 };
}

/** The page as the server sends it to a browser that accepts gzip (compressed bytes). */
async function compressedPage(url: string): Promise<Buffer> {
  const { request } = await import("node:http");
  return new Promise<Buffer>((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve(Buffer.concat(chunks)));
    });
    req.on("error", reject);
    req.end();
  });
}

const LARGEST_IMAGE_BYTES = 150_000;

for (const budget of PAGE_BUDGETS) {
  test(`${budget.type} page (${budget.path}) stays within its budget`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(budget.path, { waitUntil: "networkidle" });
    const { js, requests } = await scriptBytes(page);
    const resources = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => ({ name: entry.name })),
    );
    await context.close();
    expect(js, `${budget.path}: compressed JavaScript`).toBeLessThanOrEqual(budget.js);
    expect(budget.js).toBeLessThanOrEqual(CONTENT_PAGE_JS_CAP);
    expect(requests, `${budget.path}: requests`).toBeLessThanOrEqual(budget.requests);
    // Preloaded by a Link header and by the page's own tag: one request, not two.
    const fonts = resources.filter((r) => new URL(r.name).pathname.endsWith(".woff2"));
    expect(fonts, `${budget.path}: font requests`).toHaveLength(1);

    const html = await compressedPage(`${baseURL ?? ""}${budget.path}`);
    expect(html.length, `${budget.path}: compressed HTML`).toBeLessThanOrEqual(budget.html);
  });
}

/** The page as a browser that accepts brotli gets it: the bytes of its header block and its body. */
async function brotliResponse(url: string): Promise<{ headerBytes: number; body: Buffer }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": "br" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        let head = `HTTP/1.1 ${String(res.statusCode)} ${res.statusMessage ?? ""}\r\n`;
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          head += `${res.rawHeaders[i] ?? ""}: ${res.rawHeaders[i + 1] ?? ""}\r\n`;
        }
        resolve({ headerBytes: Buffer.byteLength(`${head}\r\n`), body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * What a browser can decode from the first 14 KB the server sends (one TCP
 * round trip of a new connection: ten segments), headers included.
 */
async function firstWindow(url: string): Promise<{ first: string; page: string }> {
  const { headerBytes, body } = await brotliResponse(url);
  const page = brotliDecompressSync(body).toString();
  const first = brotliDecompressSync(body.subarray(0, 14 * KIB - headerBytes), {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
  }).toString();
  return { first, page };
}

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

for (const budget of PAGE_BUDGETS) {
  test(`everything the ${budget.type} page's first screen needs is in its first 14 KB`, async ({
    browser,
    baseURL,
  }) => {
    const { first, page: html } = await firstWindow(`${baseURL ?? ""}${budget.path}`);
    // The whole inline stylesheet and the font preload.
    expect(first, `${budget.path}: the inline stylesheet`).toMatch(/<style>[\s\S]*?<\/style>/);
    expect(/<style>([\s\S]*?)<\/style>/.exec(first)?.[1]).toBe(
      /<style>([\s\S]*?)<\/style>/.exec(html)?.[1],
    );
    const font = /<link rel="preload"[^>]*as="font"[^>]*>/.exec(html)?.[0];
    expect(font, `${budget.path}: a font preload`).toBeDefined();
    expect(first, `${budget.path}: the font preload`).toContain(font);
    // Pages that open on a big picture preload it, and the preload is there too.
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
    if ("picture" in budget) expect(preload, `${budget.path}: main image preload`).toBeDefined();
    if (preload) expect(first, `${budget.path}: main image preload`).toContain(preload);

    // Every text a phone shows on the first screen, as the server sent the page.
    const context = await browser.newContext({ ...phone(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(budget.path);
    const shown = await page.evaluate(() => {
      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? "";
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.width > 0 && box.top < innerHeight && box.bottom > 0) texts.push(text);
      }
      return texts;
    });
    const firstText = await page.evaluate(
      (prefix) => new DOMParser().parseFromString(prefix, "text/html").body.textContent,
      first,
    );
    await context.close();
    expect(shown.length, `${budget.path}: text on the first screen`).toBeGreaterThan(3);
    for (const text of shown) {
      expect(normalize(firstText), `${budget.path}: "${text}"`).toContain(normalize(text));
    }
  });
}

/**
 * On a phone the page's main picture is the only image fetched at high
 * priority. Chrome raises an image it finds on the first screen to high once
 * it has laid the page out; a card peeking in under the hero stays low
 * instead (Picture), so it never shares the connection with the hero picture
 * before the first paint.
 */
test.describe("on a phone", () => {
  test.use(phone());

  for (const budget of PAGE_BUDGETS.filter((entry) => "picture" in entry)) {
    test(`the ${budget.type} page (${budget.path}) fetches only its main picture at high priority`, async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page);
      const images = new Map<string, { path: string; priority: string }>();
      cdp.on("Network.requestWillBeSent", (event) => {
        if (event.type !== "Image") return;
        const url = new URL(event.request.url);
        images.set(event.requestId, {
          path: url.pathname,
          priority: event.request.initialPriority,
        });
      });
      const done = new Set<string>();
      cdp.on("Network.loadingFinished", (event) => done.add(event.requestId));
      cdp.on("Network.loadingFailed", (event) => done.add(event.requestId));
      cdp.on("Network.resourceChangedPriority", (event) => {
        const image = images.get(event.requestId);
        if (image) image.priority = event.newPriority;
      });
      await cdp.send("Network.enable");
      await page.goto(budget.path, { waitUntil: "networkidle" });
      // Chrome asks for the lazy pictures near the first screen once it has laid the page
      // out, which a busy machine can leave until after the network first goes quiet.
      await expect
        .poll(() => images.size, { message: `${budget.path}: pictures besides the main one` })
        .toBeGreaterThan(1);
      await expect
        .poll(() => [...images.keys()].filter((id) => !done.has(id)), {
          message: `${budget.path}: pictures still loading`,
        })
        .toEqual([]);

      const high = [...images.values()]
        .filter((image) => image.priority === "High" || image.priority === "VeryHigh")
        .map((image) => image.path);
      expect(high, `${budget.path}: images fetched at high priority`).toHaveLength(1);
      const preloaded = await page
        .locator('link[rel="preload"][as="image"]')
        .getAttribute("imagesrcset");
      expect(preloaded, `${budget.path}: the high-priority image is the main one`).toContain(
        `${high[0] ?? ""} `,
      );
    });
  }
});

test("the dashboard, hydrated whole by React Router, stays within its budget", async ({
  browser,
}) => {
  const context = await browser.newContext();
  await signInWithoutThePage(await context.newPage());
  // A first visit: the dashboard loaded afresh, signed in, with nothing in the cache.
  const fresh = await browser.newContext({ storageState: await context.storageState() });
  const dashboard = await fresh.newPage();
  await dashboard.goto("/dashboard", { waitUntil: "networkidle" });
  const { js } = await scriptBytes(dashboard);
  await fresh.close();
  await context.close();
  expect(js, "/dashboard: compressed JavaScript").toBeLessThanOrEqual(DASHBOARD_JS_BUDGET);
  expect(DASHBOARD_JS_BUDGET).toBeLessThanOrEqual(DASHBOARD_JS_CAP);
});

/**
 * A module graph is evaluated in one task. The islands entry brings only
 * React (and its own few lines); the code islands share is evaluated with
 * the first island that needs it, in a later task, and may not grow into one
 * long task (uncompressed bytes, what the engine parses). React's own chunk
 * is what it is: most of it is functions the engine compiles when first
 * called. The languages (issue 23) brought Lingui's React bindings into the
 * shared code: 35.7 KB from 32 KiB, for a Total Blocking Time of 0 to 17 ms
 * in Lighthouse's mobile runs of /, /es/ and /fr/roofing. Until its chunk got
 * a name of its own, this read a catalogue part also called "islands". The
 * lead forms' common parts (issue 32) brought it to 38.1 KB; the consent's
 * link to the data page (issue 33: how to withdraw, beside every consent) to
 * 38.2 KB; a refused form that opens on its answer, its consent box as it was
 * sent (issue 43), to 38.6 KB.
 */
const MAX_EVALUATED_AT_ONCE = 38.75 * KIB;

test("content pages' scripts are evaluated in small pieces: React first, shared island code with the first island", () => {
  const assets = path.resolve("build/client/assets");
  const files = readdirSync(assets);
  const chunk = (prefix: string) => {
    const name = files.find((file) => file.startsWith(`${prefix}-`) && file.endsWith(".js"));
    expect(name, `a ${prefix} chunk in the build`).toBeDefined();
    return path.join(assets, name ?? "");
  };
  const entry = readFileSync(chunk("entry.islands"), "utf8");
  const staticImports = [...entry.matchAll(/import(?:\{[^}]*\}from)?\s*"\.\/([^"]+)"/g)].map(
    ([, file]) => file ?? "",
  );
  expect(staticImports.length).toBeGreaterThan(0);
  for (const file of staticImports) expect(file).toMatch(/^(react|rolldown-runtime)-/);
  expect(statSync(chunk("island-shared")).size, "shared island code").toBeLessThanOrEqual(
    MAX_EVALUATED_AT_ONCE,
  );
});

test("the browser runs React itself, not a stand-in", () => {
  const packages = JSON.parse(readFileSync("build/client-packages.json", "utf8")) as string[];
  expect(packages).toEqual(expect.arrayContaining(["react", "react-dom", "scheduler"]));
  expect(packages.filter((name) => /preact/.test(name))).toEqual([]);
});

test("no image in the build is over its budget", () => {
  const root = path.resolve("build/client/images");
  let largest = { file: "", bytes: 0 };
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = statSync(file).size;
    if (bytes > largest.bytes) largest = { file, bytes };
  }
  expect(largest.bytes, largest.file).toBeLessThanOrEqual(LARGEST_IMAGE_BYTES);
});

/**
 * A part of a page below the first screen (`below-fold`) is skipped until it
 * nears the viewport, at an estimated height. One estimated shorter than it
 * is on a phone pulls what follows it near the first screen (the browser then
 * lays that out before the first paint), and checkers that read positions
 * before it is drawn see its text over the parts after it (Lighthouse's
 * contrast audit failed the home renovation tips so). Decision 015.
 */
for (const width of [360, 412]) {
  test.describe(`on a ${width.toString()} px phone, parts below the first screen`, () => {
    test.use(phone(width, 800, 2));

    for (const path of [
      "/roofing",
      "/home-renovation",
      "/pools",
      "/denver-co",
      "/",
      // Contractor cards, each estimated from what it shows (issue 42 #13).
      "/denver-co/roofing",
      "/es/denver-co/roofing",
      "/search?service=roofing&zip=80202",
    ]) {
      test(`are estimated at no less than their height (${path})`, async ({ page }) => {
        await page.goto(path);
        const parts = await page.evaluate(async () => {
          const below = [...document.querySelectorAll<HTMLElement>(".below-fold")].filter(
            // The footer is last: nothing follows it.
            (element) => element.tagName !== "FOOTER",
          );
          const estimates = below.map((element) =>
            Number.parseFloat(
              getComputedStyle(element).containIntrinsicBlockSize.replace("auto", ""),
            ),
          );
          for (const element of below) element.style.contentVisibility = "visible";
          await new Promise((resolve) => requestAnimationFrame(resolve));
          return below.map((element, i) => ({
            part: element.id || element.getAttribute("aria-labelledby") || element.className,
            estimate: estimates[i] ?? 0,
            real: Math.round(element.getBoundingClientRect().height),
          }));
        });
        expect(parts.length).toBeGreaterThan(0);
        for (const part of parts) {
          expect(
            part.estimate,
            `${path} ${part.part}: real height ${part.real.toString()} px`,
          ).toBeGreaterThanOrEqual(part.real * 0.98);
        }
      });
    }
  });
}
