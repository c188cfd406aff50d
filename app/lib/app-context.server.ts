/**
 * What every loader and action can reach through the router context: the
 * database, the configuration and the logger. Set by the server per request.
 */
import type { Logger } from "pino";
import { createContext, type RouterContextProvider } from "react-router";
import type { Database, DatabaseHandle } from "./db.server";
import type { Env } from "./env.server";

export interface AppServices {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
}

export const appContext = createContext<AppServices>();

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appContext);
}

export function getDb(context: Readonly<RouterContextProvider>): Database {
  return context.get(appContext).database.db;
}
