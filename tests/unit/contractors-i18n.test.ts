/**
 * The contractors' area in three languages (issue 23): the profile form's
 * messages in the page's language (English word for word as before), the
 * verification badge with its date written the reader's way, the claim's
 * messages and its code's email in the language of the page it was asked
 * from.
 */
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/lib/i18n.server";
import { checkProfileForm } from "~/features/contractors/profile-schema";
import { PROFILE_MESSAGES, profileMessages } from "~/features/contractors/profile-messages";
import type { ProfileFormValues } from "~/features/contractors/profile-values";
import { verifiedMessage, verifiedText } from "~/features/contractors/verification";
import {
  CLAIM_MESSAGES,
  claimMessage,
  composeClaimCodeEmail,
} from "~/features/contractors/claim-messages.server";
import { LOCALES } from "~/lib/locales";

/** A form with a mistake in most fields. */
const WRONG: ProfileFormValues = {
  name: "X",
  categories: [],
  places: "",
  radius: "600",
  basePlace: "Denver, CO",
  yearsInBusiness: "two hundred",
  phone: "555-0147",
  email: "office@",
  description: "d".repeat(2001),
  locale: "de",
};

const mail = {
  from: "TradeMatch <no-reply@trade-match.example>",
  businessInbox: "leads@trade-match.example",
  siteUrl: "https://trade-match.example",
};

const CHECK = { registry: "Colorado DORA", checkedOn: "2026-03-03", expiresOn: "2027-03-31" };

describe("the profile form's messages", () => {
  it("are in English as they were, word for word", () => {
    expect(PROFILE_MESSAGES.nameLength).toBe("Please enter a business name of 2 to 80 characters.");
    expect(PROFILE_MESSAGES.description).toBe(
      "Please keep the description to 2,000 characters or fewer.",
    );
    expect(PROFILE_MESSAGES.phoneToShow).toBe(
      "Please enter a phone number to show it, or untick “Show my phone on my profile”.",
    );
    expect(checkProfileForm(WRONG)).toEqual({
      ok: false,
      errors: {
        name: "Please enter a business name of 2 to 80 characters.",
        categories: "Please tick at least one trade you work in.",
        radius: "Please enter how far you travel as a whole number from 1 to 500.",
        yearsInBusiness: "Please enter the years in business as a whole number from 0 to 200.",
        phone: "Please enter a US or Canadian phone number with area code, like (303) 555-0147.",
        email: "Please enter the business's email address, like office@example.com.",
        description: "Please keep the description to 2,000 characters or fewer.",
        locale: "Please choose from the list.",
      },
    });
  });

  it("come in Spanish and French on those pages, the same fields refused", () => {
    const english = checkProfileForm(WRONG, "en");
    const spanish = checkProfileForm(WRONG, "es");
    const french = checkProfileForm(WRONG, "fr");
    if (english.ok || spanish.ok || french.ok) throw new Error("accepted a wrong form");
    expect(Object.keys(spanish.errors).sort()).toEqual(Object.keys(english.errors).sort());
    expect(Object.keys(french.errors).sort()).toEqual(Object.keys(english.errors).sort());
    expect(spanish.errors).toMatchObject({
      name: "Ingrese un nombre de empresa de 2 a 80 caracteres.",
      categories: "Marque al menos un oficio en el que trabaje.",
      email: "Ingrese el correo electrónico de la empresa, como office@example.com.",
    });
    expect(french.errors).toMatchObject({
      name: "Veuillez entrer un nom d'entreprise de 2 à 80 caractères.",
      categories: "Veuillez cocher au moins un métier que vous exercez.",
      locale: "Veuillez choisir dans la liste.",
    });
    // Numbers written the reader's way: 2,000 in English, 2 000 in Canadian French.
    expect(french.errors.description).toMatch(
      /^Veuillez limiter la description à 2\s000 caractères\.$/,
    );
  });

  it("have every message translated: none is left in English", () => {
    const english = profileMessages("en");
    for (const locale of ["es", "fr"] as const) {
      const translated = profileMessages(locale);
      for (const key of Object.keys(english) as (keyof typeof english)[]) {
        expect(translated[key], `${locale} ${key}`).not.toBe(english[key]);
        expect(translated[key], `${locale} ${key}`).not.toBe("");
      }
    }
  });

  it("refuses a service outside the ticked trades, in the page's language", () => {
    const values = {
      name: "Peak Line Roofing",
      categories: ["roofing"],
      services: ["lawn-care"],
      places: "Denver, CO",
      email: "office@peakline.example",
    };
    expect(checkProfileForm(values, "fr")).toEqual({
      ok: false,
      errors: {
        services:
          "Chaque service coché doit faire partie d'un métier coché\u00a0: cochez aussi son métier ou décochez le service.",
      },
    });
  });

  it("takes the language of the business's emails, and leaves it alone when absent", () => {
    const values = {
      name: "Peak Line Roofing",
      categories: ["roofing"],
      places: "Denver, CO",
      email: "office@peakline.example",
    };
    for (const locale of LOCALES) {
      const checked = checkProfileForm({ ...values, locale }, "fr");
      expect(checked.ok && checked.data.locale).toBe(locale);
    }
    const none = checkProfileForm(values);
    expect(none.ok && none.data.locale).toBeUndefined();
  });
});

describe("the verification badge", () => {
  it("says when and where in the reader's language, English as before", () => {
    expect(verifiedText("licence", CHECK)).toBe(
      "Licence verified on March 3, 2026 (Colorado DORA)",
    );
    expect(i18nFor("es")._(verifiedMessage("licence", CHECK, "es"))).toBe(
      "Licencia verificada el 3 de marzo de 2026 (Colorado DORA)",
    );
    expect(i18nFor("fr")._(verifiedMessage("insurance", CHECK, "fr"))).toBe(
      "Assurance vérifiée le 3 mars 2026 (Colorado DORA)",
    );
  });
});

describe("claiming a business", () => {
  it("answers in the page's language, English as before", () => {
    expect(CLAIM_MESSAGES.yours).toBe("You already manage this business.");
    expect(claimMessage("yours", "en")).toBe("You already manage this business.");
    expect(claimMessage("yours", "es")).toBe("Ya administra esta empresa.");
    expect(claimMessage("expired", "fr")).toBe("Ce code a expiré. Envoyez un nouveau code.");
  });

  it("sends the code in the language of the page it was asked from, with a link back there", () => {
    const business = { name: "Peak Line Roofing", email: "office@peakline.example", slug: "peak" };
    const english = composeClaimCodeEmail(business, "123456", mail);
    expect(english.subject).toBe("Your code to manage Peak Line Roofing on TradeMatch");
    expect(english.text).toContain("https://trade-match.example/pros/peak/claim");
    expect(english.text).toContain("It works for 15 minutes and for 5 tries.");

    const french = composeClaimCodeEmail(business, "123456", mail, "fr");
    expect(french.subject).toBe("Votre code pour gérer Peak Line Roofing sur TradeMatch");
    expect(french.text).toContain(
      "Saisissez-le sur la page où vous l'avez demandé\u00a0: https://trade-match.example/fr/pros/peak/claim",
    );
    expect(french.text).toContain("Il est valide pendant 15 minutes et pour 5 essais.");
    expect(french.text).toMatch(/^123456$/m);

    const spanish = composeClaimCodeEmail(business, "123456", mail, "es");
    expect(spanish.subject).toBe("Su código para administrar Peak Line Roofing en TradeMatch");
    expect(spanish.text).toContain("https://trade-match.example/es/pros/peak/claim");
  });
});
