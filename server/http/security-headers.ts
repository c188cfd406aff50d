/** Headers every response carries. */
import type { ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { Env } from "../../app/lib/env.server";

export function applySecurityHeaders(res: ServerResponse, env: Env): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader(
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  );
  if (env.NODE_ENV === "production" && env.SITE_URL.startsWith("https://")) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}

/**
 * What Node answers by itself, before any handler runs, to a request it cannot
 * read (a request line or headers over its 16 KB limit, a malformed request, a
 * client too slow to send its headers), with the same headers as every other
 * answer: Node's own answer carries none. The statuses are Node's.
 */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; text: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    text: "The address or the headers of this request are too long.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    text: "The request took too long to arrive.",
  },
};
const BAD_REQUEST = { status: 400, reason: "Bad Request", text: "This request cannot be read." };

/** A `clientError` listener for the HTTP server (node:http's "clientError" event). */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  // The client has gone, or an answer has already started: nothing can be said.
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = (error.code && CLIENT_ERRORS[error.code]) || BAD_REQUEST;
  const body = `${answer.text}\n`;
  socket.end(
    [
      `HTTP/1.1 ${answer.status.toString()} ${answer.reason}`,
      "Content-Type: text/plain; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(body).toString()}`,
      "X-Content-Type-Options: nosniff",
      "Content-Security-Policy: default-src 'none'; object-src 'none'; frame-ancestors 'none'",
      "X-Frame-Options: DENY",
      "Referrer-Policy: strict-origin-when-cross-origin",
      "Cache-Control: no-store",
      "Connection: close",
      "",
      body,
    ].join("\r\n"),
  );
}
