/**
 * Starts the production server: configuration, database (migrated and
 * seeded), HTTP, and a graceful shutdown that lets requests in flight finish.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import islandClasses from "virtual:island-classes";
import type { AppServices } from "../app/lib/app-context.server";
import { openDatabase, type DatabaseHandle } from "../app/lib/db.server";
import { parseEnv, setEnv, type Env } from "../app/lib/env.server";
import { createLogger, setLogger } from "../app/lib/logger.server";
import { openMessageBus } from "../app/lib/message-bus.server";
import { loadInstallationSecret } from "../app/lib/secrets.server";
import { createOutboxWorker, releaseHeldEmails } from "../app/lib/mail/outbox.server";
import { createTransports } from "../app/lib/mail/transports.server";
import { mailSettingsOf } from "../app/lib/mail/settings.server";
import { formKeyCookie } from "~/features/leads/index.server";
import { loadGazetteer } from "~/features/places/index.server";
import { dependencyBuild, developmentBuildsLoaded } from "./dependency-builds";
import { createOperatorToken, writeRuntimeFile } from "./operator/operator-api";
import { operatorEndpoint } from "./operator/operator-routes";
import { createHttpHandler, type HttpHandler } from "./http/request-handler";
import { secretPathRedactor } from "./http/secret-paths";
import { closeOnSignals, closer, listen } from "./lifecycle";
import { createMetrics, type SiteMetrics } from "./metrics";
import { seedDemoData } from "./seed";
import { housekeeper, startHousekeeping, type Housekeeper } from "./housekeeping";
import { PageCache } from "./pages/page-cache";
import { purgeOnStale } from "./pages/stale-pages";
import { announceBusinessesOn } from "~/features/fresh-pages/index.server";
import { createPageCss, type PageCss } from "./pages/page-css";
import { improvementsWaiting } from "./pages/page-encodings";
import { loadPrerenderedPages } from "./pages/prerendered";
import { loadStaticFiles, type StaticFiles } from "./http/static-files";
import { createPageWarmer, popularPagePaths } from "./pages/warm-pages";

/** `npm run dev`: Vite serves the code and reloads it; nothing is kept or rendered ahead. */
export interface DevelopmentOptions {
  /** Vite's middlewares (modules, HMR, the public folder), asked first. */
  middlewares: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  loadBuild: () => Promise<ServerBuild>;
}

export interface StartOptions {
  build: ServerBuild;
  development?: DevelopmentOptions;
  /** Folder of the client build; defaults to the build's own. */
  clientDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Install SIGTERM/SIGINT handlers (off in tests that embed the server). */
  handleSignals?: boolean;
  /** Where the log goes (standard output unless given: tests that embed the server keep it). */
  logDestination?: { write(line: string): void };
}

export interface RunningServer {
  server: Server;
  services: AppServices;
  url: string;
  close(): Promise<void>;
}

/** Development has no client build: Vite serves the code and the public folder. */
const NO_STATIC_FILES: StaticFiles = { serve: () => false };

export async function start(options: StartOptions): Promise<RunningServer> {
  const env = parseEnv(options.env ?? process.env);
  setEnv(env);
  // The keys routes carry in their paths never reach a log line (issue 42).
  const logger = createLogger(
    env.LOG_LEVEL,
    options.logDestination,
    secretPathRedactor(options.build),
  );
  setLogger(logger);

  const database = await openData(env, logger);
  const secret = await loadInstallationSecret(database.db, env.SESSION_SECRET);
  // The outbox starts before the bus opens; its jobs announce stale pages once it has.
  const late: { announce?: (businessIds: readonly string[]) => Promise<void> } = {};
  const stale = (businessIds: readonly string[]) =>
    late.announce?.(businessIds) ?? Promise.resolve();
  const { transports, outbox } = await startOutbox(database, env, logger, stale);
  logSignIn(env, logger);
  const housekeep = housekeeper(database.db, env, logger, stale);
  const housekeeping = startHousekeeping(housekeep, logger);
  // New messages reach the threads open on every instance (LISTEN/NOTIFY on PostgreSQL).
  const messageBus = await openMessageBus(database, logger);
  late.announce = (businessIds) =>
    announceBusinessesOn(database.db, messageBus, logger, businessIds);
  const services: AppServices = {
    env,
    logger,
    database,
    secret,
    notifyOutbox: () => outbox.notify(),
    messageBus,
  };
  const development = options.development;
  const clientDir = path.resolve(options.clientDir ?? options.build.assetsBuildDirectory);
  // In development every page is rendered from the code as it is now.
  const cache = new PageCache(development ? { maxBytes: 0 } : {});
  // Pages made stale by a write on any instance leave this cache at once (decision 041).
  purgeOnStale(messageBus, cache, logger);
  const pageCss = islandClasses ? createPageCss(islandClasses) : undefined;
  const operatorToken = createOperatorToken(env.OPERATOR_TOKEN);
  // The numbers to watch (/metrics, the console's "Now"): decision 042.
  const metrics = createMetrics({
    database,
    pageCache: () => ({ entries: cache.size, bytes: cache.bytes, purges: cache.purged }),
  });
  services.instanceFigures = () => metrics.figures();
  const handler = createHandler(options, services, {
    cache,
    pageCss,
    operatorToken,
    clientDir,
    metrics,
    housekeep,
  });
  const warmer = createPageWarmer({
    paths: popularPagePaths(),
    cache,
    render: (page) => handler.renderIntoCache(page),
    logger,
  });

  const server = await listen(env, handler, development?.middlewares);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  // Without a configured SITE_URL, links and redirects use the address we really listen on.
  if (!env.siteUrlConfigured) env.SITE_URL = url;
  const close = closer({
    server,
    env,
    logger,
    messageBus,
    housekeeping,
    warmer,
    outbox,
    transports,
    database,
  });
  if (options.handleSignals ?? true) closeOnSignals(close, logger);

  if (!development) {
    await loadPrerendered(clientDir, cache, pageCss, env, logger);
    if (env.PAGE_WARMING) warmer.start();
  }
  logDependencyBuilds(env, logger);
  await writeRuntimeFile(env.DATA_DIR, { url, token: operatorToken, pid: process.pid });
  // Logged last: once this line is out, the server is ready and stops cleanly.
  logger.info({ url, env: env.NODE_ENV }, `TradeMatch is listening on ${url}`);
  return { server, services, url, close };
}

