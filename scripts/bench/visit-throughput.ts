// Site visits under load (issue 34), on a PostgreSQL database of its own
// (made on BENCH_DATABASE_URL or TEST_DATABASE_URL, migrated, dropped at the end):
//
// - Free slots: a Denver business (Mon–Sat 07:00–19:00, 60-minute visits)
//   with a year of booked visits (about 2,800 rows, a few hours of each
//   working day left free); freeSlotsOf over its whole 30-day horizon,
//   500 times after 20 warm-ups, p50/p99 against the target p99 ≤ 20 ms, and
//   the pure freeSlots alone on the same data (the split between the query
//   and the computation).
// - Bookings per second: 2,000 accepted requests from distinct homeowners to
//   a second business (default hours; a 365-day horizon so that the slots
//   outlast the run), 50 workers on 50 connections, each booking a random one
//   of the slots listed once at the start (so that they collide on purpose):
//   booked, SlotTaken, other errors; then answered = stored and no two
//   booked visits of the business overlapping, checked in SQL.
//
// The app's modules are loaded through Vite (they use `~/`, import.meta.glob and
// Lingui's macros).
// A benchmark, not a test:
//   node scripts/bench/visit-throughput.ts [seconds]
// Prints one line of JSON: { seeded, freeSlots, bookings, checks }; exits 1
// when a correctness check fails (never for slowness).
import path from "node:path";
import { lingui } from "@lingui/vite-plugin";
import postgres from "postgres";
import { createServer } from "vite";

type DbModule = typeof import("../../app/lib/db.server");
type VisitsModule = typeof import("../../app/features/visits/visits.server");
type VisitSlotsModule = typeof import("../../app/features/visits/visit-slots.server");
type SlotsModule = typeof import("../../app/features/visits/slots");
type SettingsModule = typeof import("../../app/features/visits/settings.server");
type HoursModule = typeof import("../../app/features/visits/hours");
type Database = import("../../app/lib/db.server").Database;
type Delivery = import("../../app/features/marketplace/delivery").Delivery;

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const ZONE = "America/Denver";
const CONNECTIONS = 50;
const WARM_UPS = 20;
const RUNS = 500;
const HOMEOWNERS = 2_000;
/** The booking business's horizon: its default hours, but a year of them to book. */
const BOOKING_HORIZON_DAYS = 365;

const delivery: Delivery = {
  mail: {
    from: "TradeMatch <no-reply@trade-match.example>",
    businessInbox: "leads@trade-match.example",
    siteUrl: "https://trade-match.example",
  },
  emailStatus: "held",
};

interface App {
  db: DbModule;
  visits: VisitsModule;
  visitSlots: VisitSlotsModule;
  slots: SlotsModule;
  settings: SettingsModule;
  hours: HoursModule;
  close: () => Promise<void>;
}

async function loadApp(): Promise<App> {
  const vite = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: "error",
    resolve: { tsconfigPaths: true },
    // The visits' messages are Lingui macros, compiled as the tests compile them.
    plugins: [lingui({ macroTransform: true })],
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
  });
  const load = (file: string) => vite.ssrLoadModule(file);
  return {
    db: (await load("/app/lib/db.server.ts")) as DbModule,
    visits: (await load("/app/features/visits/visits.server.ts")) as VisitsModule,
    visitSlots: (await load("/app/features/visits/visit-slots.server.ts")) as VisitSlotsModule,
    slots: (await load("/app/features/visits/slots.ts")) as SlotsModule,
    settings: (await load("/app/features/visits/settings.server.ts")) as SettingsModule,
    hours: (await load("/app/features/visits/hours.ts")) as HoursModule,
    close: () => vite.close(),
  };
}

