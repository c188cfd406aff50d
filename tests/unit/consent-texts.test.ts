/**
 * The consent texts (PRODUCT.md, "Compliance texts"): the first quote forms
 * name TradeMatch alone, the choose-pros step TradeMatch and each ticked pro;
 * never "matched contractors" or "partners"; each says how it is withdrawn.
 */
import { describe, expect, it } from "vitest";
import { PRO_CONSENT_VERSION, proConsentText } from "~/features/marketplace/requests.server";
import { translate } from "~/lib/i18n.server";
import { LOCALES, type Locale } from "~/lib/locales";
import { CONSENT_MESSAGE } from "~/lib/site-labels";
import { CONSENT_TEXT, CONSENT_VERSION } from "~/site";

/** How each language says the consent can be withdrawn, and how. */
const WITHDRAWAL: Record<Locale, string> = {
  en: "I can withdraw this consent at any time: reply STOP to a text, use the unsubscribe link in an email, or visit my data page.",
  es: "Puedo retirar este consentimiento en cualquier momento: respondiendo STOP a un mensaje de texto, usando el enlace para darme de baja que trae cada correo electrónico o visitando mi página de datos.",
  fr: "Je peux retirer ce consentement en tout temps\u00a0: en répondant STOP à un message texte, en utilisant le lien de désabonnement d'un courriel ou en visitant ma page de données.",
};

/** Who may call, as each language's first form says it. */
const TRADEMATCH_ALONE: Record<Locale, string> = {
  en: "I agree that TradeMatch may contact me by phone, text message and email about this request",
  es: "Acepto que TradeMatch pueda comunicarse conmigo por teléfono, mensaje de texto y correo electrónico sobre esta solicitud",
  fr: "J'accepte que TradeMatch communique avec moi par téléphone, par message texte et par courriel au sujet de cette demande",
};

const NOBODY_UNNAMED =
  /contractors it matches|matched contractors|partner|contratistas|socios|entrepreneurs|partenaires/i;

describe("the first quote forms' consent", () => {
  it("opens with PRODUCT.md's words and names TradeMatch alone", () => {
    expect(CONSENT_TEXT.startsWith(TRADEMATCH_ALONE.en)).toBe(true);
    expect(CONSENT_TEXT).not.toMatch(NOBODY_UNNAMED);
    expect(translate("en", CONSENT_MESSAGE)).toBe(CONSENT_TEXT);
  });

  it.each(LOCALES)("in %s: TradeMatch alone, and how to withdraw it", (locale) => {
    const text = translate(locale, CONSENT_MESSAGE);
    expect(text.startsWith(TRADEMATCH_ALONE[locale])).toBe(true);
    expect(text).toContain(WITHDRAWAL[locale]);
    expect(text).not.toMatch(NOBODY_UNNAMED);
  });

  it("has a version of its own, stored with each lead", () => {
    expect(CONSENT_VERSION).toBe("first-2026-12");
  });
});

describe("the choose-pros step's consent", () => {
  it.each(LOCALES)("in %s: TradeMatch and each ticked pro, and how to withdraw it", (locale) => {
    const text = proConsentText(["Summit Roofing", "Peak Plumbing"], locale);
    expect(text).toContain("TradeMatch");
    expect(text).toContain("Summit Roofing");
    expect(text).toContain("Peak Plumbing");
    expect(text).toContain(WITHDRAWAL[locale]);
    expect(text).not.toMatch(NOBODY_UNNAMED);
  });

  it("is a new version since it says how to withdraw it", () => {
    expect(PRO_CONSENT_VERSION).toBe("pros-2026-12");
  });
});
