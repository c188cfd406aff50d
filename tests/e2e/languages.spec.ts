/**
 * The site in three languages (issue 23): every page type says its language,
 * names the same page in the others (hreflang, reciprocal, as the sitemap
 * does), the switcher keeps the page, and a visitor's language is offered,
 * never forced.
 */
import { expect, test, type Page } from "./fixtures";
import { visit } from "./hydration";

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
  "/pro/join",
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
    const pathOnly = path.split("?")[0] ?? path;
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
  for (const entry of entries.filter((e) => /\/(es|fr)\/|\/(roofing|privacy)$/.test(e.loc))) {
    // Every alternate is itself listed, and the page says the same.
    for (const alternate of entry.alternates) expect(locs.has(alternate.split(" ")[1] ?? "")).toBe(true);
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
