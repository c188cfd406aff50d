/**
 * The server's life after start-up: listening, and a graceful shutdown that lets
 * requests in flight finish (on SIGTERM or SIGINT, or when a test asks).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../app/lib/db.server";
import type { Env } from "../app/lib/env.server";
import type { MessageBus } from "../app/lib/message-bus.server";
import type { OutboxWorker } from "../app/lib/mail/outbox.server";
import type { Transports } from "../app/lib/mail/transports.server";
import type { HttpHandler } from "./http/request-handler";
import { answerClientError } from "./http/security-headers";
import { removeRuntimeFile } from "./operator/operator-api";
import type { PageWarmer } from "./pages/warm-pages";

/** Development: Vite's middlewares (modules, HMR, the public folder), asked first. */
export type DevelopmentMiddlewares = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
) => void;

/** The HTTP server, listening. */
export async function listen(
  env: Env,
  handler: HttpHandler,
  middlewares: DevelopmentMiddlewares | undefined,
): Promise<Server> {
  // A client gets REQUEST_BODY_TIMEOUT_MS for its headers, and the same between parts of
  // its body (request-body.ts); the whole request must arrive within a minute. Node checks
  // these deadlines every connectionsCheckingInterval, so that is kept well under them.
  // They are the request's only: a long answer (a thread's event stream) is never cut.
  const stallMs = env.REQUEST_BODY_TIMEOUT_MS;
  const server = createServer(
    {
      keepAliveTimeout: 5_000,
      headersTimeout: stallMs,
      requestTimeout: Math.max(60_000, stallMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(stallMs / 4))),
    },
    middlewares
      ? (req, res) => middlewares(req, res, () => void handler.handle(req, res))
      : (req, res) => {
          void handler.handle(req, res);
        },
  );
  // A request Node cannot read is answered with our headers too (security-headers.ts).
  server.on("clientError", answerClientError);
  // `Expect: 100-continue`: a body we would refuse is refused before it is sent.
  server.on("checkContinue", (req, res) => {
    void handler.handleExpectContinue(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  return server;
}

export interface Running {
  server: Server;
  env: Env;
  logger: Logger;
  messageBus: MessageBus;
  housekeeping: NodeJS.Timeout;
  warmer: PageWarmer;
  outbox: OutboxWorker;
  transports: Transports;
  database: DatabaseHandle;
}

/** A graceful shutdown, run once however often it is asked for. */
export function closer(running: Running): () => Promise<void> {
  const { server, env, logger } = running;
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      logger.info("shutting down: finishing requests in flight");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // Open event streams would never finish on their own: they end now (each
      // on a connection that closes with it), and their browsers reconnect to
      // another instance, missing nothing (Last-Event-ID).
      await running.messageBus.close();
      const timeout = setTimeout(() => {
        logger.warn("shutdown timeout: closing remaining connections");
        server.closeAllConnections();
      }, env.SHUTDOWN_TIMEOUT_MS);
      await closed;
      clearTimeout(timeout);
      clearInterval(running.housekeeping);
      await running.warmer.stop();
      await running.outbox.stop();
      running.transports.close();
      await running.database.close();
      await removeRuntimeFile(env.DATA_DIR);
      logger.info("shutdown complete");
    })();
    return closing;
  };
}

export function closeOnSignals(close: () => Promise<void>, logger: Logger) {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
