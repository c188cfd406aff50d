import { describe, expect, it } from "vitest";
import { composeConfirmationEmail } from "~/features/leads/lead-emails.server";
import type { LeadRow } from "~/features/leads/lead-row";
import { leadRow } from "../support/factories";

const mail = {
  from: "TradeMatch <no-reply@trade-match.example>",
  businessInbox: "leads@trade-match.example",
  siteUrl: "https://trade-match.example",
};

function lead(overrides: Partial<LeadRow>): LeadRow {
  return leadRow({ email: "victim@example.com", ...overrides });
}

describe("the confirmation email", () => {
  it("says what we know in our own words: the service, the place, the date", () => {
    const email = composeConfirmationEmail(lead({}), mail, "Denver, CO");
    expect(email?.to).toBe("victim@example.com");
    expect(email?.subject).toBe("We received your request – TradeMatch");
    expect(email?.text).toContain(
      "We received your request for Roofing in Denver, CO on March 14, 2026. We'll be in touch.",
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
    );
    const text = `${email?.subject ?? ""}\n${email?.text ?? ""}`;
    expect(text).not.toMatch(/evil|prize|claim|1-900|Jordan|EVIL/i);
    expect(text).not.toContain("\u001b");
    expect(email?.text).toContain("We received your request on March 14, 2026.");
    expect(email?.replyTo).toBeUndefined();
  });

  it("is not sent when there is no email address", () => {
    expect(composeConfirmationEmail(lead({ email: null }), mail)).toBeNull();
  });
});