/** The HTTP edge, with what it cannot learn from the routes passed in (decision 033). */
function createHandler(
  options: StartOptions,
  services: AppServices,
  parts: {
    cache: PageCache;
    pageCss: PageCss | undefined;
    operatorToken: string;
    clientDir: string;
    metrics: SiteMetrics;
    housekeep: Housekeeper;
  },
): HttpHandler {
  const { env, database, secret } = services;
  const { cache, pageCss, operatorToken, metrics } = parts;
  const development = options.development;
  return createHttpHandler({
    build: options.build,
    loadBuild: development?.loadBuild,
    cache,
    mode: env.NODE_ENV === "development" ? "development" : "production",
    services,
    staticFiles: development ? NO_STATIC_FILES : loadStaticFiles(parts.clientDir),
    logger: services.logger,
    pageCss,
    endpoints: [
      operatorEndpoint({
        db: database.db,
        env,
        token: operatorToken,
        status: () => ({
          pageCache: { entries: cache.size, bytes: cache.bytes, maxBytes: cache.maxBytes },
          improvementsWaiting: improvementsWaiting(),
        }),
        housekeeping: parts.housekeep,
      }),
      metrics.endpoint(operatorToken),
    ],
    // The form key (leads), renewed at the edge so that public pages stay the same for all.
    renewedCookies: (secure) => [formKeyCookie(secret, secure)],
    observe: (edge) => metrics.observe(edge),
  });
}

/** The database, migrated and seeded, and the place index: both ready before traffic. */
async function openData(env: Env, logger: Logger): Promise<DatabaseHandle> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  await seedDemoData(database.db);
  // The first query after boot pays for PGlite's start; pay it before traffic.
  await database.ping();
  logger.info({ database: database.kind }, "database ready");

  // The place index (and the postal-code table) load before traffic, not on a visitor's request.
  const gazetteer = await loadGazetteer();
  gazetteer.byPostalCode("10001");
  logger.info({ places: gazetteer.size }, "place index ready");
  return database;
}

/** The outbox's transports and worker, started; emails held without SMTP go once it is set. */
async function startOutbox(
  database: DatabaseHandle,
  env: Env,
  logger: Logger,
  stale: (businessIds: readonly string[]) => Promise<void>,
) {
  const transports = createTransports({
    smtpUrl: env.SMTP_URL,
    postalAddress: env.MAIL_POSTAL_ADDRESS,
    webhookUrl: env.LEAD_WEBHOOK_URL,
    webhookSecret: env.LEAD_WEBHOOK_SECRET,
  });
  const outbox = createOutboxWorker({
    db: database.db,
    logger,
    transports,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
    pollMs: env.OUTBOX_POLL_MS,
    lockMs: env.OUTBOX_LOCK_MS,
    mail: mailSettingsOf(env),
    stale,
  });
  if (env.SMTP_URL) {
    const released = await releaseHeldEmails(database.db);
    if (released > 0)
      logger.info({ released }, "SMTP is configured: sending emails held in the outbox");
  } else {
    logger.info("SMTP_URL is not set: lead emails are kept in the outbox and noted in the log");
  }
  outbox.start();
  return { transports, outbox };
}

function logSignIn(env: Env, logger: Logger) {
  logger.info(
    env.authMode === "google"
      ? { auth: "google", issuer: env.OIDC_ISSUER }
      : {
          auth: "local",
          reason: "GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET not set or AUTH_MODE=local",
        },
    env.authMode === "google"
      ? "sign-in: Google (OpenID Connect)"
      : "sign-in: local demo mode (Sign in with Google signs each browser into its own demo account)",
  );
}

async function loadPrerendered(
  clientDir: string,
  cache: PageCache,
  pageCss: PageCss | undefined,
  env: Env,
  logger: Logger,
) {
  const prerendered = await loadPrerenderedPages(
    clientDir,
    env.SITE_URL,
    cache,
    pageCss,
    env.PAGE_WARMING,
  );
  logger.info(
    { loaded: prerendered.loaded.length, skipped: prerendered.skipped.length },
    prerendered.skipped.length > 0
      ? "some prerendered pages were built for another SITE_URL; they are rendered on first request instead"
      : "prerendered pages loaded",
  );
}

function logDependencyBuilds(env: Env, logger: Logger) {
  const builds = dependencyBuild();
  if (builds === "development" && env.NODE_ENV === "production") {
    logger.warn(
      { dependencyBuild: builds, modules: developmentBuildsLoaded().length },
      "dependencies run their development builds (slower): set NODE_ENV=production before the server is imported",
    );
  } else {
    logger.info({ dependencyBuild: builds }, `dependencies run their ${builds} builds`);
  }
}