/** A fresh database on the server; drop() removes it. */
async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tm_bench_visits_${Date.now()}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The nearest-rank percentile of ascending values. */
function percentile(sorted: readonly number[], fraction: number): number {
  const rank = Math.ceil(fraction * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? Number.NaN;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Times `fn` RUNS times after WARM_UPS: p50 and p99 in ms, and its last value. */
async function timeRuns<T>(
  fn: () => T | Promise<T>,
): Promise<{ p50: number; p99: number; last: T }> {
  let last = await fn();
  for (let i = 1; i < WARM_UPS; i++) last = await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    last = await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 0.5)), p99: round(percentile(times, 0.99)), last };
}

/** A business in Denver owned by a new pro; its id. */
async function seedBusiness(sql: postgres.Sql, key: string): Promise<string> {
  const [owner] = await sql<{ id: string }[]>`
    insert into users (email, name, provider, subject)
    values (${`pro-${key}@bench.example`}, ${`Bench Pro ${key}`}, 'bench', ${`pro-${key}`})
    returning id`;
  const [business] = await sql<{ id: string }[]>`
    insert into contractors (slug, name, description, rating, review_count, features, phone,
      email, address, gallery, categories, city_slugs, is_sample, owner_id, years_in_business)
    values (${`bench-visits-${key}`}, ${`Bench Visits ${key}`}, 'Roof repair and replacement.',
      0, 0, '{}', '+13035550147', ${`office-${key}@bench.example`}, 'Denver, CO', '{}',
      '{roofing}', '{denver-co}', false, ${owner?.id ?? null}, 10)
    returning id`;
  if (!business) throw new Error("the business was not stored");
  return business.id;
}

/**
 * A year of booked visits for the business: each Monday to Saturday of the
 * 365 days around now (half past, half ahead), a visit at three of each four
 * hours from 07:00 to 18:00 local, each on a request of its own that the
 * business accepted. Returns how many.
 */
async function seedYearOfVisits(sql: postgres.Sql, businessId: string): Promise<number> {
  await sql`
    create temp table bench_slots as
    select row_number() over (order by starts_at) as n, starts_at
    from (
      select (d + make_interval(hours => h)) at time zone ${ZONE} as starts_at
      from generate_series(
        date_trunc('day', now() at time zone ${ZONE}) - interval '182 days',
        date_trunc('day', now() at time zone ${ZONE}) + interval '182 days',
        interval '1 day') d
      cross join generate_series(7, 18) h
      where extract(isodow from d) between 1 and 6
        and (extract(doy from d)::int + h) % 4 <> 0
    ) s`;
  await sql`
    insert into leads (source, name, email, phone, service, city_slug, postal_code, country,
      details, preferred_contact, consent_text, consent_at, status, idempotency_key, created_at)
    select 'home', 'Bench Visit ' || n, 'visit' || n || '@bench.example', '+13035550100',
      'roof-repair', 'denver-co', '80202', 'US', 'A leak above the porch after the storm.',
      'phone', 'bench consent', now(), 'sent', 'bench-visit:' || n, now()
    from bench_slots`;
  await sql`
    insert into request_pros (lead_id, contractor_id, state, consent_text, consent_version,
      consent_at, client_address, user_agent, accepted_at, updated_at)
    select id, ${businessId}, 'accepted', 'bench consent', 'bench', now(), '127.0.0.1', 'bench',
      now(), now()
    from leads where idempotency_key like 'bench-visit:%'`;
  const inserted = await sql`
    insert into visits (lead_id, contractor_id, state, starts_at, ends_at, blocked_until,
      time_zone, created_by, created_at, updated_at)
    select leads.id, ${businessId}, 'booked', s.starts_at, s.starts_at + interval '60 minutes',
      s.starts_at + interval '60 minutes', ${ZONE}, 'homeowner', now(), now()
    from bench_slots s join leads on leads.idempotency_key = 'bench-visit:' || s.n`;
  return inserted.count;
}

