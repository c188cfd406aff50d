/**
 * The lead forms in Spanish and French (issue 23): the checks' messages in
 * the page's language, in the browser's check and the server's alike; the
 * consent stored as the page showed it, with the page's language; the
 * homeowner's confirmation in their language; phone numbers as each
 * language writes them.
 */
import { I18nProvider } from "@lingui/react";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitMessage } from "~/features/leads/lead-action.server";
import { ConsentField, LeadFormMeta } from "~/features/leads/lead-form-parts";
import { QUOTE_LEAD } from "~/features/leads/lead-forms.server";
import {
  CALLBACK_WINDOW_LABELS,
  CALLBACK_WINDOW_MESSAGES,
  CONTACT_LABELS,
  CONTACT_MESSAGES,
  DECLINE_REASON_LABELS,
  DECLINE_REASON_MESSAGES,
  LISTING_REQUEST_ERROR,
  LISTING_REQUEST_MESSAGE,
} from "~/features/leads/labels";
import { checkLeadForm, leadMessages, MESSAGES } from "~/features/leads/lead-schema";
import { submitLead } from "~/features/leads/leads.server";
import { composeConfirmationEmail } from "~/features/leads/lead-emails.server";
import type { LeadRow } from "~/features/leads/lead-row";
import { leadRow } from "../support/factories";
import { formatPhone, phoneExample } from "~/features/leads/phone";
import { i18nFor, translate } from "~/lib/i18n.server";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { LOCALES, type Locale } from "~/lib/locales";
import { CONSENT_MESSAGE } from "~/lib/site-labels";
import { BRAND, CONSENT_TEXT, CONSENT_VERSION } from "~/site";
import { leads, outboxJobs } from "../../database/schema";
import { quoteFields, splitFormKey, testServices } from "../support/factories";

const quote = {
  name: "Jordan Rivera",
  email: "jordan@example.com",
  phone: "(303) 555-0147",
  service: "roofing",
  postalCode: "80202",
  details: "Shingles blew off.",
  consent: "on",
};

describe("the form checks' messages", () => {
  it("are in the page's language, Spanish and French", () => {
    const bad = { ...quote, name: "J", phone: "555-0147", consent: "" };
    expect(checkLeadForm("quote", bad, i18nFor("es"))).toEqual({
      name: "Su nombre debe tener al menos 2 caracteres.",
      phone:
        "Ingrese un número de teléfono de EE. UU. o Canadá con código de área, como (303) 555-0147.",
      consent: "Marque la casilla para aceptar que nos comuniquemos con usted sobre su solicitud.",
    });
    expect(checkLeadForm("quote", bad, i18nFor("fr"))).toEqual({
      name: "Veuillez entrer au moins 2 caractères pour votre nom.",
      phone:
        "Veuillez entrer un numéro de téléphone des États-Unis ou du Canada avec l'indicatif régional, comme 303 555-0147.",
      consent:
        "Veuillez cocher la case pour accepter que nous communiquions avec vous au sujet de votre demande.",
    });
  });

  it("write the details' limit as the language writes numbers", () => {
    const details = "x".repeat(5001);
    expect(checkLeadForm("quote", { ...quote, details }).details).toBe(
      "Please keep the details to 5,000 characters or fewer.",
    );
    expect(checkLeadForm("quote", { ...quote, details }, i18nFor("fr")).details).toBe(
      `Veuillez limiter les détails à ${new Intl.NumberFormat("fr-CA").format(5000)} caractères.`,
    );
  });

  it("stay English word for word in English", () => {
    expect(MESSAGES.phone).toBe(
      "Please enter a US or Canadian phone number with area code, like (303) 555-0147.",
    );
    expect(MESSAGES.listingRequest).toBe(LISTING_REQUEST_MESSAGE);
    expect(leadMessages(i18nFor("en"))).toEqual({ ...MESSAGES });
  });

  it("are the same in the server's check (the form's schema in the request's language)", () => {
    const values = { ...quote, email: "jordan@example" };
    for (const locale of LOCALES) {
      const parsed = QUOTE_LEAD.schema(i18nFor(locale)).safeParse(values);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(leadMessages(i18nFor(locale)).email);
    }
    expect(leadMessages(i18nFor("es")).email).toBe(
      "Ingrese un correo electrónico válido, como nombre@example.com.",
    );
  });

  it("say how long to wait in the language, with plurals", () => {
    expect(rateLimitMessage(45, "en")).toBe(
      "You've sent several requests in a short time. Please try again in 45 seconds.",
    );
    expect(rateLimitMessage(1, "es")).toBe(
      "Envió varias solicitudes en poco tiempo. Vuelva a intentarlo en 1 segundo.",
    );
    expect(rateLimitMessage(600, "fr")).toBe(
      "Vous avez envoyé plusieurs demandes en peu de temps. Veuillez réessayer dans 10 minutes.",
    );
  });
});

