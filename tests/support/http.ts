/** Talking to a test server the way a browser without JavaScript does, or a raw client. */
import { connect, type Socket } from "node:net";

/** The form-key cookie a page response sets (what a browser would send back). */
export async function formKeyFrom(baseUrl: string, path = "/"): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`);
  await response.body?.cancel();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("tm_fk="));
  const key = cookie?.split(";")[0]?.slice("tm_fk=".length);
  if (!key) throw new Error(`no form-key cookie from ${path}`);
  return key;
}

/** Posts a form; a `formKey` field is sent as the form-key cookie instead. */
export function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const { formKey, ...rest } = fields;
  return fetch(url, {
    method: "POST",
    body: new URLSearchParams(rest),
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: new URL(url).origin,
      ...(formKey ? { cookie: `tm_fk=${formKey}` } : {}),
      ...headers,
    },
  });
}

export interface RawExchange {
  /** Everything the server sent, as text. */
  response: string;
  /** The status line's code, or 0 when no response arrived. */
  status: number;
  /** Whether the server closed the connection (or reset it) before the exchange ended. */
  closed: boolean;
  /** The socket error the client saw, if any (ECONNRESET, EPIPE). */
  error?: string;
  /** How long after the first write the connection closed (or `waitMs`). */
  ms: number;
}

/** Whether `data` holds a whole final response (any 1xx before it skipped) with its body. */
function hasWholeResponse(data: Buffer): boolean {
  let at = 0;
  for (;;) {
    const headEnd = data.indexOf("\r\n\r\n", at);
    if (headEnd === -1) return false;
    const head = data.subarray(at, headEnd).toString("latin1");
    if (/^HTTP\/1\.1 1\d\d/.test(head)) {
      at = headEnd + 4;
      continue;
    }
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    return length !== undefined && data.length >= headEnd + 4 + Number(length);
  }
}

/**
 * Talks HTTP/1.1 over a plain TCP socket, the way a hostile or careless
 * client does: `send` writes whatever it likes (in one go, in chunks, or
 * stops half-way), and the answer is read once `send` is done; the exchange
 * ends with the first whole final response (or, `untilClosed`, when the
 * server closes the connection), or when `waitMs` runs out.
 */
export function rawExchange(
  baseUrl: string,
  send: (socket: Socket) => void | Promise<void>,
  waitMs = 10_000,
  { untilClosed = false } = {},
): Promise<RawExchange> {
  return new Promise<RawExchange>((resolve) => {
    const { hostname, port } = new URL(baseUrl);
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let started = 0;
    const socket = connect(Number(port), hostname, () => {
      started = performance.now();
      // Like a browser or Node's http, it reads the answer once it has sent its request:
      // what the server sent meanwhile waits in the socket's buffer, and is lost if the
      // server resets the connection.
      socket.pause();
      Promise.resolve(send(socket))
        .catch((e: unknown) => {
          error ??= (e as NodeJS.ErrnoException).code ?? String(e);
        })
        .finally(() => socket.resume());
    });
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const response = Buffer.concat(chunks).toString("latin1");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
      resolve({ response, status, closed, error, ms: performance.now() - started });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (!untilClosed && hasWholeResponse(Buffer.concat(chunks))) finish(false);
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error ??= e.code ?? e.message;
    });
    socket.on("close", () => finish(true));
  });
}

/** Writes `body` as chunked transfer coding, `size` bytes a chunk, with the last chunk. */
export function writeChunked(socket: Socket, body: Buffer, size = 16 * 1024) {
  for (let at = 0; at < body.length; at += size) {
    const chunk = body.subarray(at, at + size);
    socket.write(`${chunk.length.toString(16)}\r\n`);
    socket.write(chunk);
    socket.write("\r\n");
  }
  socket.write("0\r\n\r\n");
}

const ENTITIES = { "<!-- -->": "", "&#x27;": "'", "&quot;": '"', "&amp;": "&" };

/** A page's HTML as a browser reads its text: React's marks where texts join gone, entities decoded. */
export const pageText = (html: string): string =>
  Object.entries(ENTITIES).reduce((text, [from, to]) => text.replaceAll(from, to), html);

/** From the first `start` to the next `end` after it; fails when `start` is missing. */
export function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  if (from === -1) throw new Error(`${start} is not on the page`);
  const to = html.indexOf(end, from);
  return html.slice(from, to === -1 ? undefined : to + end.length);
}