/** HOMEOWNERS people, each with a request the business accepted: [{ leadId, userId }]. */
async function seedHomeowners(
  sql: postgres.Sql,
  businessId: string,
): Promise<{ leadId: string; userId: string }[]> {
  await sql`
    insert into users (email, name, provider, subject)
    select 'homeowner' || g || '@bench.example', 'Bench Homeowner ' || g, 'bench',
      'homeowner-' || g
    from generate_series(1, ${HOMEOWNERS}) g`;
  await sql`
    insert into leads (source, name, email, phone, service, city_slug, postal_code, country,
      details, preferred_contact, consent_text, consent_at, user_id, status, idempotency_key,
      created_at)
    select 'dashboard', users.name, users.email, '+13035550100', 'roof-repair', 'denver-co',
      '80202', 'US', 'Shingles blew off in the storm.', 'phone', 'bench consent', now(),
      users.id, 'sent', 'bench-book:' || users.subject, now()
    from users where subject like 'homeowner-%'`;
  await sql`
    insert into request_pros (lead_id, contractor_id, state, consent_text, consent_version,
      consent_at, client_address, user_agent, accepted_at, updated_at)
    select id, ${businessId}, 'accepted', 'bench consent', 'bench', now(), '127.0.0.1', 'bench',
      now(), now()
    from leads where idempotency_key like 'bench-book:%'`;
  return sql<{ leadId: string; userId: string }[]>`
    select id as "leadId", user_id as "userId" from leads
    where idempotency_key like 'bench-book:%' order by idempotency_key`;
}

/** The business's taken times freeSlotsOf reads (the holding states, its window). */
async function busyOf(sql: postgres.Sql, businessId: string, from: Date, to: Date) {
  const rows = await sql<{ start: Date; end: Date }[]>`
    select starts_at as start, blocked_until as "end" from visits
    where contractor_id = ${businessId} and state in ('booked', 'rescheduled')
      and blocked_until > ${from} and starts_at < ${to}`;
  return rows.map((row) => ({ start: new Date(row.start), end: new Date(row.end) }));
}

async function freeSlotsPart(app: App, db: Database, sql: postgres.Sql, businessId: string) {
  const now = new Date();
  const whole = await timeRuns(() => app.visitSlots.freeSlotsOf(db, businessId, now));
  // The same data freeSlotsOf reads, read once: the computation alone.
  const settings = await app.settings.visitSettingsOf(db, businessId);
  const today = now.toLocaleDateString("en-CA", { timeZone: settings.timeZone });
  const daysOff = await app.settings.daysOffOf(db, businessId, today);
  const until = new Date(now.getTime() + (settings.horizonDays + 2) * 86_400_000);
  const busy = await busyOf(sql, businessId, new Date(now.getTime() - 86_400_000), until);
  const compute = await timeRuns(() => app.slots.freeSlots({ settings, daysOff, busy, now }));
  if (compute.last.length !== whole.last.slots.length) {
    throw new Error("freeSlots alone listed other slots than freeSlotsOf");
  }
  return {
    slots: whole.last.slots.length,
    busyRead: busy.length,
    p50: whole.p50,
    p99: whole.p99,
    computeP50: compute.p50,
    computeP99: compute.p99,
  };
}

/**
 * CONNECTIONS workers for `seconds`, each booking its own requests in turn at
 * a random one of the slots listed at the start; a request is done once
 * booked (or refused by anything but SlotTaken).
 */