describe("the labels", () => {
  it("agree with their plain English (the operator's console)", () => {
    const en = i18nFor("en");
    for (const [key, label] of Object.entries(CONTACT_LABELS)) {
      expect(en._(CONTACT_MESSAGES[key as keyof typeof CONTACT_MESSAGES])).toBe(label);
    }
    for (const [key, label] of Object.entries(CALLBACK_WINDOW_LABELS)) {
      expect(en._(CALLBACK_WINDOW_MESSAGES[key as keyof typeof CALLBACK_WINDOW_MESSAGES])).toBe(
        label,
      );
    }
    for (const [key, label] of Object.entries(DECLINE_REASON_LABELS)) {
      expect(en._(DECLINE_REASON_MESSAGES[key as keyof typeof DECLINE_REASON_MESSAGES])).toBe(
        label,
      );
    }
    expect(en._(LISTING_REQUEST_ERROR)).toBe(LISTING_REQUEST_MESSAGE);
  });

  it("read in Spanish and French", () => {
    expect(translate("es", CONTACT_MESSAGES.text)).toBe("Mensaje de texto");
    expect(translate("fr", CONTACT_MESSAGES.email)).toBe("Courriel");
    expect(translate("fr", CALLBACK_WINDOW_MESSAGES.evening)).toBe("Soir (17 h – 20 h)");
    expect(translate("es", CALLBACK_WINDOW_MESSAGES.morning)).toBe("Mañana (8 a. m. – mediodía)");
  });

  it("include the trap field's, which a screen reader that ignores aria-hidden would read", () => {
    const trap = (locale: Locale) =>
      renderToStaticMarkup(
        createElement(
          I18nProvider,
          { i18n: i18nFor(locale) },
          createElement(LeadFormMeta, { intent: "quote" }),
        ),
      );
    expect(trap("en")).toContain("Company (leave empty)");
    expect(trap("es")).toContain("Empresa (dejar en blanco)");
    expect(trap("fr")).toContain("Entreprise (laisser vide)");
  });
});

const mail = {
  from: "TradeMatch <no-reply@trade-match.example>",
  businessInbox: "leads@trade-match.example",
  siteUrl: "https://trade-match.example",
};

const lead = (overrides: Partial<LeadRow>): LeadRow => leadRow({ status: "draft", ...overrides });
/** The homeowner reads the language of the page they sent it from (no account has it). */
const readerIn = (locale: Locale) => ({
  locale,
  signing: { secret: "i18n-test-secret", now: new Date("2026-03-14T15:00:00Z") },
});

describe("the confirmation email", () => {
  it("is written in the reader's language: subject, words, date, links", () => {
    const es = composeConfirmationEmail(lead({ locale: "es" }), mail, readerIn("es"), "Denver, CO");
    expect(es?.subject).toBe("Recibimos su solicitud – TradeMatch");
    expect(es?.text).toContain(
      "Recibimos su solicitud de Techos en Denver, CO el 14 de marzo de 2026.",
    );
    expect(es?.text).toContain(
      "Nadie la tiene todavía. Elija a los profesionales que la recibirán: https://trade-match.example/es/requests/",
    );
    expect(es?.text).toContain("Hola:");
    expect(es?.text).toContain("Privacidad: https://trade-match.example/es/privacy");
    expect(es?.text).toContain("– El equipo de TradeMatch");

    const fr = composeConfirmationEmail(lead({ locale: "fr" }), mail, readerIn("fr"));
    expect(fr?.subject).toBe("Nous avons reçu votre demande – TradeMatch");
    expect(fr?.text).toContain("Nous avons reçu votre demande pour Toiture le 14 mars 2026.");
    expect(fr?.text).toContain(
      "Vous avez demandé qu'on communique avec vous par appel téléphonique.",
    );
    expect(fr?.text).toContain("Confidentialité\u00a0: https://trade-match.example/fr/privacy");
    expect(fr?.text).not.toMatch(/We received|Privacy:/);
  });

  it("reads in English: the request, the way back to it, what was allowed, how to stop", () => {
    const en = composeConfirmationEmail(lead({}), mail, readerIn("en"), "Denver, CO");
    const link = /https:\/\/\S+\?next=pros/.exec(en?.text ?? "")?.[0] ?? "";
    expect(en?.text).toBe(
      [
        "Hello,",
        "",
        "We received your request for Roofing in Denver, CO on March 14, 2026.",
        `Nobody has it yet. Choose the pros who get it: ${link}`,
        "This link opens your request in any browser for 30 days: keep this email to come back to it.",
        "",
        "You asked to be contacted by phone call. The pros you choose see your phone number, not your email address, once they accept your request.",
        `To stop texts, reply STOP to any text; to stop everything or delete your request, reply to this email or write to ${BRAND.supportEmail}.`,
        "Privacy: https://trade-match.example/privacy",
        "",
        "– The TradeMatch team",
      ].join("\n"),
    );
  });
});

