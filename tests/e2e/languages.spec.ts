/**
 * The site in three languages (issue 23): every page type says its language,
 * names the same page in the others (hreflang, reciprocal, as the sitemap
 * does), the switcher keeps the page, and a visitor's language is offered,
 * never forced.
 */
import { messageIds, wordsOf } from "../support/catalogue";
import { expect, test, type Page } from "./fixtures";
import { accessibilityViolations, visit } from "./hydration";

const PAGE_TYPES = [
  "/",
  "/roofing",
  "/home-renovation",
  "/denver-co",
  "/denver-co/roofing",
  "/search?service=roofing&zip=80202",
  "/login",
  "/privacy",
  "/terms",
  "/review-policy",
  "/how-we-rank-pros",
  "/pros/mile-high-roofing-denver-co",
];

/** The suggestion has read the browser's languages (it shows nothing in the server's HTML). */
async function suggestionLive(page: Page) {
  await page
    .locator('tm-island[data-island="language-suggestion"][data-hydrated]')
    .waitFor({ state: "attached" });
}

const LANG = { en: "en", es: "es", fr: "fr-CA" } as const;
const prefixed = (locale: keyof typeof LANG, path: string) =>
  locale === "en" ? path : path === "/" ? `/${locale}/` : `/${locale}${path}`;

/** What a page's HTML says of its language: <html lang>, canonical, alternates. */
function languageTags(html: string) {
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const alternates = [
    ...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/?>/gi),
  ].map(([, hreflang, href]) => `${hreflang} ${href}`);
  return { lang, canonical, alternates: alternates.sort() };
}

test("every page type, in every language, names the others and is named back", async ({
  request,
  baseURL,
}) => {
  for (const path of PAGE_TYPES) {
    // A search's canonical page is the listing it shows (it is not indexed itself).
    const pathOnly = path.startsWith("/search")
      ? "/denver-co/roofing"
      : (path.split("?")[0] ?? path);
    const expected = [
      `en ${baseURL}${pathOnly}`,
      `es ${baseURL}${prefixed("es", pathOnly)}`,
      `fr ${baseURL}${prefixed("fr", pathOnly)}`,
      `x-default ${baseURL}${pathOnly}`,
    ].sort();
    for (const locale of ["en", "es", "fr"] as const) {
      const response = await request.get(prefixed(locale, path));
      expect(response.status(), prefixed(locale, path)).toBe(200);
      const tags = languageTags(await response.text());
      expect(tags.lang, path).toBe(LANG[locale]);
      expect(tags.alternates, prefixed(locale, path)).toEqual(expected);
      if (!path.includes("?")) expect(tags.canonical).toBe(`${baseURL}${prefixed(locale, path)}`);
    }
  }
});

test("the sitemap lists each page in every language with the alternates the page names", async ({
  request,
  baseURL,
}) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map(
    ([, loc = "", rest = ""]) => ({
      loc,
      alternates: [...rest.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)]
        .map(([, hreflang, href]) => `${hreflang} ${href}`)
        .sort(),
    }),
  );
  const locs = new Set(entries.map((entry) => entry.loc));
  for (const page of ["/", "/es/", "/fr/", "/roofing", "/es/roofing", "/fr/privacy"]) {
    expect(locs.has(`${baseURL}${page}`), page).toBe(true);
  }
  // Every alternate of every entry is itself listed.
  for (const entry of entries) {
    for (const alternate of entry.alternates)
      expect(locs.has(alternate.split(" ")[1] ?? ""), entry.loc).toBe(true);
  }
  // Each page type, in each language, says of itself what the sitemap says of it.
  const types = new Set(PAGE_TYPES.map((path) => path.split("?")[0]));
  const sampled = entries.filter((entry) =>
    types.has(new URL(entry.loc).pathname.replace(/^\/(es|fr)(?=\/)/, "")),
  );
  // The nine the sitemap lists (not sign-in, a search or a sample profile), in three languages.
  expect(sampled.length).toBe(9 * 3);
  for (const entry of sampled) {
    const html = await (await request.get(entry.loc.replace(baseURL ?? "", ""))).text();
    expect(languageTags(html).alternates, entry.loc).toEqual(entry.alternates);
  }
});

