/**
 * The homeowner's side of the marketplace in three languages (issue 23): the
 * labels of each pro's part, the emails in their recipient's language, the
 * consent text in the language it was read in, and the refusals of a step in
 * the page's language. English stays word for word what it was.
 */
import { I18nProvider } from "@lingui/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { step } from "~/features/marketplace/answers.server";
import type { FormFailure } from "~/lib/forms";
import {
  composeProUnavailableEmail,
  composeQuoteEmail,
} from "~/features/marketplace/homeowner-emails.server";
import {
  composeNotChosenEmail,
  composeProRequestEmail,
} from "~/features/marketplace/messages.server";
import {
  PROGRESS_MESSAGE,
  PROGRESS_REFUSAL,
  ProjectProgress,
} from "~/features/marketplace/project-progress";
import {
  PART_LABELS,
  unavailableSentence,
  type ProjectView,
} from "~/features/marketplace/project-view";
import { sendChoice } from "~/features/marketplace/choice.server";
import {
  BadChoice,
  proConsentText,
  sendToPros,
  type Delivery,
  type Sender,
} from "~/features/marketplace/requests.server";
import type { Database } from "~/lib/db.server";
import { stepPro, stepRequest } from "~/features/marketplace/states";
import { i18nFor } from "~/lib/i18n.server";

const mail = {
  from: "TradeMatch <no-reply@trade-match.example>",
  businessInbox: "leads@trade-match.example",
  siteUrl: "https://trade-match.example",
};

/** What a homeowner's link is signed with, in these tests. */
const signing = { secret: "homeowner-i18n-secret", now: new Date("2026-03-14T15:00:00Z") };
const ACCOUNT = "0b6f3c1e-93a4-4d2b-8f1e-5a6b7c8d9e0f";

const request = {
  id: "4a4c6a0e-3b0e-4d8e-9a59-4d6c1f1b2a10",
  name: "Jordan Rivera",
  service: "roofing",
  citySlug: null,
  postalCode: "80202",
};

const business = (locale: "en" | "es" | "fr") => ({
  id: "7d3f0c52-5a1e-4f4e-8f43-2b7a4c1d9e01",
  name: "Summit Ridge Roofing",
  email: "office@summit.example",
  locale,
});

/** The time the quote emails are written at: December 2026. */
const DECEMBER = new Date("2026-12-20T18:00:00Z");
/** These refusals come before any query: a database that is never reached. */
const noDatabase = null as unknown as Database;
const sender: Sender = { userId: "u", clientAddress: "203.0.113.9", userAgent: "test" };
const delivery: Delivery = { mail, emailStatus: "held" };

/** The answer `step` gives a form for `work`'s refusal, in `locale`. */
async function refusalIn(locale: "en" | "es" | "fr", work: () => unknown) {
  const answer: unknown = await step(() => Promise.resolve().then(work), { intent: "x" }, locale);
  const refused = answer as { data?: FormFailure; init: ResponseInit | null } | undefined;
  if (!refused?.data) throw new Error("the step was not refused");
  return { status: refused.init?.status, formError: refused.data.formError };
}

describe("the labels of each pro's part", () => {
  it("say in English what they always said", () => {
    const en = i18nFor("en");
    expect(Object.fromEntries(Object.entries(PART_LABELS).map(([k, v]) => [k, en._(v)]))).toEqual({
      sent: "Sent",
      viewed: "Viewed",
      not_available: "Not available",
      accepted: "Accepted",
      quoted: "Quoted",
      hired: "Hired",
      not_chosen: "Not chosen",
      no_answer: "No answer in time",
      removed: "Removed",
    });
  });

  it("are translated in Spanish and French", () => {
    expect(i18nFor("es")._(PART_LABELS.quoted)).toBe("Cotizada");
    expect(i18nFor("es")._(PART_LABELS.hired)).toBe("Contratado");
    expect(i18nFor("fr")._(PART_LABELS.quoted)).toBe("Soumission reçue");
    expect(i18nFor("fr")._(PART_LABELS.not_chosen)).toBe("Non retenu");
    for (const locale of ["es", "fr"] as const) {
      for (const label of Object.values(PART_LABELS)) {
        expect(i18nFor(locale)._(label)).not.toBe(i18nFor("en")._(label));
      }
    }
  });

  it("say a suspended business is gone, in each language", () => {
    const sentence = unavailableSentence("Summit Ridge Roofing");
    expect(i18nFor("en")._(sentence)).toBe(
      "Summit Ridge Roofing is no longer available on TradeMatch.",
    );
    expect(i18nFor("fr")._(sentence)).toBe(
      "Summit Ridge Roofing n'est plus disponible sur TradeMatch.",
    );
  });
});

