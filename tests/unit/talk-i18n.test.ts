/**
 * Conversations and reviews in the reader's language (issue 23): the
 * unread-message email in its recipient's, the refusals in the page's, a
 * review's verified line; and the English the tests and the console read
 * (limits.ts) agreeing word for word with what English pages say.
 */
import { describe, expect, it } from "vitest";
import {
  MESSAGE_ERRORS,
  MESSAGE_RATE,
  PHOTOS_ONLY_TEXT,
  REMOVED_TEXT,
  REPORT_ERRORS,
  SHARE_ERRORS,
  waitMessage,
  waitWords,
} from "~/features/conversations/limits";
import { UNREAD_EMAIL_DELAY_S } from "~/features/notifications/kinds";
import { photosOnlyText } from "~/features/conversations/list.server";
import {
  composeMessageEmail,
  type MessageEmailJob,
  type MessageEmailRecipient,
} from "~/features/conversations/message-email-text.server";
import { messageErrors } from "~/features/conversations/post.server";
import { reportErrors } from "~/features/conversations/reports.server";
import {
  removedText as removedMessageText,
  shareErrors,
} from "~/features/conversations/view.server";
import {
  REMOVAL_REASON_MESSAGES,
  REMOVAL_REASON_TEXT,
  REMOVAL_REASONS,
  removedText,
  REVIEW_ERRORS,
} from "~/features/reviews/limits";
import { hireLine } from "~/features/reviews/moderation.server";
import {
  checkReview,
  ReviewInvalid,
  ReviewRefused,
  REVIEW_REFUSALS,
} from "~/features/reviews/review-checks.server";
import { i18nFor } from "~/lib/i18n.server";

const job: MessageEmailJob = {
  threadId: "7d1f4a52-1c9e-4f0a-8a55-2f0c3b7e9a01",
  side: "pro",
  from: "TradeMatch <no-reply@trade-match.example>",
  siteUrl: "https://trade-match.example",
};

const business: MessageEmailRecipient = {
  side: "pro",
  to: "office@summit-ridge.example",
  locale: "fr",
  leadId: "4a4c6a0e-3b0e-4d8e-9a59-4d6c1f1b2a10",
  contractorId: "9b2e7c1d-5f3a-4e8b-a6d4-0c1e2f3a4b5c",
  homeownerName: "Jordan Rivera",
  businessName: "Summit Ridge Roofing",
  service: "roof-repair",
  leadHasAccount: true,
  userId: "0e1d2c3b-4a59-4687-9a1b-c2d3e4f5a6b7",
};

describe("the unread-message email", () => {
  it("is written in French for a French business, with its links in French", () => {
    const unsubscribe = "https://trade-match.example/unsubscribe/token-123";
    const email = composeMessageEmail(job, business, 2, { unsubscribe });
    expect(email.to).toBe("office@summit-ridge.example");
    expect(email.subject).toBe("Jordan R. vous a envoyé 2 messages sur TradeMatch");
    const lines = email.text.split("\n");
    expect(lines[0]).toBe("Bonjour,");
    expect(email.text).toContain(
      "Jordan R. a envoyé à Summit Ridge Roofing 2 messages concernant Réparation de toiture, en attente de lecture.",
    );
    expect(email.text).toContain(
      `Lire et répondre\u00a0: https://trade-match.example/fr/pro/requests/${business.leadId}?business=${business.contractorId}`,
    );
    expect(email.text).toContain("depuis 5 minutes, au plus une fois par heure");
    expect(email.text).toContain(
      "Ne plus recevoir ces courriels\u00a0: https://trade-match.example/fr/unsubscribe/token-123",
    );
    expect(email.text).toContain(
      "Choisissez les courriels que vous recevez\u00a0: https://trade-match.example/fr/dashboard/emails",
    );
    expect(email.headers?.["List-Unsubscribe"]).toContain("/fr/unsubscribe/token-123");
    expect(email.text).not.toMatch(/\b(sent|Hello|Read and reply|minutes, at most)\b/);
  });

  it("is written in the homeowner's language, one message said as one", () => {
    const homeowner = { ...business, side: "homeowner" as const, locale: "es" as const };
    const email = composeMessageEmail({ ...job, side: "homeowner" }, homeowner, 1);
    expect(email.subject).toBe("Summit Ridge Roofing le envió un mensaje en TradeMatch");
    expect(email.text.split("\n")[0]).toBe("Hola, Jordan:");
    expect(email.text).toContain(
      `https://trade-match.example/es/dashboard/projects/${business.leadId}`,
    );
  });

  it("keeps its English word for word", () => {
    const english = { ...business, locale: "en" as const };
    const email = composeMessageEmail(job, english, 1);
    expect(email.subject).toBe("Jordan R. sent you a message on TradeMatch");
    expect(email.text).toContain(
      "Jordan R. sent Summit Ridge Roofing a message about Roof Repair, waiting unread.",
    );
    expect(email.text).toContain(
      `Read and reply: https://trade-match.example/pro/requests/${business.leadId}?business=${business.contractorId}`,
    );
    expect(email.text).toContain(
      "We email you when a message has waited unread for 5 minutes, at most once an hour for each conversation.",
    );
  });
});

