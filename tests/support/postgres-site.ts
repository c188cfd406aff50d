/**
 * The whole site on a PostgreSQL database of its own, for the tests that go
 * over HTTP: a fresh database beside TEST_DATABASE_URL's, the production
 * server on it (with a data folder of its own), and a connection of the
 * test's to write and read rows. Plain on purpose (no app module beyond the
 * database's): the browser tests use it too.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { openDatabase, type Database } from "~/lib/db.server";
import { sessions } from "../../database/schema";
import { CookieJar, signInLocally } from "./cookie-jar";
import { createPostgresDatabase } from "./databases";
import { freshDataDir, startServer, startSite, type SiteServer } from "./server";

export interface PostgresSite {
  server: SiteServer;
  /** The server's address. */
  url: string;
  /** The test's own connection to the site's database. */
  db: Database;
  /** The site's database, for `npm run operator` and the like. */
  databaseUrl: string;
  /** Closes the connection, stops the server, drops the database, removes the data folder. */
  stop(): Promise<void>;
}

/**
 * Starts the site on a new database (TEST_DATABASE_URL must be set). `env`
 * is added to the server's environment; by default it lets the tests' own
 * sign-ins make all the demo accounts they need.
 */
export async function startSiteOnPostgres(env: Record<string, string> = {}): Promise<PostgresSite> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("startSiteOnPostgres needs TEST_DATABASE_URL");
  const data = freshDataDir();
  const database = await createPostgresDatabase(baseUrl);
  let server: SiteServer | undefined;
  try {
    // In the test's own process under Vitest (one site at a time there); the browser
    // tests' workers run their sites as processes of their own.
    const start = process.env.VITEST ? startSite : startServer;
    const started = await start({
      DATA_DIR: data.dir,
      DATABASE_URL: database.url,
      DEMO_ACCOUNTS_PER_HOUR: "1000",
      ...env,
    });
    server = started;
    const handle = await openDatabase({ url: database.url, maxConnections: 2 });
    return {
      server: started,
      url: started.url,
      db: handle.db,
      databaseUrl: database.url,
      async stop() {
        await handle.close();
        await started.stop();
        await database.drop();
        data.remove();
      },
    };
  } catch (error) {
    // Nothing outlives a start that failed half-way.
    await server?.stop();
    await database.drop();
    data.remove();
    throw error;
  }
}

/** The account a session token (the tm_session cookie) is for: the table keeps its SHA-256. */
export async function sessionUserId(site: PostgresSite, token: string): Promise<string> {
  const tokenHash = createHash("sha256").update(token).digest("base64url");
  const [session] = await site.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  if (!session) throw new Error("no session row for that cookie");
  return session.userId;
}

/** A browser of its own (a cookie jar) signed into a demo account, and that account's id. */
export async function signedInOn(site: PostgresSite): Promise<{ jar: CookieJar; userId: string }> {
  const jar = new CookieJar();
  const answer = await signInLocally(jar, site.url);
  if (answer.status !== 302) throw new Error(`sign-in answered ${String(answer.status)}`);
  const token = jar.get("tm_session");
  if (!token) throw new Error("no session cookie");
  return { jar, userId: await sessionUserId(site, token) };
}
