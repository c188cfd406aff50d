/**
 * The pro's pages in Spanish and French (issue 23): the quote form's checks
 * answer in the page's language (and read a French amount as French), and the
 * figures card words, counts and dates its figures in it. English stays word
 * for word what it was.
 */
import { I18nProvider } from "@lingui/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProFigures } from "~/features/marketplace/pro-stats";
import {
  chartOf,
  chartSummary,
  figureRows,
  responseTime,
} from "~/features/marketplace/pro-stats-words";
import type { Bucket, PeriodFigures, ProStats } from "~/features/marketplace/pro-stats.server";
import { quoteSchema, quoteSchemaIn } from "~/features/marketplace/quotes.server";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";

const NBSP = "\u00a0";

function quoteInput(overrides: Record<string, string> = {}) {
  return {
    kind: "fixed",
    min: "4,500",
    max: "",
    included: "Tear-off, new underlayment and shingles, clean-up.",
    startFrom: "2026-12-07",
    startTo: "2026-12-18",
    validDays: "30",
    message: "",
    ...overrides,
  };
}

/** The first message of each field, as the page shows them. */
function messages(locale: Locale, input: Record<string, string>) {
  const parsed = quoteSchemaIn(locale).safeParse(input);
  expect(parsed.success).toBe(false);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) {
    errors[String(issue.path[0])] ??= issue.message;
  }
  return errors;
}

describe("the quote form's checks", () => {
  it("answer in Spanish", () => {
    expect(messages("es", quoteInput({ min: "", included: "roof", validDays: "0" }))).toEqual({
      min: "Indique el precio.",
      included: "Indique qué incluye el precio (al menos 10 caracteres).",
      validDays: "Una cotización es válida por al menos 1 día.",
    });
    expect(messages("es", quoteInput({ kind: "range", min: "6,000", max: "4,500" }))).toEqual({
      max: "El precio máximo debe ser al menos igual al mínimo.",
    });
    expect(messages("es", quoteInput({ min: "mucho" }))).toEqual({
      min: "Indique el precio como un número, por ejemplo 4,500.",
    });
  });

  it("answer in French", () => {
    expect(messages("fr", quoteInput({ kind: "other", min: "0" }))).toEqual({
      kind: "Choisissez un prix fixe ou une fourchette.",
      min: "Le prix doit être supérieur à 0.",
    });
    expect(messages("fr", quoteInput({ startFrom: "2026-12-18", startTo: "2026-12-07" }))).toEqual({
      startTo:
        "La date de début au plus tard doit être la même que la date au plus tôt ou après celle-ci.",
    });
    expect(messages("fr", quoteInput({ kind: "range", max: "" }))).toEqual({
      max: "Indiquez le prix maximal.",
    });
    expect(messages("fr", quoteInput({ min: "beaucoup" }))).toEqual({
      min: `Indiquez le prix en chiffres, par exemple 4${NBSP}500.`,
    });
  });

  it("stay in English, word for word, on English pages", () => {
    expect(quoteSchemaIn("en")).toBe(quoteSchema);
    expect(messages("en", quoteInput({ kind: "range", min: "6,000", max: "4,500" }))).toEqual({
      max: "The highest price must be at least the lowest.",
    });
    expect(messages("en", quoteInput({ min: "a lot", included: "roof" }))).toEqual({
      min: "Enter the price as a number, like 4,500.",
      included: "Say what the price includes (at least 10 characters).",
    });
  });

  it("read an amount as the page's language writes it", () => {
    const cents = (locale: Locale, min: string) =>
      quoteSchemaIn(locale).parse(quoteInput({ min })).min;
    expect(cents("en", "$4,500")).toBe(450_000);
    expect(cents("en", "1250.50")).toBe(125_050);
    expect(cents("es", "4,500.50")).toBe(450_050);
    expect(cents("fr", `4${NBSP}500,50 $`)).toBe(450_050);
    expect(cents("fr", "4 500")).toBe(450_000);
    expect(cents("fr", "4,500")).toBe(450_000);
    expect(cents("fr", "99,5")).toBe(9_950);
    expect(cents("fr", "1250.50")).toBe(125_050);
  });
});

const FIGURES: PeriodFigures = {
  days: 30,
  received: 1234,
  accepted: 827,
  acceptedPercent: 67,
  answered: 2,
  medianResponseSeconds: 2 * 3600 + 53 * 60,
  quotes: 1,
  hires: 1,
};