describe("the conversations' refusals", () => {
  it("are said in Spanish on a Spanish page", () => {
    const es = messageErrors("es");
    expect(es.empty).toBe("Escriba un mensaje o agregue una foto.");
    expect(es.tooLong(5001)).toBe(
      "Su mensaje debe tener 5,000 caracteres o menos (escribió 5,001).",
    );
    expect(es.tooManyPhotos).toBe("Puede agregar hasta 5 fotos a un mensaje.");
    expect(es.rateLimited(61)).toBe(
      "Ha enviado 20 mensajes en los últimos 10 minutos. Espere 2 minutos antes de enviar otro.",
    );
    expect(es.rateLimited(1)).toContain("Espere 1 segundo antes");
    expect(reportErrors("es").reasonLong(501)).toBe(
      "El motivo debe tener 500 caracteres o menos (escribió 501).",
    );
    expect(shareErrors("es").notHomeowner).toBe(
      "Solo el propietario puede compartir sus datos de contacto en esta conversación.",
    );
    expect(removedMessageText("es")).toBe("Este mensaje se eliminó.");
  });

  it("write counts as French readers do", () => {
    expect(messageErrors("fr").tooLong(5001)).toBe(
      "Votre message doit compter 5\u00a0000 caractères ou moins (vous en avez tapé 5\u00a0001).",
    );
  });

  it("say in English exactly what limits.ts says", () => {
    const en = messageErrors("en");
    expect(en.empty).toBe(MESSAGE_ERRORS.empty);
    expect(en.tooLong(5001)).toBe(MESSAGE_ERRORS.tooLong(5001));
    expect(en.tooManyPhotos).toBe(MESSAGE_ERRORS.tooManyPhotos);
    expect(en.suspended).toBe(MESSAGE_ERRORS.suspended);
    for (const wait of [1, 45, 60, 61, 600]) {
      expect(en.rateLimited(wait)).toBe(MESSAGE_ERRORS.rateLimited(wait));
      expect(i18nFor("en")._(waitMessage(wait))).toBe(waitWords(wait));
    }
    expect(MESSAGE_RATE.max).toBe(20);
    const report = reportErrors("en");
    expect(report.reason).toBe(REPORT_ERRORS.reason);
    expect(report.reasonLong(600)).toBe(REPORT_ERRORS.reasonLong(600));
    expect(report.own).toBe(REPORT_ERRORS.own);
    expect(report.already).toBe(REPORT_ERRORS.already);
    expect(shareErrors("en").notHomeowner).toBe(SHARE_ERRORS.notHomeowner);
    expect(removedMessageText("en")).toBe(REMOVED_TEXT);
    expect(photosOnlyText("en")).toBe(PHOTOS_ONLY_TEXT);
    expect(i18nFor("en")._(waitMessage(UNREAD_EMAIL_DELAY_S))).toBe("5 minutes");
  });
});

