/**
 * What the database's work costs, for `/metrics` (issue 35, decision 042):
 * each query's time on its connection, and how long it waited for one.
 *
 * Neither postgres.js nor drizzle reports these. drizzle opens OpenTelemetry
 * spans around each query when an OpenTelemetry SDK is installed, but spans
 * say nothing of the pool, and turning them into two histograms would take
 * the SDK and a span processor for what a few lines give here. So the client
 * drizzle is given is wrapped (as db.server.ts already does to prepare every
 * query), and each postgres.js query it makes is followed through three
 * moments postgres.js gives every query: when the pool is asked for it
 * (`handler`), when a connection takes it (`state` is set to that
 * connection's backend), and when it is answered (`resolve`/`reject`).
 * Those are postgres.js 3.4 internals, pinned in package.json; the metrics
 * test on PostgreSQL fails if they move.
 *
 * Inside a transaction the connection is already held: its queries are timed,
 * and the transaction's own wait is the time until its BEGIN has answered.
 * PGlite has one connection and no pool: its queries are timed (a query's
 * turn behind the others included), and no wait is reported.
 */
import type { PGlite, Transaction as PGliteTransaction } from "@electric-sql/pglite";
import type postgres from "postgres";

export interface DatabaseObserver {
  /** A query's time from a connection taking it to its answer, seconds. */
  query(seconds: number): void;
  /** A query's or a transaction's wait for a free connection, seconds. */
  poolWait(seconds: number): void;
}

/** Where a handle reports its timings; nowhere until a server's metrics observe it. */
export class DatabaseTimings {
  observer: DatabaseObserver | undefined;
}

/** The parts of a postgres.js query (its Query class) followed here. */
interface QueryInternals {
  handler: (query: QueryInternals) => void;
  state: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function isFollowable(query: unknown): query is QueryInternals {
  const q = query as Partial<QueryInternals> | null;
  return (
    typeof q?.handler === "function" &&
    typeof q.resolve === "function" &&
    typeof q.reject === "function" &&
    "state" in q
  );
}

const seconds = (from: number) => (performance.now() - from) / 1000;

/** Follows one query: its wait (when `waits`, i.e. outside a transaction) and its time. */
function follow<Q>(query: Q, observer: DatabaseObserver, waits: boolean): Q {
  if (!isFollowable(query)) return query;
  let asked = 0;
  let taken = 0;
  const { handler, resolve, reject } = query;
  query.handler = (self) => {
    asked = performance.now();
    handler(self);
  };
  let state = query.state;
  Object.defineProperty(query, "state", {
    configurable: true,
    enumerable: true,
    get: () => state,
    set(value: unknown) {
      if (taken === 0 && asked > 0 && value) {
        taken = performance.now();
        if (waits) observer.poolWait((taken - asked) / 1000);
      }
      state = value;
    },
  });
  const answered = () => {
    if (taken > 0) observer.query(seconds(taken));
  };
  query.resolve = (value) => {
    answered();
    resolve(value);
  };
  query.reject = (error) => {
    answered();
    reject(error);
  };
  return query;
}

type TransactionSql = postgres.TransactionSql;

/**
 * `client` with its queries followed: `unsafe` (what drizzle sends every
 * query through, given `unsafeOptions`), and the sql handed to `begin` and
 * `savepoint` callbacks.
 */
export function timedPostgres<T extends postgres.Sql | TransactionSql>(
  client: T,
  timings: DatabaseTimings,
  unsafeOptions: postgres.UnsafeQueryOptions = {},
  inTransaction = false,
): T {
  const unsafe = ((query, parameters, options) => {
    const pending = client.unsafe(query, parameters, { ...options, ...unsafeOptions });
    const observer = timings.observer;
    return observer ? follow(pending, observer, !inTransaction) : pending;
  }) as T["unsafe"];
  const inner = (sql: TransactionSql) => timedPostgres(sql, timings, {}, true);
  const begin = (...args: unknown[]) => {
    const work = args.pop() as (sql: TransactionSql) => unknown;
    const started = performance.now();
    const observer = timings.observer;
    return (client as postgres.Sql).begin(...(args as [string]), (sql) => {
      observer?.poolWait(seconds(started));
      return work(inner(sql));
    });
  };
  const savepoint = (...args: unknown[]) => {
    const work = args.pop() as (sql: TransactionSql) => unknown;
    return (client as TransactionSql).savepoint(...(args as [string]), (sql) => work(inner(sql)));
  };
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") return unsafe;
      if (property === "begin" && !inTransaction) return begin;
      if (property === "savepoint" && inTransaction) return savepoint;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

type Queryable = Pick<PGlite | PGliteTransaction, "query">;

function timedQuery<T extends Queryable>(client: T, timings: DatabaseTimings): T["query"] {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  return (async (...args: unknown[]) => {
    const started = performance.now();
    try {
      return await query(...args);
    } finally {
      timings.observer?.query(seconds(started));
    }
  }) as T["query"];
}

/**
 * `target` with `replaced` in place of some of its members; the rest read
 * from `target` itself and bound to it (PGlite's classes keep private fields,
 * which a method called on a proxy could not read).
 */
function withMembers<T extends object>(target: T, replaced: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(replaced, property)) return replaced[property as keyof T];
      const value = Reflect.get(object, property) as unknown;
      return typeof value === "function" ? (value as () => unknown).bind(object) : value;
    },
  });
}

/** The PGlite drizzle is given: its queries timed, in transactions too. */
export function timedPglite(client: PGlite, timings: DatabaseTimings): PGlite {
  const transaction = ((work: (tx: PGliteTransaction) => Promise<unknown>) =>
    client.transaction((tx) =>
      work(withMembers(tx, { query: timedQuery(tx, timings) })),
    )) as PGlite["transaction"];
  return withMembers(client, { query: timedQuery(client, timings), transaction });
}