async function bookingsPart(
  app: App,
  db: Database,
  sql: postgres.Sql,
  businessId: string,
  requests: readonly { leadId: string; userId: string }[],
  seconds: number,
) {
  const { slots } = await app.visitSlots.freeSlotsOf(db, businessId, new Date());
  const { bookVisit } = app.visits;
  const { SlotTaken } = app.visitSlots;
  let booked = 0;
  let taken = 0;
  let errors = 0;
  const errorKinds = new Map<string, number>();
  const started = performance.now();
  const until = started + seconds * 1000;
  async function worker(index: number): Promise<void> {
    const mine = requests.filter((_, i) => i % CONNECTIONS === index);
    let next = 0;
    while (next < mine.length && performance.now() < until) {
      const request = mine[next] as { leadId: string; userId: string };
      const slot = slots[Math.floor(Math.random() * slots.length)];
      if (!slot) return;
      try {
        await bookVisit(
          db,
          request.userId,
          { leadId: request.leadId, contractorId: businessId, start: slot.start },
          delivery,
        );
        booked += 1;
        next += 1;
      } catch (error) {
        if (error instanceof SlotTaken) {
          taken += 1;
        } else {
          errors += 1;
          next += 1;
          const kind = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => worker(i)));
  const elapsedS = (performance.now() - started) / 1000;
  const [stored] = await sql<{ count: number }[]>`
    select count(*)::int as count from visits
    where contractor_id = ${businessId} and state = 'booked'`;
  const [overlaps] = await sql<{ count: number }[]>`
    select count(*)::int as count from visits a join visits b
      on b.contractor_id = a.contractor_id and b.id <> a.id
      and tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)
    where a.contractor_id = ${businessId} and a.state = 'booked' and b.state = 'booked'`;
  return {
    slotsOffered: slots.length,
    requests: requests.length,
    seconds: round(elapsedS, 1),
    bookingsPerSecond: round(booked / elapsedS, 1),
    attemptsPerSecond: round((booked + taken + errors) / elapsedS, 1),
    booked,
    taken,
    errors,
    errorKinds: Object.fromEntries(errorKinds),
    stored: stored?.count ?? -1,
    doubleBookings: overlaps?.count ?? -1,
  };
}

export async function visitThroughput(seconds: number) {
  const database = await createDatabase();
  try {
    const app = await loadApp();
    const handle = await app.db.openDatabase({ url: database.url, maxConnections: CONNECTIONS });
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await handle.migrate();
      console.error("Seeding a year of visits and 2,000 homeowners…");
      const busyBusiness = await seedBusiness(sql, "year");
      const hours = app.hours.defaultVisitSettings(ZONE);
      const openAllWeek = { start: "07:00", end: "19:00" };
      await app.settings.saveVisitSettings(
        handle.db,
        busyBusiness,
        {
          ...hours,
          weeklyHours: {
            mon: [openAllWeek],
            tue: [openAllWeek],
            wed: [openAllWeek],
            thu: [openAllWeek],
            fri: [openAllWeek],
            sat: [openAllWeek],
            sun: [],
          },
        },
        new Date(),
      );
      const yearOfVisits = await seedYearOfVisits(sql, busyBusiness);
      const bookingBusiness = await seedBusiness(sql, "book");
      await app.settings.saveVisitSettings(
        handle.db,
        bookingBusiness,
        { ...hours, horizonDays: BOOKING_HORIZON_DAYS },
        new Date(),
      );
      const requests = await seedHomeowners(sql, bookingBusiness);
      await sql`analyze`;
      console.error(`Free slots: ${WARM_UPS} warm-ups, then ${RUNS} runs…`);
      const freeSlots = await freeSlotsPart(app, handle.db, sql, busyBusiness);
      console.error(`Bookings: ${CONNECTIONS} workers for ${seconds} s…`);
      const bookings = await bookingsPart(app, handle.db, sql, bookingBusiness, requests, seconds);
      const checks = {
        answeredIsStored: bookings.booked === bookings.stored,
        noDoubleBookings: bookings.doubleBookings === 0,
        noErrors: bookings.errors === 0,
      };
      return { seeded: { yearOfVisits, homeowners: requests.length }, freeSlots, bookings, checks };
    } finally {
      await sql.end();
      await handle.close();
      await app.close();
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.main) {
  const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
  const result = await visitThroughput(seconds);
  console.log(JSON.stringify({ ...result, seconds }));
  if (!result.checks.answeredIsStored || !result.checks.noDoubleBookings) process.exitCode = 1;
}