describe("the reviews' refusals", () => {
  it("are said in Spanish on a Spanish page", () => {
    const checked = checkReview({ stars: "6", body: "Too short" });
    const invalid = new ReviewInvalid(checked.errors);
    expect(invalid.errorsIn("es")).toEqual({
      stars: "Elija una calificación de 1 a 5 estrellas.",
      body: "Escriba al menos 20 caracteres sobre el trabajo (escribió 9).",
    });
    expect(REVIEW_REFUSALS.textLong(2001)("es")).toBe(
      "Su reseña debe tener 2,000 caracteres o menos (escribió 2,001).",
    );
    const refused = new ReviewRefused("form", REVIEW_REFUSALS.editClosed, 409);
    expect(refused.in("es")).toBe(
      "Las reseñas se pueden editar durante 30 días después de publicarse.",
    );
    // The error's message stays the English, as the logs and the tests read it.
    expect(refused.message).toBe(REVIEW_ERRORS.editClosed);
    expect(invalid.errors).toEqual({
      stars: REVIEW_ERRORS.stars,
      body: REVIEW_ERRORS.textShort(9),
    });
  });

  it("say in English exactly what limits.ts says", () => {
    const en = (sentence: (locale: "en") => string) => sentence("en");
    expect(en(REVIEW_REFUSALS.stars)).toBe(REVIEW_ERRORS.stars);
    expect(en(REVIEW_REFUSALS.textShort(3))).toBe(REVIEW_ERRORS.textShort(3));
    expect(en(REVIEW_REFUSALS.textLong(2500))).toBe(REVIEW_ERRORS.textLong(2500));
    expect(en(REVIEW_REFUSALS.tooManyPhotos)).toBe(REVIEW_ERRORS.tooManyPhotos);
    expect(en(REVIEW_REFUSALS.notCompleted)).toBe(REVIEW_ERRORS.notCompleted);
    expect(en(REVIEW_REFUSALS.notHired)).toBe(REVIEW_ERRORS.notHired);
    expect(en(REVIEW_REFUSALS.already)).toBe(REVIEW_ERRORS.already);
    expect(en(REVIEW_REFUSALS.ownBusiness)).toBe(REVIEW_ERRORS.ownBusiness);
    expect(en(REVIEW_REFUSALS.editClosed)).toBe(REVIEW_ERRORS.editClosed);
    expect(en(REVIEW_REFUSALS.removed)).toBe(REVIEW_ERRORS.removed);
    expect(en(REVIEW_REFUSALS.replyEmpty)).toBe(REVIEW_ERRORS.replyEmpty);
    expect(en(REVIEW_REFUSALS.replyLong(2001))).toBe(REVIEW_ERRORS.replyLong(2001));
    expect(en(REVIEW_REFUSALS.replied)).toBe(REVIEW_ERRORS.replied);
    expect(en(REVIEW_REFUSALS.reportReason)).toBe(REVIEW_ERRORS.reportReason);
    expect(en(REVIEW_REFUSALS.reportNoteLong(501))).toBe(REVIEW_ERRORS.reportNoteLong(501));
    expect(en(REVIEW_REFUSALS.reported)).toBe(REVIEW_ERRORS.reported);
  });
});

describe("a review's public words", () => {
  it("say the verified line in French", () => {
    expect(hireLine("roof-repair", "2026-11-01", "fr")).toBe(
      "Embauche vérifiée · Réparation de toiture · novembre 2026",
    );
    expect(hireLine(null, "2026-03-01", "fr")).toBe("Embauche vérifiée · mars 2026");
    expect(hireLine("roof-repair", "2026-11-01")).toBe(
      "Verified hire · Roof Repair · November 2026",
    );
  });

  it("name each removal reason in the reader's language, the English as limits.ts has it", () => {
    const en = i18nFor("en");
    for (const reason of REMOVAL_REASONS) {
      const messages = REMOVAL_REASON_MESSAGES[reason];
      expect(en._(messages.label)).toBe(REMOVAL_REASON_TEXT[reason].label);
      expect(en._(messages.rule)).toBe(REMOVAL_REASON_TEXT[reason].rule);
      expect(en._(messages.removed)).toBe(removedText(reason));
    }
    expect(i18nFor("fr")._(REMOVAL_REASON_MESSAGES.abusive.removed)).toBe(
      "Cet avis a été retiré en vertu de notre politique sur les avis\u00a0: abusif ou discriminatoire.",
    );
  });
});
