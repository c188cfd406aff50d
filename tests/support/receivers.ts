/**
 * Real peers for delivery tests: an SMTP server (the smtp-server package)
 * and an HTTP webhook receiver that checks the signature like a CRM would.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { signWebhook } from "~/lib/mail/transports.server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export async function startSmtpServer(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port.toString()}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface WebhookDelivery {
  deliveryId: string;
  body: { event: string; lead: { id: string; name: string } };
  validSignature: boolean;
}

/**
 * `failures(n)` answers the n-th request for a delivery (1-based); return a
 * status ≥ 400 to fail it.
 */
export async function startWebhookReceiver(
  secret: string,
  failures: (attempt: number, deliveryId: string) => number = () => 200,
): Promise<{
  url: string;
  deliveries: WebhookDelivery[];
  attempts: Map<string, number>;
  close(): Promise<void>;
}> {
  const deliveries: WebhookDelivery[] = [];
  const attempts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString();
      const deliveryId = String(req.headers["x-trade-match-delivery"]);
      const timestamp = String(req.headers["x-trade-match-timestamp"]);
      const attempt = (attempts.get(deliveryId) ?? 0) + 1;
      attempts.set(deliveryId, attempt);
      const status = failures(attempt, deliveryId);
      const validSignature =
        req.headers["x-trade-match-signature"] === signWebhook(secret, timestamp, raw);
      if (status < 400 && validSignature) {
        deliveries.push({
          deliveryId,
          body: JSON.parse(raw) as WebhookDelivery["body"],
          validSignature,
        });
      }
      res.statusCode = validSignature ? status : 401;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port.toString()}/hooks/leads`,
    deliveries,
    attempts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