describe("the emails, in their recipient's language", () => {
  it("tell a French business of a new request in French, with links to the French pages", () => {
    const email = composeProRequestEmail(request, business("fr"), mail);
    expect(email.to).toBe("office@summit.example");
    expect(email.subject).toBe("Nouvelle demande\u00a0: Toiture (80202)");
    expect(email.text.split("\n")).toEqual([
      "Jordan R. a choisi Summit Ridge Roofing pour Toiture (80202) sur TradeMatch.",
      "",
      `Lisez la demande, puis acceptez-la ou refusez-la\u00a0: https://trade-match.example/fr/pro/requests/${request.id}?business=${business("fr").id}`,
      "",
      "Veuillez accepter ou refuser la demande dans un délai de 48 heures; passé ce délai, elle se ferme pour votre entreprise. Refuser ne coûte rien.",
      "Une fois la demande acceptée, vous voyez les moyens par lesquels le propriétaire vous permet de le joindre.",
    ]);
  });

  it("tell an English business in the English it always read", () => {
    const email = composeProRequestEmail(request, business("en"), mail);
    expect(email.subject).toBe("New request: Roofing (80202)");
    expect(email.text).toContain("Jordan R. chose Summit Ridge Roofing for Roofing (80202) on");
    expect(email.text).toContain(`https://trade-match.example/pro/requests/${request.id}?`);
  });

  it("tell a French business it was not chosen, in French", () => {
    const email = composeNotChosenEmail(request, business("fr"), true, mail);
    expect(email.subject).toBe("Non retenu\u00a0: Toiture (80202)");
    expect(email.text).toContain("Jordan R. a choisi une autre option pour Toiture (80202).");
  });

  it("send a Spanish-speaking homeowner their quote in Spanish, the price in Spanish", () => {
    const email = composeQuoteEmail(
      { ...request, email: "jordan@example.com", locale: "es", userId: ACCOUNT },
      { name: "Summit Ridge Roofing" },
      { currency: "USD", minCents: 450_000, maxCents: 600_000, validUntil: "2026-12-31" },
      false,
      mail,
      signing,
      DECEMBER,
    );
    expect(email.subject).toBe("Summit Ridge Roofing le envió una cotización para Techos (80202)");
    expect(email.text).toContain("Summit Ridge Roofing cotizó $4,500–$6,000 para Techos (80202)");
    expect(email.text).toContain(`https://trade-match.example/es/dashboard/projects/${request.id}`);
  });

  it("say the quote's last day in words, with its year when it is another year's", () => {
    const quote = (validUntil: string, locale: "en" | "es" | "fr") =>
      composeQuoteEmail(
        { ...request, email: "jordan@example.com", locale, userId: ACCOUNT },
        { name: "Summit Ridge Roofing" },
        { currency: "USD", minCents: 450_000, maxCents: 600_000, validUntil },
        true,
        mail,
        signing,
        DECEMBER,
      ).text.split("\n")[0];
    expect(quote("2026-12-31", "en")).toBe(
      "Summit Ridge Roofing changed its quote $4,500–$6,000 for Roofing (80202), valid until Dec 31.",
    );
    expect(quote("2027-01-30", "en")).toContain("valid until Jan 30, 2027.");
    expect(quote("2027-01-30", "es")).toContain("30 ene 2027");
    expect(quote("2027-01-30", "fr")).toContain("30 janv. 2027");
    for (const locale of ["en", "es", "fr"] as const) {
      expect(quote("2027-01-30", locale)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
  });

  it("tell a French homeowner their pro is gone, in French", () => {
    const email = composeProUnavailableEmail(
      { ...request, email: "jordan@example.com", userId: null, locale: "fr" },
      { name: "Summit Ridge Roofing" },
      { hired: false, othersWaiting: 0, room: 1 },
      mail,
      signing,
    );
    expect(email.subject).toBe("Summit Ridge Roofing n'est plus disponible sur TradeMatch");
    const lines = email.text.split("\n");
    expect(lines[0]).toBe("Bonjour Jordan,");
    // No account has the request: the link opens it, and its choice, in any browser.
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^Vous pouvez choisir un autre pro pour celle-ci\u00a0: https://trade-match\\.example/fr/requests/${request.id}/open/[\\w-]{38}\\?next=pros$`,
        ),
      ),
    );
  });
});

