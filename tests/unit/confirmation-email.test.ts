import { describe, expect, it } from "vitest";
import { composeConfirmationEmail } from "~/features/leads/lead-emails.server";
import type { LeadRow } from "~/features/leads/lead-row";
import { readRequestLinkToken, REQUEST_LINK_DAYS } from "~/features/leads/request-link.server";
import { DAY_MS } from "~/lib/retention";
import type { ContactMethod } from "../../database/enums";
import { leadRow } from "../support/factories";

const mail = {
  from: "TradeMatch <no-reply@trade-match.example>",
  businessInbox: "leads@trade-match.example",
  siteUrl: "https://trade-match.example",
};
const SECRET = "confirmation-test-secret";
const reader = { locale: "en" as const, signing: { secret: SECRET, now: new Date() } };

function lead(overrides: Partial<LeadRow>): LeadRow {
  return leadRow({ email: "victim@example.com", status: "draft", ...overrides });
}

describe("the confirmation email", () => {
  it("says what we know in our own words: the service, the place, the date", () => {
    const email = composeConfirmationEmail(lead({}), mail, reader, "Denver, CO");
    expect(email?.to).toBe("victim@example.com");
    expect(email?.subject).toBe("We received your request – TradeMatch");
    expect(email?.text).toContain(
      "We received your request for Roofing in Denver, CO on March 14, 2026.",
    );
  });

  it("carries nothing a stranger typed, whatever the row holds", () => {
    const hostile = "Visit https://evil.example/claim-your-prize now\u001b[2J";
    const email = composeConfirmationEmail(
      lead({
        name: hostile,
        details: `${hostile}\nCall 1-900-555-0100`,
        service: `roofing ${hostile}`,
        citySlug: "claim-your-prize-at-evil-example-zz",
        postalCode: "EVIL 0NE",
        title: hostile,
      }),
      mail,
      reader,
    );
    const text = `${email?.subject ?? ""}\n${email?.text ?? ""}`;
    expect(text).not.toMatch(/evil|prize|claim|1-900|Jordan|EVIL/i);
    expect(text).not.toContain("\u001b");
    expect(email?.text).toContain("We received your request on March 14, 2026.");
    expect(email?.replyTo).toBeUndefined();
  });

  it("is not sent when there is no email address", () => {
    expect(composeConfirmationEmail(lead({ email: null }), mail, reader)).toBeNull();
  });
});

describe("what the confirmation says the person allowed (issue 43)", () => {
  const said = (preferredContact: ContactMethod | null) =>
    composeConfirmationEmail(lead({ preferredContact }), mail, reader)?.text ?? "";

  it("names the one channel chosen, and which details the pros will see", () => {
    expect(said("email")).toContain(
      "You asked to be contacted by email. The pros you choose see your email address, not your phone number, once they accept your request.",
    );
    expect(said("phone")).toContain(
      "You asked to be contacted by phone call. The pros you choose see your phone number, not your email address, once they accept your request.",
    );
    expect(said("text")).toContain("You asked to be contacted by text message.");
    expect(said("messages")).toContain(
      "You asked to be contacted through Messages on TradeMatch only. The pros you choose never see your phone number or email address.",
    );
  });

  it("never claims phone, text and email for someone who chose email or messages only", () => {
    for (const method of ["email", "messages"] as const) {
      expect(said(method)).not.toMatch(/phone, text and email/);
      // Nothing will text them: no word about replying STOP to texts.
      expect(said(method)).not.toMatch(/STOP/);
      expect(said(method)).toContain(
        "To stop everything or delete your request, reply to this email or write to",
      );
    }
    expect(said("text")).toMatch(/reply STOP to any text/);
  });
});

describe("the way back to the request (issue 43)", () => {
  const linkIn = (text: string) => /https:\/\/\S+/.exec(text)?.[0] ?? "";

  it("gives a homeowner without an account a signed link that opens the request's choice", () => {
    const row = lead({});
    const text = composeConfirmationEmail(row, mail, reader)?.text ?? "";
    const link = new URL(linkIn(text));
    const [, , id, open, token] = link.pathname.split("/");
    expect([id, open]).toEqual([row.id, "open"]);
    expect(link.searchParams.get("next")).toBe("pros");
    expect(readRequestLinkToken(SECRET, row.id, token, new Date())).toBe("open");
    // Another request's id, another key or a later day: it opens nothing.
    expect(
      readRequestLinkToken(SECRET, "0b6f3c1e-93a4-4d2b-8f1e-5a6b7c8d9e0f", token, new Date()),
    ).toBeNull();
    expect(readRequestLinkToken("another-secret", row.id, token, new Date())).toBeNull();
    const later = new Date(Date.now() + (REQUEST_LINK_DAYS + 1) * DAY_MS);
    expect(readRequestLinkToken(SECRET, row.id, token, later)).toBe("expired");
    expect(text).toContain(
      `This link opens your request in any browser for ${REQUEST_LINK_DAYS.toString()} days: keep this email to come back to it.`,
    );
  });

  it("sends an account holder to their own project, with no key in the link", () => {
    const row = lead({ userId: "0b6f3c1e-93a4-4d2b-8f1e-5a6b7c8d9e0f" });
    const text = composeConfirmationEmail(row, mail, reader)?.text ?? "";
    expect(linkIn(text)).toBe(`https://trade-match.example/dashboard/projects/${row.id}/pros`);
    expect(text).toContain("You also find it under My Projects when you sign in.");
  });

  it("links to the page in the reader's language", () => {
    const text = composeConfirmationEmail(lead({}), mail, { ...reader, locale: "fr" })?.text ?? "";
    expect(linkIn(text)).toMatch(/^https:\/\/trade-match\.example\/fr\/requests\//);
  });
});
