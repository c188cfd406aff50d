/** Where the outbox delivers: SMTP (nodemailer) and a signed JSON webhook. */
import { createHmac } from "node:crypto";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { BRAND } from "~/site";
import type { EmailMessage } from "./email";

export interface Transports {
  /** Undefined when SMTP_URL is not set: emails are held in the outbox. */
  email?: (message: EmailMessage) => Promise<void>;
  /** Undefined when LEAD_WEBHOOK_URL is not set. */
  webhook?: (body: unknown, deliveryId: string) => Promise<void>;
  close(): void;
}

export const SIGNATURE_HEADER = "x-trade-match-signature";
export const TIMESTAMP_HEADER = "x-trade-match-timestamp";
export const DELIVERY_HEADER = "x-trade-match-delivery";

/** HMAC-SHA256 over "<timestamp>.<body>", hex: what a receiver recomputes to verify. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export interface TransportConfig {
  smtpUrl?: string;
  /** The sender's mailing address at the foot of every email (BRAND.postalAddress by default). */
  postalAddress?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  /** Per-delivery time limit. */
  timeoutMs?: number;
}

/**
 * The foot of every email: who sends it, its mailing address and how to
 * reach it, in no language of its own (CASL's sender identification; the
 * unsubscribe link is the composer's, where the email has one).
 */
export function senderFooter(postalAddress: string): string {
  return `-- \n${BRAND.name} · ${postalAddress} · ${BRAND.supportEmail}`;
}

/**
 * What nodemailer is given for a message: its text with the sender's footer
 * (when given), an invite as its text/calendar part.
 */
export function mailOptionsOf(message: EmailMessage, footer?: string): SendMailOptions {
  return {
    to: message.to,
    from: message.from,
    replyTo: message.replyTo,
    subject: message.subject,
    text: footer ? `${message.text.trimEnd()}\n\n${footer}\n` : message.text,
    headers: message.headers,
    ...(message.calendar
      ? {
          icalEvent: {
            method: message.calendar.method,
            content: message.calendar.content,
            filename: "invite.ics",
          },
        }
      : {}),
  };
}

export function createTransports(config: TransportConfig): Transports {
  const timeoutMs = config.timeoutMs ?? 10_000;
  const mailer = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      })
    : undefined;
  const { webhookUrl, webhookSecret } = config;
  const footer = senderFooter(config.postalAddress ?? BRAND.postalAddress);

  return {
    email: mailer
      ? async (message) => {
          await mailer.sendMail(mailOptionsOf(message, footer));
        }
      : undefined,
    webhook:
      webhookUrl && webhookSecret
        ? async (body, deliveryId) => {
            const json = JSON.stringify(body);
            const timestamp = Math.floor(Date.now() / 1000).toString();
            const response = await fetch(webhookUrl, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                [SIGNATURE_HEADER]: signWebhook(webhookSecret, timestamp, json),
                [TIMESTAMP_HEADER]: timestamp,
                [DELIVERY_HEADER]: deliveryId,
              },
              body: json,
              signal: AbortSignal.timeout(timeoutMs),
              redirect: "error",
            });
            await response.body?.cancel();
            if (!response.ok) throw new Error(`webhook answered ${response.status}`);
          }
        : undefined,
    close() {
      mailer?.close();
    },
  };
}
