/**
 * The account's words and paths in the three languages (issue 23): sign-in
 * errors and the emails' settings labels in each language, English word for
 * word as before; signing in from a page in a language comes back to it.
 */
import { describe, expect, it } from "vitest";
import { loginRedirect } from "~/features/auth/require-user.server";
import { isSafeReturnPath } from "~/features/auth/return-path";
import { SIGN_IN_ERRORS, signInErrorMessage } from "~/features/auth/sign-in-errors";
import { completePath, destinationIn } from "~/features/auth/sign-in.server";
import { waitWords } from "~/features/conversations/limits";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  UNREAD_EMAIL_DELAY_S,
} from "~/features/notifications/kinds";
import { statusLabel } from "~/features/projects/status-badge";
import { i18nFor, translate } from "~/lib/i18n.server";
import { LEAD_STATUSES } from "../../database/enums";

const en = i18nFor("en");

describe("sign-in errors", () => {
  it("say in English what they said before", () => {
    expect(en._(SIGN_IN_ERRORS.expired)).toBe(
      "That sign-in took too long or was started in another window. Please try again.",
    );
    expect(en._(SIGN_IN_ERRORS["demo-limit"])).toBe(
      "Too many demo accounts were started from your network in the last hour. Please try again later.",
    );
  });

  it("are said in the login page's language", () => {
    const failed = signInErrorMessage("failed");
    if (!failed) throw new Error("no message for failed");
    expect(translate("es", failed)).toBe(
      "No pudimos verificar su inicio de sesión con Google. Vuelva a intentarlo.",
    );
    expect(translate("fr", failed)).toBe(
      "Nous n'avons pas pu vérifier votre connexion avec Google. Veuillez réessayer.",
    );
  });

  it("have every code translated in Spanish and French", () => {
    for (const message of Object.values(SIGN_IN_ERRORS)) {
      for (const locale of ["es", "fr"] as const) {
        const said = translate(locale, message);
        expect(said).not.toBe(en._(message));
        expect(said).not.toBe(message.id);
      }
    }
  });
});

describe("notification emails' labels", () => {
  it("say in English what the settings page said before", () => {
    const label = NOTIFICATION_LABELS.message_email;
    expect(en._(label.title)).toBe("Unread messages");
    expect(en._(label.what)).toBe(
      `An email when a message in one of your conversations has waited unread for ${waitWords(UNREAD_EMAIL_DELAY_S)} (at most one an hour for each conversation).`,
    );
    expect(en._(label.stop)).toBe("Stop emails about unread messages?");
  });

  it("are translated, with the wait in the language's plural", () => {
    for (const kind of NOTIFICATION_KINDS) {
      const label = NOTIFICATION_LABELS[kind];
      for (const locale of ["es", "fr"] as const) {
        for (const message of [label.title, label.what, label.stop, label.off]) {
          expect(translate(locale, message)).not.toBe(en._(message));
        }
      }
    }
    expect(translate("es", NOTIFICATION_LABELS.message_email.what)).toContain("5 minutos");
    expect(translate("fr", NOTIFICATION_LABELS.message_email.what)).toContain("5 minutes");
  });
});

describe("project statuses", () => {
  it("keep the console's English words, and are translated on the person's pages", () => {
    for (const status of LEAD_STATUSES) {
      expect(statusLabel(status, en)).toBe(statusLabel(status));
      expect(statusLabel(status, i18nFor("es"))).not.toBe(statusLabel(status));
    }
    expect(statusLabel("sent", i18nFor("es"))).toBe("Pendiente");
    expect(statusLabel("in_progress", i18nFor("fr"))).toBe("En cours");
  });
});

describe("signing in from a page in a language", () => {
  it("returns to that language", () => {
    expect(destinationIn("es", undefined, "/dashboard")).toBe("/es/dashboard");
    expect(destinationIn("fr", undefined, "/pro")).toBe("/fr/pro");
    expect(destinationIn("es", "/dashboard/schedule", "/dashboard")).toBe("/es/dashboard/schedule");
    expect(destinationIn("fr", "/es/dashboard?x=1", "/dashboard")).toBe("/fr/dashboard?x=1");
    expect(destinationIn("en", "/es/dashboard", "/dashboard")).toBe("/dashboard");
  });

  it("completes under the return path's language (the callback is one path)", () => {
    expect(completePath()).toBe("/auth/complete?to=%2Fdashboard");
    expect(completePath("/dashboard/schedule")).toBe("/auth/complete?to=%2Fdashboard%2Fschedule");
    expect(completePath("/es/dashboard")).toBe("/es/auth/complete?to=%2Fes%2Fdashboard");
    expect(completePath("/fr/pro")).toBe("/fr/auth/complete?to=%2Ffr%2Fpro");
  });

  it("is asked for on the login page of the page's language, which keeps the way back", () => {
    const location = (response: Response) => response.headers.get("location");
    expect(location(loginRedirect("/dashboard/new"))).toBe("/login?returnTo=%2Fdashboard%2Fnew");
    expect(location(loginRedirect("/dashboard/new", "es"))).toBe(
      "/es/login?returnTo=%2Fes%2Fdashboard%2Fnew",
    );
    expect(location(loginRedirect("/dashboard", "fr"))).toBe("/fr/login");
    expect(location(loginRedirect("/fr/dashboard", "fr"))).toBe("/fr/login");
    expect(location(loginRedirect(undefined, "es"))).toBe("/es/login");
  });

  it("never returns to a login page, in any language", () => {
    for (const path of ["/es/login", "/fr/login?x", "/es/auth/complete?to=/x", "/fr/auth"]) {
      expect(isSafeReturnPath(path)).toBe(false);
    }
    for (const path of ["/es/dashboard", "/fr/", "/es/denver-co/roofing"]) {
      expect(isSafeReturnPath(path)).toBe(true);
    }
  });
});
