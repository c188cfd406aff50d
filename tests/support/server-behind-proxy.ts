/**
 * A built server on a PostgreSQL database of its own, reached through a TCP
 * proxy the test can cut and restore: the database goes away and comes back
 * while the server runs (tests/support/tcp-proxy.ts).
 */
import { createPostgresDatabase } from "./databases";
import { freshDataDir, startServer, type TestServer } from "./server";
import { startTcpProxy, type TcpProxy } from "./tcp-proxy";

export interface ServerBehindProxy {
  server: TestServer;
  proxy: TcpProxy;
  /** The database's own URL (not through the proxy), for the test's direct queries. */
  databaseUrl: string;
  /** Stops the server, closes the proxy, drops the database and removes the data folder. */
  stop(): Promise<void>;
}

export async function startServerBehindProxy(
  baseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerBehindProxy> {
  const data = freshDataDir();
  const database = await createPostgresDatabase(baseUrl);
  const target = new URL(database.url);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(database.url);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = proxy.port.toString();
  const server = await startServer({
    DATA_DIR: data.dir,
    DATABASE_URL: viaProxy.toString(),
    ...env,
  });
  return {
    server,
    proxy,
    databaseUrl: database.url,
    async stop() {
      await server.stop();
      await proxy.close();
      await database.drop();
      data.remove();
    },
  };
}