/** 90 days ending 2026-11-25, one request on Nov 23 (hired) and one on Nov 24. */
function stats(): ProStats {
  const days: Bucket[] = [];
  const end = Date.UTC(2026, 10, 25);
  for (let age = 89; age >= 0; age -= 1) {
    const day = new Date(end - age * 86_400_000).toISOString().slice(0, 10);
    const received = day === "2026-11-23" || day === "2026-11-24" ? 1 : 0;
    days.push({ from: day, to: day, received, hires: day === "2026-11-23" ? 1 : 0 });
  }
  return { periods: { 30: { ...FIGURES, received: 2 }, 90: FIGURES }, days, weeks: [] };
}

function render(locale: Locale) {
  return renderToStaticMarkup(
    createElement(
      I18nProvider,
      { i18n: i18nFor(locale) },
      createElement(
        MemoryRouter,
        null,
        createElement(ProFigures, {
          stats: stats(),
          period: 30,
          periodHref: (each) => `/${locale}/pro?period=${String(each)}`,
        }),
      ),
    ),
  );
}

describe("the figures card", () => {
  it("words its figures in French, with French numbers", () => {
    const fr = i18nFor("fr");
    expect(figureRows(FIGURES, fr).map((row) => [row.label, row.value, row.note])).toEqual([
      ["Demandes reçues", `1${NBSP}234`, null],
      ["Acceptées", `67${NBSP}%`, `827 sur 1${NBSP}234`],
      ["Délai de réponse médian", "2 heures 53 minutes", "Sur 2 réponses"],
      ["Soumissions envoyées", "1", null],
      ["Contrats obtenus", "1", null],
    ]);
    expect(responseTime(0, fr)).toBe("Moins d'une minute");
    expect(responseTime(60, fr)).toBe("1 minute");
    expect(responseTime(26 * 3600, fr)).toBe("1 jour 2 heures");
    expect(responseTime(72 * 3600, fr)).toBe("3 jours");
  });

  it("says what the chart shows in French, with French dates", () => {
    const { unit, buckets } = chartOf(stats(), 30);
    expect(chartSummary(buckets, unit, 30, i18nFor("fr"))).toBe(
      "Demandes reçues jour par jour, 30 derniers jours\u00a0: 2 demandes, dont 1 retenue. " +
        "Le jour le plus achalandé a été le 23 nov., avec 1 demande.",
    );
    expect(chartSummary([], "week", 90, i18nFor("fr"))).toBe(
      "Demandes reçues semaine par semaine, 90 derniers jours\u00a0: aucune pour l'instant.",
    );
  });

  it("is in French on a French page", () => {
    const html = render("fr");
    expect(html).toContain("Vos statistiques");
    expect(html).toContain("Les demandes que les propriétaires vous ont envoyées dans les 30");
    expect(html).toMatch(/<a[^>]*href="\/fr\/pro\?period=90"[^>]*>90 derniers jours<\/a>/);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>30 derniers jours<\/a>/);
    expect(html).toContain('aria-label="Période de vos statistiques"');
    expect(html).toContain("<title>23 nov.\u00a0: 1 demande, 1 retenue</title>");
    expect(html).toContain("Demandes reçues et retenues, jour par jour, 30 derniers jours");
    expect(html).not.toMatch(/Requests|Your figures|NaN|undefined/);
  });

  it("is in Spanish on a Spanish page", () => {
    const html = render("es");
    expect(html).toContain("Sus cifras");
    expect(html).toContain("Últimos 90 días");
    expect(html).toContain(
      'aria-label="Solicitudes recibidas día por día, últimos 30 días: 2 solicitudes, 1 de ellas contratada. El día con más solicitudes fue el 23 nov, con 1 solicitud."',
    );
    expect(html).toContain("67%");
  });

  it("stays in English, word for word, on an English page", () => {
    const en = i18nFor("en");
    expect(figureRows(FIGURES, en).map((row) => [row.label, row.value, row.note])).toEqual([
      ["Requests received", "1,234", null],
      ["Accepted", "67%", "827 of 1,234"],
      ["Median time to respond", "2 hours 53 minutes", "Over 2 answers"],
      ["Quotes sent", "1", null],
      ["Hires won", "1", null],
    ]);
    expect(responseTime(3.5 * 3600, en)).toBe("3 hours 30 minutes");
    expect(responseTime(26 * 3600, en)).toBe("1 day 2 hours");
    const html = render("en");
    expect(html).toContain(
      'aria-label="Requests received day by day, last 30 days: 2 requests, 1 of them hired. The busiest day was Nov 23, with 1 request."',
    );
    expect(html).toContain("<title>Nov 23: 1 request, 1 hired</title>");
    expect(html).toContain("The chart&#x27;s figures, day by day");
    expect(html).toContain("Requests received and hired, day by day, last 30 days");
  });
});
