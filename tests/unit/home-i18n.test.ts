/**
 * The home page's parts, the rating, the error page, the public rules pages
 * and their structured data in every language (issue 23, decision 030):
 * English word for word as before, Spanish and French translated, figures
 * written as each language writes them.
 */
import { I18nProvider } from "@lingui/react";
import { createElement, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Rating, ratingText, ratingTextIn, reviewsTextIn } from "~/components/ui/rating";
import { HeroCarousel } from "~/features/home/hero";
import { HowItWorks } from "~/features/home/how-it-works";
import { WhyChooseUs } from "~/features/home/why-choose-us";
import { notFound } from "~/features/places/place-lookup.server";
import { organization, service } from "~/features/seo/structured-data";
import { ErrorPage } from "~/features/shell/error-page";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import HowWeRankPage from "~/routes/marketing/how-we-rank";
import ReviewPolicyPage from "~/routes/marketing/review-policy";

function html(locale: Locale, node: ReactNode): string {
  return renderToString(
    createElement(MemoryRouter, null, createElement(I18nProvider, { i18n: i18nFor(locale) }, node)),
  );
}

/** The visible text, tags dropped and entities of the rendered HTML undone. */
function text(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/[ \t\r\n]+/g, " ");
}

/** A route's page component rendered with the loader data it gets. */
function page(locale: Locale, Page: unknown, loaderData: object): string {
  const Component = Page as ComponentType<{ loaderData: object }>;
  return html(locale, createElement(Component, { loaderData }));
}

describe("the home page's parts", () => {
  it("keep their English", () => {
    const hero = html("en", createElement(HeroCarousel));
    expect(hero).toContain("Find Expert Contractors");
    expect(hero).toContain('aria-label="Highlights"');
    expect(hero).toContain('aria-label="Go to slide 2"');
    expect(hero).toContain('aria-label="1 of 3"');
    expect(text(html("en", createElement(HowItWorks)))).toContain(
      "Step 1: Share your project details",
    );
    expect(text(html("en", createElement(WhyChooseUs)))).toContain(
      "Over 15 years of experience matching homeowners",
    );
  });

  it("are in Spanish on Spanish pages", () => {
    const hero = html("es", createElement(HeroCarousel));
    expect(hero).toContain("Encuentre contratistas expertos");
    expect(hero).toContain('aria-label="Ir a la diapositiva 2"');
    expect(hero).toContain('aria-label="1 de 3"');
    expect(hero).toContain("Obtenga su cotización gratis");
    expect(text(html("es", createElement(HowItWorks)))).toContain(
      "Paso 1: Comparta los detalles de su proyecto",
    );
    expect(text(html("es", createElement(WhyChooseUs)))).toContain("Más de 15 años de experiencia");
  });

  it("are in French on French pages", () => {
    const hero = html("fr", createElement(HeroCarousel));
    expect(hero).toContain("Trouvez des entrepreneurs experts");
    expect(hero).toContain('aria-label="1 sur 3"');
    expect(hero).toContain("Obtenez votre soumission gratuite");
    expect(text(html("fr", createElement(HowItWorks)))).toContain(
      "Étape 1\u00a0: Décrivez votre projet",
    );
    expect(text(html("fr", createElement(WhyChooseUs)))).toContain("Réseau d'experts");
  });
});

describe("ratings", () => {
  const figures = { rating: 4.5, reviewCount: 1234, isSample: false };

  it("say the same in English as before", () => {
    const en = i18nFor("en");
    for (const sample of [
      figures,
      { ...figures, reviewCount: 1 },
      { ...figures, isSample: true },
      { ...figures, reviewCount: 0 },
    ]) {
      expect(ratingTextIn(en, sample)).toBe(ratingText(sample));
    }
    expect(html("en", createElement(Rating, { value: 4.8, reviews: 127 }))).toContain(
      'aria-label="Rated 4.8 out of 5 from 127 reviews"',
    );
    expect(html("en", createElement(Rating, { value: 4.8, reviews: 127, sample: true }))).toContain(
      'aria-label="Rated 4.8 out of 5 from 127 reviews (sample rating)"',
    );
  });

  it("are worded and numbered in Spanish and French", () => {
    const es = i18nFor("es");
    const fr = i18nFor("fr");
    expect(ratingTextIn(es, figures)).toBe("4.5 (1,234 reseñas)");
    expect(ratingTextIn(es, { ...figures, reviewCount: 1 })).toBe("4.5 (1 reseña)");
    expect(ratingTextIn(es, { ...figures, reviewCount: 0 })).toBe("Aún no hay reseñas");
    // Canadian French groups thousands with a no-break space and writes a decimal comma.
    expect(ratingTextIn(fr, figures)).toBe("4,5 (1\u00a0234 avis)");
    expect(ratingTextIn(fr, { ...figures, isSample: true })).toBe("4,5 (1\u00a0234 avis fictifs)");
    expect(reviewsTextIn(fr, 2)).toBe("2 avis");
    expect(html("fr", createElement(Rating, { value: 4.8, reviews: 2 }))).toContain(
      'aria-label="Note de 4,8 sur 5 selon 2 avis"',
    );
    expect(html("es", createElement(Rating, { value: 4.8, reviews: 0 }))).toContain(
      "Aún no hay reseñas",
    );
  });
});

