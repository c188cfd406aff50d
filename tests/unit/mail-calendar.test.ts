/**
 * An email's invite as SMTP sends it (issue 34, RFC 6047): the message that
 * nodemailer builds from `mailOptionsOf` has a text/calendar part with the
 * invite's METHOD; a message without one has no such part.
 */
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { EmailMessage } from "~/lib/mail/email";
import { mailOptionsOf, senderFooter } from "~/lib/mail/transports.server";

const INVITE = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//TradeMatch//Visits//EN",
  "METHOD:REQUEST",
  "BEGIN:VEVENT",
  "UID:0b6c2f9e-1d2a-4c3b-9e8f-123456789abc@trade-match.example",
  "SEQUENCE:0",
  "DTSTAMP:20260302T120000Z",
  "DTSTART:20260310T150000Z",
  "DTEND:20260310T160000Z",
  "SUMMARY:Site visit",
  "END:VEVENT",
  "END:VCALENDAR",
].join("\r\n");

const MESSAGE: EmailMessage = {
  to: "jane@example.com",
  from: "TradeMatch <hello@trade-match.example>",
  subject: "Your site visit is booked",
  text: "Tuesday, March 10, 9:00 AM MDT",
};

async function rendered(message: EmailMessage): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(mailOptionsOf(message));
  if (!Buffer.isBuffer(info.message)) throw new Error("not buffered");
  return info.message.toString("utf8");
}

describe("an email's invite", () => {
  it("is nodemailer's icalEvent, with the METHOD and a file name", () => {
    expect(
      mailOptionsOf({ ...MESSAGE, calendar: { method: "CANCEL", content: INVITE } }),
    ).toMatchObject({
      to: MESSAGE.to,
      subject: MESSAGE.subject,
      text: MESSAGE.text,
      icalEvent: { method: "CANCEL", content: INVITE, filename: "invite.ics" },
    });
    expect(mailOptionsOf(MESSAGE)).not.toHaveProperty("icalEvent");
  });

  it("goes out as a text/calendar part with method=REQUEST beside the text", async () => {
    const raw = await rendered({ ...MESSAGE, calendar: { method: "REQUEST", content: INVITE } });
    expect(raw).toMatch(/^Content-Type: multipart\/(alternative|mixed)/im);
    expect(raw).toMatch(/^Content-Type: text\/plain/im);
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST/im);
    // And the same invite as a file, for the mail apps that read only attachments.
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=invite\.ics/im);
    expect(raw).toContain("UID:0b6c2f9e-1d2a-4c3b-9e8f-123456789abc@trade-match.example");
  });

  it("is absent from a message without an invite", async () => {
    const raw = await rendered(MESSAGE);
    expect(raw).not.toMatch(/text\/calendar/i);
  });
});

describe("the foot of every email", () => {
  const message: EmailMessage = {
    to: "dana@example.com",
    from: "TradeMatch <no-reply@trade-match.example>",
    subject: "Your visit",
    text: "Hello.\n\nStop these emails: https://trade-match.example/u/abc\n",
  };

  it("names the sender, its mailing address and how to reach it, after the text", () => {
    const footer = senderFooter("1 Main St, Halifax, NS B3H 1A1, Canada");
    expect(footer).toBe(
      "-- \nTradeMatch · 1 Main St, Halifax, NS B3H 1A1, Canada · hello@trade-match.example",
    );
    expect(mailOptionsOf(message, footer).text).toBe(
      `Hello.\n\nStop these emails: https://trade-match.example/u/abc\n\n${footer}\n`,
    );
  });
});