test("the language switcher keeps the page", async ({ page }) => {
  await visit(page, "/fr/denver-co/roofing");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
  const languages = page.getByRole("contentinfo").getByRole("navigation", { name: "Langue" });
  await expect(languages.getByRole("link", { name: "Français" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await languages.getByRole("link", { name: "Español" }).click();
  await expect(page).toHaveURL("/es/denver-co/roofing");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page
    .getByRole("contentinfo")
    .getByRole("navigation", { name: "Idioma" })
    .getByRole("link", { name: "English" })
    .click();
  await expect(page).toHaveURL("/denver-co/roofing");
});

test("a French browser is offered French, never sent there, and the choice is remembered", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "fr-CA" });
  const page = await context.newPage();
  await visit(page, "/roofing");
  await expect(page).toHaveURL("/roofing");
  const offer = page.getByRole("region", { name: "Cette page existe aussi en français." });
  await expect(offer).toBeVisible();
  await offer.getByRole("link", { name: "La lire en français" }).click();
  await expect(page).toHaveURL("/fr/roofing");
  await page.waitForSelector("html[data-hydrated]");
  await expect(page.getByRole("region", { name: /existe aussi|also in English/ })).toHaveCount(0);

  // The choice outlives the page: an English page offers French again.
  await visit(page, "/denver-co");
  const again = page.getByRole("region", { name: "Cette page existe aussi en français." });
  await expect(again).toBeVisible();
  await again.getByRole("button", { name: "Non merci" }).click();
  await expect(again).toHaveCount(0);
  // "No, thanks" on an English page is a choice of English: nothing more is offered.
  await visit(page, "/plumbing");
  await suggestionLive(page);
  await expect(page.getByRole("region", { name: /existe aussi/ })).toHaveCount(0);
  await context.close();
});

test("choosing Français in the switcher replaces a Spanish choice, even before the page is live", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "es-MX" });
  const page = await context.newPage();
  await visit(page, "/roofing");
  const offer = page.getByRole("region", { name: "Esta página también está en español." });
  await offer.getByRole("link", { name: "Leerla en español" }).click();
  await expect(page).toHaveURL("/es/roofing");
  // The switcher's link, clicked before the offer's island has loaded (held back here).
  const island = /\/assets\/language-suggestion-[^/]*\.js/;
  await page.route(island, (route) => route.abort());
  await page.goto("/es/denver-co");
  await page
    .getByRole("contentinfo")
    .getByRole("navigation", { name: "Idioma" })
    .getByRole("link", { name: "Français" })
    .click();
  await expect(page).toHaveURL("/fr/denver-co");
  await page.unroute(island);
  await page.reload();
  await suggestionLive(page);
  await expect(page.getByRole("region", { name: /también está en español/ })).toHaveCount(0);
  // Remembered: an English page now offers French, not Spanish.
  await visit(page, "/plumbing");
  await expect(
    page.getByRole("region", { name: "Cette page existe aussi en français." }),
  ).toBeVisible();
  await context.close();
});

test("a visitor whose browser reads none of our languages is offered nothing", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  await visit(page, "/es/roofing");
  await suggestionLive(page);
  await expect(page.getByRole("region", { name: /also in English|existe aussi/ })).toHaveCount(0);
  await context.close();
});

/** Page types a visitor meets before signing in, in a language. */
const PUBLIC_PAGES = [...PAGE_TYPES, "/no-such-page/at-all"];

/**
 * English words no Spanish or French sentence of ours has: a text that
 * contains one was left untranslated. Sample businesses' own texts are
 * marked `lang="en"` and skipped, as a screen reader reads them in English.
 */
