/**
 * What every loader and action can reach through the router context: the
 * database, the configuration, the logger and the request's client. Set by
 * the server per request; absent while pages are prerendered at build time.
 */
import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";
import type { Database, DatabaseHandle } from "./db.server";
import type { Env } from "./env.server";
import type { MessageBus } from "./message-bus.server";

/** This instance's figures now, for the console's overview (server/metrics.ts). */
export interface InstanceFigures {
  /** The window of the latency figures, minutes. */
  latencyMinutes: number;
  /** Requests answered in that window (event streams aside). */
  requests: number;
  /** The 95th percentile of their times, seconds; null without requests. */
  p95Seconds: number | null;
  /** 5xx answers in the last hour. */
  errorsLastHour: number;
  /** The outbox (every instance's), or null when the database has not answered. */
  outbox: { due: number; failed: number; oldestDueSeconds: number } | null;
}

export interface AppServices {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  /** Installation secret: signs form keys and hashes client addresses. */
  secret: string;
  /** Wakes the outbox worker after a commit. */
  notifyOutbox(): void;
  /** New messages, to the threads open on this instance and the others (message-bus.server.ts). */
  messageBus: MessageBus;
  /** This instance's figures now (absent where no server runs: tests of the data layer). */
  instanceFigures?: () => Promise<InstanceFigures>;
  /** The site's clock for loaders and actions (nowOf): the wall clock unless a test moves it. */
  now?: () => Date;
}

export interface RequestInfo {
  /** The client's address (the proxy's first X-Forwarded-For hop when TRUST_PROXY). */
  clientAddress: string;
  /** What the page's own scripts are marked with (app/lib/script-mark.ts). */
  scriptMark?: string;
}

export const appContext = createContext<AppServices | null>(null);
export const requestContext = createContext<RequestInfo>({ clientAddress: "unknown" });

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  const services = context.get(appContext);
  if (!services) throw new Error("App services are not available (prerendering?)");
  return services;
}

/** The services, or null while prerendering. */
export function findServices(context: Readonly<RouterContextProvider>): AppServices | null {
  return context.get(appContext);
}

/**
 * The time a loader or action reads and hands to its page (which formats its
 * dates against it, so the server's render and the browser's agree): the
 * services' clock, else the wall clock.
 */
export function nowOf(context: Readonly<RouterContextProvider>): Date {
  return findServices(context)?.now?.() ?? new Date();
}

export function getDb(context: Readonly<RouterContextProvider>): Database {
  return getServices(context).database.db;
}

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestContext);
}