describe("the consent that names each business", () => {
  it("reads in English, naming each business and how to withdraw (issue 33)", () => {
    expect(proConsentText(["Summit Ridge Roofing", "Peak Roofing"])).toBe(
      "I agree that TradeMatch, Summit Ridge Roofing and Peak Roofing may contact me by phone, text message and email about this request, including by automated means. Consent is not a condition of any purchase. Message and data rates may apply. I can withdraw this consent at any time: reply STOP to a text, use the unsubscribe link in an email, or visit my data page. I have read the Privacy Policy.",
    );
  });

  it("is written in the page's language, naming each business", () => {
    expect(proConsentText(["Summit Ridge Roofing"], "es")).toMatch(
      /^Acepto que TradeMatch y Summit Ridge Roofing puedan comunicarse conmigo/,
    );
    expect(proConsentText(["Summit Ridge Roofing", "Peak Roofing"], "fr")).toMatch(
      /^J'accepte que TradeMatch, Summit Ridge Roofing et Peak Roofing communiquent avec moi/,
    );
  });
});

describe("refusals, in the page's language", () => {
  it("keep the English sentence as the error's message", () => {
    expect(i18nFor("en")._(PROGRESS_REFUSAL)).toBe(PROGRESS_MESSAGE);
    expect(() => stepRequest("completed", "cancel")).toThrow(
      "This request is completed, so it can't be cancelled.",
    );
    expect(() => stepPro("declined", "quote")).toThrow(
      "This request is declined for this business, so it can't be quoted.",
    );
  });

  it("say a step the state refuses in Spanish on a Spanish page", async () => {
    expect(await refusalIn("es", () => stepRequest("completed", "cancel"))).toEqual({
      status: 409,
      formError: "Esta solicitud está completada, así que no se puede cancelar.",
    });
    expect(await refusalIn("en", () => stepRequest("completed", "cancel"))).toEqual({
      status: 409,
      formError: "This request is completed, so it can't be cancelled.",
    });
  });

  it("tell a Spanish page which pros to choose again", async () => {
    const send = (pros: string[]) => () =>
      sendToPros(noDatabase, sender, request.id, pros, "", delivery, "es");
    expect(await refusalIn("es", send([]))).toEqual({
      status: 400,
      formError: "Elija al menos un profesional al que enviar su solicitud.",
    });
    expect(await refusalIn("es", send(["not-a-pro"]))).toEqual({
      status: 400,
      formError: "Uno de los profesionales que eligió ya no aparece en la lista. Vuelva a elegir.",
    });
  });

  it("ask a Spanish page to tick the consent box, in Spanish", async () => {
    const form = new FormData();
    form.append("pro", business("en").id);
    const answer = await sendChoice(noDatabase, sender, request.id, form, delivery, "es");
    expect(answer?.init?.status).toBe(400);
    expect(answer?.data.errors.consent).toBe(
      "Marque esta casilla para dar su consentimiento antes de que enviemos su solicitud.",
    );
  });

  it("say a fixable choice in Spanish and French", async () => {
    const badProgress = () => {
      throw new BadChoice(PROGRESS_REFUSAL);
    };
    expect(await refusalIn("es", badProgress)).toEqual({
      status: 400,
      formError: "Indique el avance como un número entero de 0 a 100.",
    });
    expect(await refusalIn("fr", badProgress)).toEqual({
      status: 400,
      formError: "Indiquez l'avancement par un nombre entier de 0 à 100.",
    });
  });
});

describe("the project's progress form, in the page's language", () => {
  const project: ProjectView = {
    id: request.id,
    title: "Roof Repair",
    service: "roof-repair",
    place: "Boulder, CO",
    citySlug: "boulder-co",
    details: null,
    status: "scheduled",
    progress: 0,
    createdAt: "2026-11-20T12:00:00.000Z",
    hiredId: null,
    hiredBy: null,
    parts: [],
  };

  /** The form as a page in `locale` renders it, after the action answered `actionData`. */
  function html(locale: "en" | "es", actionData: unknown) {
    const router = createMemoryRouter(
      [{ id: "page", path: "/", element: createElement(ProjectProgress, { project }) }],
      { hydrationData: { loaderData: {}, actionData: { page: actionData } } },
    );
    return renderToString(
      createElement(
        I18nProvider,
        { i18n: i18nFor(locale) },
        createElement(RouterProvider, { router }),
      ),
    );
  }

  it("shows the server's Spanish refusal beside the field, with what was typed", async () => {
    const refused = await refusalIn("es", () => {
      throw new BadChoice(PROGRESS_REFUSAL);
    });
    const page = html("es", { ...refused, values: { intent: "start", progress: "150" } });
    expect(page).toContain("Avance (%)");
    expect(page).toContain('aria-invalid="true"');
    expect(page).toContain("Indique el avance como un número entero de 0 a 100.");
    expect(page).toContain('value="150"');
  });

  it("says it in English on an English page", () => {
    const page = html("en", {
      ok: false,
      formError: PROGRESS_MESSAGE,
      values: { intent: "start", progress: "150" },
    });
    expect(page).toContain("Progress (%)");
    expect(page).toContain("Mark In Progress");
    expect(page).toContain('aria-invalid="true"');
  });
});
