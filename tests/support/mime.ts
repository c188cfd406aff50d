/**
 * An email as its reader sees it, from the bytes an SMTP server received
 * (receivers.ts): the subject with its encoded words decoded (RFC 2047), the
 * plain-text part decoded from quoted-printable or base64, the headers. Just
 * what nodemailer writes, which is all our tests receive.
 */
import type { ReceivedMail } from "./receivers";

export interface ReadMail {
  to: string[];
  subject: string;
  /** The text/plain part, decoded, with LF line ends. */
  text: string;
  /** Header names in lower case; unfolded values. */
  headers: Map<string, string>;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normal = raw.replace(/\r\n/g, "\n");
  const end = normal.indexOf("\n\n");
  const head = end < 0 ? normal : normal.slice(0, end);
  const body = end < 0 ? "" : normal.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function bytesOfQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** "=?UTF-8?Q?Non_retenu_=C2=A0?=" and "=?UTF-8?B?…?=" words, as their text. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_, _charset: string, how: string, data: string) =>
        how.toUpperCase() === "B"
          ? Buffer.from(data, "base64").toString("utf8")
          : bytesOfQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}

function parameter(header: string, name: string): string | undefined {
  return new RegExp(`${name}="?([^";]+)"?`, "i").exec(header)?.[1];
}

/** The first text/plain part of a body with these headers, decoded. */
function plainText(headers: Map<string, string>, body: string): string | undefined {
  const type = headers.get("content-type") ?? "text/plain";
  if (/^multipart\//i.test(type)) {
    const boundary = parameter(type, "boundary");
    if (!boundary) return undefined;
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const inner = splitHeaders(part.replace(/^\n/, ""));
      const text = plainText(inner.headers, inner.body);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(type)) return undefined;
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return bytesOfQuotedPrintable(body).toString("utf8");
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

export function readMail(mail: ReceivedMail): ReadMail {
  const { headers, body } = splitHeaders(mail.raw);
  return {
    to: mail.to,
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    text: (plainText(headers, body) ?? "").replace(/\n+$/, "\n"),
    headers,
  };
}
