import { describe, expect, it } from "vitest";
import { canonicalLocation, pageCacheKey } from "../../server/http/canonical";
import { languageAlternates } from "~/lib/meta";
import { localeOfPath, localizePath, unlocalizedPath } from "~/lib/locale-path";
import { inEveryLanguage, urlSet } from "~/features/seo/sitemap.server";
import { pageIn } from "~/features/shell/language-switcher";
import {
  chosenOnArrival,
  languageToOffer,
  preferredLanguage,
} from "~/features/shell/language-suggestion";

const SITE = "https://site.example";

describe("paths in a language", () => {
  it.each([
    ["/", "en", "/"],
    ["/es/", "es", "/"],
    ["/es/roofing", "es", "/roofing"],
    ["/fr/denver-co/roofing", "fr", "/denver-co/roofing"],
    ["/espanola-nm", "en", "/espanola-nm"],
    ["/en/roofing", "en", "/en/roofing"],
  ])("%s is %s, %s in English", (path, locale, base) => {
    expect(localeOfPath(path)).toBe(locale);
    expect(unlocalizedPath(path)).toBe(base);
  });

  it("puts a path in a language once, the home page with its slash", () => {
    expect(localizePath("/", "es")).toBe("/es/");
    expect(localizePath("/#quote", "fr")).toBe("/fr/#quote");
    expect(localizePath("/dashboard?x=1", "fr")).toBe("/fr/dashboard?x=1");
    expect(localizePath("/es/roofing", "fr")).toBe("/es/roofing");
    expect(localizePath("/roofing", "en")).toBe("/roofing");
    expect(localizePath("//evil.example", "es")).toBe("//evil.example");
    expect(localizePath("https://x.example/", "es")).toBe("https://x.example/");
  });

  it("the switcher keeps the path and the query", () => {
    expect(pageIn("fr", "/es/search?service=roofing&zip=80202")).toBe(
      "/fr/search?service=roofing&zip=80202",
    );
    expect(pageIn("en", "/fr/")).toBe("/");
    expect(pageIn("es", "/")).toBe("/es/");
    expect(pageIn("es", "/pros/acme-roofing")).toBe("/es/pros/acme-roofing");
    expect(pageIn("es", "/pros/acme-roofing?reviews=2&utm_source=x")).toBe(
      "/es/pros/acme-roofing?reviews=2",
    );
    expect(pageIn("fr", "/no-such-page?q=<b>x</b>")).toBe("/fr/no-such-page");
  });
});

describe("canonical paths in every language", () => {
  it.each([
    ["/es", "/es/"],
    ["/es?x=1", "/es/"],
    ["/ES/", "/es/"],
    ["/es/roofing/", "/es/roofing"],
    ["/fr/Roofing?utm=1", "/fr/roofing"],
    ["/fr/Denver-CO/Roofing", "/fr/denver-co/roofing"],
    ["/es/search/?service=roofing", "/es/search?service=roofing"],
  ])("%s → %s", (from, to) => {
    expect(canonicalLocation(from)).toBe(to);
  });

  it.each(["/es/", "/fr/", "/es/roofing", "/fr/denver-co/roofing", "/es/search?zip=80202"])(
    "%s is canonical already",
    (url) => expect(canonicalLocation(url)).toBeNull(),
  );

  it("keeps a language's pages in the cache under their own paths", () => {
    const anyRoute = () => true;
    expect(pageCacheKey("/es/", anyRoute)).toBe("/es/");
    expect(pageCacheKey("/fr/search?zip=1&service=paint", anyRoute)).toBe(
      "/fr/search?service=paint&zip=1",
    );
    expect(pageCacheKey("/fr/roofing?utm=1", anyRoute)).toBeNull();
  });
});

describe("hreflang", () => {
  it("names the page in every language and English as x-default, from any of them", () => {
    const expected = [
      { hreflang: "en", href: `${SITE}/denver-co` },
      { hreflang: "es", href: `${SITE}/es/denver-co` },
      { hreflang: "fr", href: `${SITE}/fr/denver-co` },
      { hreflang: "x-default", href: `${SITE}/denver-co` },
    ];
    for (const path of ["/denver-co", "/es/denver-co", "/fr/denver-co"]) {
      expect(languageAlternates(SITE, path)).toEqual(expected);
    }
  });

  it("lists every page in every language in the sitemap, with the same alternates", () => {
    const paths = inEveryLanguage(["/", "/roofing"]);
    expect(paths).toEqual(["/", "/es/", "/fr/", "/roofing", "/es/roofing", "/fr/roofing"]);
    const xml = urlSet(SITE, paths);
    expect(xml.match(/<url>/g)).toHaveLength(6);
    const frHome = /<url><loc>https:\/\/site\.example\/fr\/<\/loc>(.*?)<\/url>/.exec(xml)?.[1];
    expect(frHome).toBe(
      [
        `<xhtml:link rel="alternate" hreflang="en" href="${SITE}/"/>`,
        `<xhtml:link rel="alternate" hreflang="es" href="${SITE}/es/"/>`,
        `<xhtml:link rel="alternate" hreflang="fr" href="${SITE}/fr/"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/"/>`,
      ].join(""),
    );
  });
});

describe("the language suggestion", () => {
  it("offers the browser's first language we have, on a page in another", () => {
    expect(preferredLanguage(["de-DE", "fr-CA", "en"])).toBe("fr");
    expect(languageToOffer("en", null, ["es-MX", "en-US"])).toBe("es");
    expect(languageToOffer("es", null, ["es-US"])).toBeNull();
    expect(languageToOffer("en", null, ["de-DE"])).toBeNull();
  });

  it("prefers the visitor's own choice to the browser's", () => {
    expect(languageToOffer("es", "en", ["es-MX"])).toBe("en");
    expect(languageToOffer("en", "en", ["fr-CA"])).toBeNull();
  });
});

describe("a language chosen by arriving from the same page in another", () => {
  const here = new URL("https://trade-match.example/fr/denver-co/roofing");

  it("is this page's language when the visitor came from the same page in Spanish", () => {
    expect(chosenOnArrival("https://trade-match.example/es/denver-co/roofing", here)).toBe("fr");
    expect(
      chosenOnArrival(
        "https://trade-match.example/denver-co/roofing?service=roofing",
        new URL("https://trade-match.example/es/denver-co/roofing?service=roofing"),
      ),
    ).toBe("es");
    expect(
      chosenOnArrival(
        "https://trade-match.example/fr/denver-co",
        new URL("https://trade-match.example/denver-co"),
      ),
    ).toBe("en");
  });

  it("is nothing from another page, another site, the same language or no referrer", () => {
    expect(chosenOnArrival("https://trade-match.example/es/denver-co", here)).toBeNull();
    expect(chosenOnArrival("https://evil.example/es/denver-co/roofing", here)).toBeNull();
    expect(chosenOnArrival("https://trade-match.example/fr/denver-co/roofing", here)).toBeNull();
    expect(chosenOnArrival("", here)).toBeNull();
  });
});