describe("the error page and the not-found answer", () => {
  it("speak the page's language", () => {
    expect(text(html("en", createElement(ErrorPage, { status: 404 })))).toContain(
      "Error 404 Page not found",
    );
    expect(text(html("es", createElement(ErrorPage, { status: 404 })))).toContain(
      "Página no encontrada",
    );
    expect(text(html("fr", createElement(ErrorPage, { status: 503 })))).toContain(
      "Nous revenons dans un instant",
    );
    expect(html("fr", createElement(ErrorPage, { status: 404 }))).toContain('href="/fr/"');
  });

  it("answers an unknown city or service in the request's language", () => {
    const thrown = (locale: Locale): unknown => {
      try {
        notFound(locale);
      } catch (error) {
        return error;
      }
      return null;
    };
    // What `throw data(…)` throws: its payload, as the root error page gets it.
    const payload = (locale: Locale): unknown =>
      (thrown(locale) as { data?: unknown } | null)?.data;
    expect(payload("en")).toEqual({
      title: "Page Not Found",
      message: "The requested service or location could not be found.",
    });
    expect(payload("fr")).toEqual({
      title: "Page introuvable",
      message: "Le service ou l'endroit demandé est introuvable.",
    });
  });
});

describe("the public rules pages", () => {
  const siteUrl = "https://trade-match.example";

  it("keep the English of the worked example", () => {
    const body = text(page("en", HowWeRankPage, { siteUrl, maxOffered: 5, locale: "en" }));
    expect(body).toContain("So they are listed in this order: Pro B, then Pro A, then Pro C.");
    expect(body).toContain("2, averaging 5.0");
    expect(body).toContain("Not enough answers (counts as 24 hours)");
    expect(body).toContain("The score is 0.5 × the reviews' part + 0.2 × the answer rate's part");
    expect(body).toContain("Verified reviews (50% of the score).");
    expect(body).toContain("How reliably the pro answers (20%).");
    expect(body).toContain("Fewer than 5 requests (counts as 0.75)");
    expect(body).toContain("6 in 10");
    // The line the page quotes is the cards' own, from the same rounding.
    expect(body).toContain("“Usually answers within 3 hours · answers 9 in 10 requests”");
    expect(body).toContain("a pro answering 96% reads 9 in 10");
  });

  it("work the example in French, with French figures", () => {
    const body = text(page("fr", HowWeRankPage, { siteUrl, maxOffered: 5, locale: "fr" }));
    expect(body).toContain(
      "Ils sont donc présentés dans cet ordre\u00a0: Pro B, puis Pro A, puis Pro C.",
    );
    expect(body).toContain("2, pour une moyenne de 5,0");
    expect(body).toContain("Le pointage est de 0,5 × la part des avis");
    expect(body).toContain("Avis vérifiés (50\u00a0% du pointage).");
    expect(body).toContain("Moins de 5 demandes (compte pour 0,75)");
    expect(body).toContain(
      "«\u00a0Répond habituellement en 3 heures ou moins · répond à 9 demandes sur 10\u00a0»",
    );
    expect(body).toContain("Pas assez de réponses (compte pour 24 heures)");
  });

  it("state the review rules in Spanish, with links to the Spanish pages", () => {
    const markup = page("es", ReviewPolicyPage, { siteUrl, locale: "es" });
    const body = text(markup);
    expect(body).toContain("Política de reseñas");
    expect(body).toContain("Un texto sobre el trabajo, de 20 a 2,000 caracteres.");
    expect(body).toContain("Abusiva o discriminatoria.");
    expect(markup).toContain('href="/es/how-we-rank-pros"');
    expect(markup).toContain(`${siteUrl}/es/review-policy`);
  });
});

describe("structured data", () => {
  it("names the organization's countries and services in the page's language", () => {
    const siteUrl = "https://trade-match.example";
    expect(organization(siteUrl).areaServed.map((c) => c.name)).toEqual([
      "United States",
      "Canada",
    ]);
    const fr = organization(siteUrl, "fr");
    expect(fr.url).toBe(`${siteUrl}/fr/`);
    expect(fr["@id"]).toBe(`${siteUrl}/#organization`);
    expect(fr.areaServed.map((c) => c.name)).toEqual(["États-Unis", "Canada"]);
    expect(fr.knowsAbout).toContain("Toiture");
    const roofing = service(siteUrl, {
      slug: "roofing",
      name: "Techos",
      description: "…",
      offers: [],
      locale: "es",
    });
    expect(roofing.url).toBe(`${siteUrl}/es/roofing`);
    expect(roofing.hasOfferCatalog.name).toBe("Servicios de Techos");
  });
});
