/**
 * Reading a request's body, and refusing one, so that the client always
 * reads the answer.
 *
 * A client that sends a body does not wait to be asked (browsers and Node's
 * `http` send it at once, without `Expect: 100-continue`), and reads the
 * answer once it has sent it. Closing the connection while it is still
 * sending makes its operating system see a reset, and the refusal we wrote
 * is lost with it. So the rest of a refused body is read and dropped first,
 * for at most LINGER_BYTES and LINGER_MS (a lingering close); a client still
 * sending after that gets the answer and the connection closes. A body that
 * stops arriving is answered 408 after the idle timeout.
 */
import type { IncomingMessage } from "node:http";

/** Largest request body we read (forms are a few kilobytes). */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * How much of this body we read: a multipart form up to the route's
 * `uploadBytes` when it declares one (forms with photos, app/lib/edge.ts),
 * every other body MAX_BODY_BYTES.
 */
export function bodyLimit(
  contentType: string | undefined,
  uploadBytes: number | undefined,
): number {
  const multipart = /^multipart\/form-data/i.test(contentType ?? "");
  return multipart && uploadBytes !== undefined ? uploadBytes : MAX_BODY_BYTES;
}

/** How much of a refused body we still read and drop before closing the connection. */
export const LINGER_BYTES = 1024 * 1024;
/** How long we wait for the rest of a refused body before closing the connection. */
export const LINGER_MS = 5_000;

/** A request refused with a 4xx status and a short message for the person. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers the refusal needs (`Allow` for 405). */
    readonly headers: Record<string, string> = {},
    /** Close the connection after answering (the client stopped sending). */
    readonly close = false,
  ) {
    super(message);
  }
}

/**
 * Reads and drops the rest of a body we will not use. Resolves true once it
 * has all arrived (the connection is clean: the answer can go, and the
 * connection can carry the next request), or false when the client sent more
 * than LINGER_BYTES or is still sending after LINGER_MS (the answer goes, and
 * the connection is closed).
 */
export function discardBody(req: IncomingMessage): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let dropped = 0;
    const done = (ended: boolean) => {
      clearTimeout(timer);
      req.off("data", onData);
      resolve(ended);
    };
    const timer = setTimeout(() => done(false), LINGER_MS);
    function onData(chunk: Buffer) {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) done(false);
    }
    req.on("data", onData);
    req.once("end", () => done(true));
    req.once("close", () => done(req.complete));
    req.resume();
  });
}

export const TOO_LARGE_MESSAGE =
  "This form is too large to send. Please shorten what you typed and try again.";

/**
 * The body, up to `limit` bytes. Over the limit (by its declared length or
 * as it arrives) it rejects with 413 and stops keeping it (see discardBody);
 * when no part of it arrives for `idleMs`, it rejects with 408.
 */
export function readBody(req: IncomingMessage, limit: number, idleMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: HttpError) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      chunks.length = 0;
      req.off("data", onData);
      reject(error);
    };
    let idle = setTimeout(onIdle, idleMs);
    function onIdle() {
      fail(
        new HttpError(
          408,
          "The rest of the form did not arrive in time. Please try again.",
          {},
          true,
        ),
      );
    }
    function onData(chunk: Buffer) {
      clearTimeout(idle);
      idle = setTimeout(onIdle, idleMs);
      size += chunk.length;
      if (size > limit) {
        fail(new HttpError(413, TOO_LARGE_MESSAGE));
        return;
      }
      chunks.push(chunk);
    }
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      fail(new HttpError(413, TOO_LARGE_MESSAGE));
      return;
    }
    req.on("data", onData);
    req.once("end", () => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      resolve(Buffer.concat(chunks));
    });
    req.once("error", (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      reject(error);
    });
  });
}
