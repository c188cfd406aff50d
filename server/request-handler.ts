/**
 * Turns Node's request into a Fetch request for React Router and sends the
 * answer back compressed. Static files are answered before the router.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createHeaders } from "@remix-run/node-fetch-server";
import type { Logger } from "pino";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { appContext, requestContext, type AppServices } from "../app/lib/app-context.server";
import { chooseEncoding, createCompressor, isCompressible } from "./compression";
import { handleOperatorRequest, OPERATOR_PATH } from "./operator-api";
import { applySecurityHeaders } from "./security-headers";
import type { StaticFiles } from "./static-files";

/** Largest request body we read (forms are a few kilobytes). */
export const MAX_BODY_BYTES = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) {
    return Promise.reject(new HttpError(413, "Request body too large"));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new HttpError(413, "Request body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

async function toFetchRequest(
  req: IncomingMessage,
  res: ServerResponse,
  origin: URL,
): Promise<Request> {
  const host = req.headers.host;
  if (!host || !HOST_PATTERN.test(host)) throw new HttpError(400, "Bad Host header");
  const url = new URL(req.url ?? "/", `${origin.protocol}//${host}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const body = hasBody ? await readBody(req, MAX_BODY_BYTES) : undefined;
  return new Request(url, {
    method,
    headers: createHeaders(req),
    body: body ? new Uint8Array(body) : undefined,
    signal: controller.signal,
  });
}

async function sendFetchResponse(
  req: IncomingMessage,
  res: ServerResponse,
  response: Response,
): Promise<void> {
  const headers = response.headers;
  const setCookies = headers.getSetCookie();
  for (const [name, value] of headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  if (setCookies.length > 0) res.setHeader("Set-Cookie", setCookies);
  res.statusCode = response.status;

  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const compress =
    response.body !== null &&
    encoding !== "identity" &&
    !headers.has("content-encoding") &&
    isCompressible(headers.get("content-type"));
  if (compress) {
    res.removeHeader("Content-Length");
    res.setHeader("Content-Encoding", encoding);
    res.appendHeader("Vary", "Accept-Encoding");
  }
  if (req.method === "HEAD" || response.body === null) {
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  if (compress) await pipeline(body, createCompressor(encoding), res);
  else await pipeline(body, res);
}

function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "unknown";
}

export interface HandlerOptions {
  build: ServerBuild;
  /** The operator's token (see operator-api.ts). */
  operatorToken: string;
  mode: string;
  services: AppServices;
  staticFiles: StaticFiles;
  logger: Logger;
}

export function createHttpHandler(options: HandlerOptions) {
  const { build, services, staticFiles, logger } = options;
  const handleRequest = createRequestHandler(build, options.mode);

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    applySecurityHeaders(res, services.env);
    const pathname = (req.url ?? "/").split("?")[0] ?? "/";
    res.on("finish", () => {
      logger.info(
        {
          method: req.method,
          path: pathname,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    });

    try {
      if (
        (req.method === "GET" || req.method === "HEAD") &&
        staticFiles.serve(req, res, pathname)
      ) {
        return;
      }
      if (pathname === OPERATOR_PATH && req.method === "GET") {
        await handleOperatorRequest(req, res, services.database.db, options.operatorToken);
        return;
      }
      const request = await toFetchRequest(req, res, new URL(services.env.SITE_URL));
      const context = new RouterContextProvider();
      context.set(appContext, services);
      context.set(requestContext, { clientAddress: clientAddress(req, services.env.TRUST_PROXY) });
      const response = await handleRequest(request, context);
      await sendFetchResponse(req, res, response);
    } catch (error) {
      if (error instanceof HttpError) {
        if (!res.headersSent) {
          res.statusCode = error.status;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.setHeader("Connection", "close");
        }
        res.end(error.message);
        return;
      }
      if (res.destroyed) return;
      logger.error({ err: error, path: pathname }, "request failed");
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Something went wrong on our side. Please try again.");
      } else {
        res.destroy();
      }
    }
  };
}