describe("phone numbers", () => {
  it("are written as each language writes them", () => {
    expect(formatPhone("+13035550147")).toBe("(303) 555-0147");
    expect(formatPhone("+13035550147", "en")).toBe("(303) 555-0147");
    expect(formatPhone("+13035550147", "es")).toBe("(303) 555-0147");
    expect(formatPhone("+13035550147", "fr")).toBe("303 555-0147");
    expect(formatPhone("+14165550199", "fr")).toBe("416 555-0199");
    expect(formatPhone("+18005550100", "fr")).toBe("800 555-0100");
  });

  it("are written as libphonenumber writes them, for every area code", () => {
    const differences: string[] = [];
    for (let npa = 200; npa <= 999; npa++) {
      const number = `+1${npa.toString()}5550147`;
      const national = parsePhoneNumberFromString(number)?.formatNational() ?? "";
      const quebec = national.replace(/^\((\d{3})\) /, "$1 ");
      if (formatPhone(number, "en") !== national) differences.push(`en ${number}`);
      if (formatPhone(number, "es") !== national) differences.push(`es ${number}`);
      if (formatPhone(number, "fr") !== quebec) differences.push(`fr ${number}`);
    }
    expect(differences).toEqual([]);
  });

  it("keep anything that is not a US or Canadian number as it is", () => {
    expect(formatPhone("+442079460958", "fr")).toBe("+442079460958");
    expect(formatPhone("not a number", "es")).toBe("not a number");
  });

  it("the forms' example is the number formatPhone writes", () => {
    expect(phoneExample("en")).toBe("(303) 555-0147");
    expect(phoneExample("es")).toBe("(303) 555-0147");
    expect(phoneExample("fr")).toBe("303 555-0147");
  });
});

describe("a lead sent from a Spanish or French page", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  /** The consent box's text as the page in `locale` shows it (the links after it left out). */
  function consentShown(locale: Locale): string {
    const html = renderToStaticMarkup(
      createElement(
        I18nProvider,
        { i18n: i18nFor(locale) },
        createElement(ConsentField, { id: "c" }),
      ),
    );
    const label = /<label[^>]*>(.*?)<\/label>/s.exec(html)?.[1] ?? "";
    const text = label.replace(/<a[^>]*>.*$/s, "").trim();
    return text
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
  }

  it.each(["es", "fr"] as const)(
    "stores the page's language and the consent exactly as it showed it (%s)",
    async (locale) => {
      const services = testServices(database);
      const outcome = await submitLead({
        services,
        clientAddress: `203.0.113.${locale === "es" ? "21" : "22"}`,
        userAgent: "Vitest",
        leadForm: QUOTE_LEAD,
        locale,
        ...splitFormKey(quoteFields()),
      });
      expect(outcome.status).toBe("created");
      if (outcome.status !== "created") return;
      const [row] = await database.db.select().from(leads).where(eq(leads.id, outcome.leadId));
      expect(row?.locale).toBe(locale);
      expect(row?.consentText).toBe(consentShown(locale));
      expect(row?.consentText).toBe(translate(locale, CONSENT_MESSAGE));
      expect(row?.consentText).not.toBe(CONSENT_TEXT);
      expect(row).toMatchObject({
        consentVersion: CONSENT_VERSION,
        consentAddress: `203.0.113.${locale === "es" ? "21" : "22"}`,
        consentUserAgent: "Vitest",
      });

      const jobs = await database.db.select().from(outboxJobs);
      const confirmation = jobs.find(
        (job) => job.leadId === outcome.leadId && job.kind === "confirmation_email",
      );
      const payload = confirmation?.payload as { subject: string } | undefined;
      expect(payload?.subject).toBe(
        locale === "es"
          ? "Recibimos su solicitud – TradeMatch"
          : "Nous avons reçu votre demande – TradeMatch",
      );
    },
  );

  it("shows English consent on English pages, and stores it so", () => {
    expect(consentShown("en")).toBe(CONSENT_TEXT);
  });

  it("is refused with the messages in the page's language", async () => {
    const outcome = await submitLead({
      services: testServices(database),
      clientAddress: "203.0.113.23",
      userAgent: "Vitest",
      leadForm: QUOTE_LEAD,
      locale: "fr",
      ...splitFormKey(quoteFields({ phone: "555-0147" })),
    });
    expect(outcome).toMatchObject({
      status: "invalid",
      errors: { phone: leadMessages(i18nFor("fr")).phone },
    });
  });
});