const ENGLISH =
  /(?<![\p{L}\p{N}_-])(the|and|your|you|with|from|this|that|our|are|will|have|has|not|here|about|request|requests|quote|quotes|get|find|choose|send|see|view|more|back|next|close|search|reviews?|contractors?|sign|signed|free|near|how|what|why|who|when|which|yes|of|to|in|for|by|is|it|be|we)(?![\p{L}\p{N}_-])/u;

/** Capitalised too ("The", "Sign in"): the words as a sentence may start with them. */
const ENGLISH_CAPITALISED = new RegExp(
  ENGLISH.source.replace(
    /\(([a-z|?]+)\)/,
    (_all, words: string) =>
      `(${words
        .split("|")
        .map((word) => `[${word.charAt(0)}${word.charAt(0).toUpperCase()}]${word.slice(1)}`)
        .join("|")})`,
  ),
  "u",
);

/**
 * The words a translation may quote in English on purpose: a term or a law's
 * name in parentheses, or in quotation marks (a subject line to write).
 */
const QUOTED = /\([^)]*\)|"[^"]*"|«[^»]*»|“[^”]*”/g;

/** Visible texts and read-out attributes of the page in a language other than its own. */
async function leftovers(page: Page, ids: ReadonlySet<string>) {
  const texts = await page.evaluate(() => {
    const lang = document.documentElement.lang;
    const foreign = (element: Element | null) => {
      const marked = element?.closest("[lang]");
      return marked !== null && marked !== undefined && marked.getAttribute("lang") !== lang;
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? "";
      if (!parent || text === "" || foreign(parent)) continue;
      if (parent.closest("script, style, template, noscript")) continue;
      const style = getComputedStyle(parent);
      if (style.display === "none" || style.visibility === "hidden") continue;
      found.push(text);
    }
    for (const element of document.body.querySelectorAll(
      "[aria-label], [placeholder], [title], img[alt]",
    )) {
      if (foreign(element)) continue;
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    found.push(document.title);
    return found;
  });
  return texts.filter(
    (text) =>
      ENGLISH_CAPITALISED.test(text.replace(/TradeMatch/g, "").replace(QUOTED, "")) ||
      text.split(/[^\p{L}\p{N}_-]+/u).some((word) => ids.has(word)),
  );
}

for (const locale of ["es", "fr"] as const) {
  test.describe(`in ${locale === "es" ? "Spanish" : "French"}`, () => {
    test("every page type reads in the language, with no English left, no message ids, and axe finds nothing", async ({
      page,
    }) => {
      test.slow();
      const ids = await messageIds();
      for (const path of PUBLIC_PAGES) {
        await visit(page, prefixed(locale, path));
        await expect(page.locator("html")).toHaveAttribute("lang", LANG[locale]);
        expect(await leftovers(page, ids), prefixed(locale, path)).toEqual([]);
        expect(await accessibilityViolations(page), prefixed(locale, path)).toEqual([]);
      }
    });

    test("a homeowner's and a pro's pages read in the language, and axe finds nothing", async ({
      browser,
    }) => {
      test.slow();
      const say = await wordsOf(locale);
      const ids = await messageIds();
      const pages = {
        [say("Sign in with Google")]: [
          "/dashboard",
          "/dashboard/messages",
          "/dashboard/schedule",
          "/dashboard/emails",
          "/dashboard/documents",
          "/dashboard/data",
          "/dashboard/new",
        ],
        [say("Sign in as a demo contractor")]: [
          "/pro",
          "/pro/reviews",
          "/pro/profile",
          "/pro/schedule",
        ],
      };
      for (const [button, paths] of Object.entries(pages)) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`/${locale}/login`);
        await page.getByRole("button", { name: button }).click();
        await expect(page).toHaveURL(new RegExp(`/${locale}/(dashboard|pro)`));
        for (const path of paths) {
          await visit(page, `/${locale}${path}`);
          await expect(page.locator("html")).toHaveAttribute("lang", LANG[locale]);
          expect(await leftovers(page, ids), `/${locale}${path}`).toEqual([]);
          expect(await accessibilityViolations(page), `/${locale}${path}`).toEqual([]);
        }
        // A project of the demo homeowner's, in the language.
        if (paths[0] === "/dashboard") {
          await visit(page, `/${locale}/dashboard`);
          await page
            .getByRole("link", { name: say("Kitchen Remodel") })
            .first()
            .click();
          await expect(page).toHaveURL(new RegExp(`/${locale}/dashboard/projects/`));
          await page.waitForSelector("html[data-hydrated]");
          expect(await leftovers(page, ids)).toEqual([]);
          expect(await accessibilityViolations(page)).toEqual([]);
        }
        await context.close();
      }
    });

    test("a homeowner goes from the home page to a sent request in the language", async ({
      browser,
    }) => {
      const say = await wordsOf(locale);
      const context = await browser.newContext({ locale: locale === "es" ? "es-US" : "fr-CA" });
      const page = await context.newPage();

      // Home → a category, from the header.
      await visit(page, `/${locale}/`);
      await page
        .getByRole("navigation", { name: say("Services") })
        .first()
        .getByRole("link", { name: say("Roofing") })
        .click();
      await expect(page).toHaveURL(`/${locale}/roofing`);

      // The location picker, in the language, to a city in the language.
      await page.waitForSelector("html[data-hydrated]");
      await page.getByRole("button", { name: say("Choose your city") }).click();
      const picker = page.getByRole("dialog", { name: say("Select your location") });
      await picker.getByRole("button", { name: "Denver, CO" }).click();
      await expect(page).toHaveURL(new RegExp(`^.*/${locale}/denver-co(/roofing)?$`));

      // A listing.
      await visit(page, `/${locale}/denver-co/roofing`);
      await expect(page.locator("html")).toHaveAttribute("lang", LANG[locale]);

      // Sign in from the header, back to the dashboard in the language.
      await page
        .getByRole("banner")
        .getByRole("link", { name: say("Sign in") })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/login`));
      await page.getByRole("button", { name: say("Sign in with Google") }).click();
      await expect(page).toHaveURL(`/${locale}/dashboard`);
      await expect(page.getByRole("heading", { level: 1, name: say("My Projects") })).toBeVisible();

      // A quote request from the home page, to the pros chosen, all in the language.
      await visit(page, `/${locale}/`);
      const form = page.getByRole("form", { name: say("Get Your Quote") });
      await form.getByRole("textbox", { name: say("Your name") }).fill("Robin Langues");
      await form.getByRole("textbox", { name: say("Email") }).fill("robin@example.com");
      await form.getByRole("textbox", { name: say("Phone") }).fill("(720) 555-0122");
      await form.getByRole("textbox", { name: say("ZIP or postal code") }).fill("80202");
      await form.getByRole("combobox", { name: say("Project type") }).selectOption(say("Roofing"));
      await form.getByRole("textbox", { name: say("Project details") }).fill("Tejas / bardeaux.");
      await form.getByRole("checkbox", { name: /TradeMatch/ }).check();
      await form.getByRole("button", { name: say("Get Your Quote") }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/search\\?`));
      await expect(
        page.getByRole("heading", { name: say("Choose who gets your request") }),
      ).toBeVisible();
      await page
        .getByRole("group", { name: say("Pros who serve your area") })
        .getByRole("checkbox")
        .first()
        .check();
      await page.getByRole("button", { name: say("Continue") }).click();
      await expect(page.getByRole("heading", { name: say("Send your request") })).toBeVisible();
      await page.getByRole("checkbox", { name: /TradeMatch/ }).check();
      await page.getByRole("button", { name: say("Send my request") }).click();
      await expect(
        page.getByText(say("Your request was sent to the pros you chose.")),
      ).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/${locale}/`));
      expect(await leftovers(page, await messageIds())).toEqual([]);
      await context.close();
    });
  });
}
