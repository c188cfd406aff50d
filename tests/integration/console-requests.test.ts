/**
 * The console's requests (issue 21): one search box finds a request by
 * name, email, phone (digits, however typed) or ZIP/postal code (any case
 * and spacing); dates, category, status and source narrow it; pages follow
 * each other without a gap or a repeat; sample projects never show; a filter
 * that makes no sense is refused. Over HTTP on PostgreSQL: the list, a
 * request's page with the consent proof per pro and its deliveries, the CSV
 * (escaped as `npm run leads` escapes it) and its audit row; the plain 404
 * for everyone else and for ids that are not a request's.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_COLUMNS } from "~/features/leads/lead-export.server";
import { PRO_CONSENT_VERSION, sendToPros } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { LOCAL_OPERATOR } from "~/features/operator/links.server";
import { parseRequestFilter, type RequestFilter } from "~/features/operator/request-filters";
import {
  exportRequests,
  searchRequests,
  type RequestCursor,
} from "~/features/operator/requests.server";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import type { Database } from "~/lib/db.server";
import { CONSENT_VERSION } from "~/site";
import { auditLog, leads, outboxJobs } from "../../database/schema";
import { cookieJars, signInPeople } from "../support/console";
import type { CookieJar } from "../support/cookie-jar";
import { parseCsv } from "../support/csv-parse";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  quoteInput,
} from "../support/marketplace-factories";
import { startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

type NewLead = Partial<typeof leads.$inferInsert>;

/** A request as a form would store it; the overrides say what differs. */
async function addLead(db: Database, overrides: NewLead): Promise<string> {
  const id = randomUUID();
  await db.insert(leads).values({
    id,
    source: "home",
    name: "Someone Else",
    email: "someone@example.com",
    phone: "+17205550111",
    service: "roof-repair",
    citySlug: "denver-co",
    postalCode: "80205",
    country: "US",
    consentText: "I agree…",
    consentAt: new Date(),
    status: "sent",
    idempotencyKey: randomUUID(),
    ...overrides,
  });
  return id;
}

/** The names a search finds, in the list's order (one page of up to 50). */
async function names(db: Database, filter: RequestFilter): Promise<string[]> {
  return (await searchRequests(db, filter)).rows.map((row) => row.name);
}

describe.each(DATABASE_TARGETS)("searching requests on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  /** Everything in March 2026 (the paging rows are in April). */
  const march = { from: "2026-03-01", to: "2026-03-31" };
  beforeAll(async () => {
    database = await target.create();
    await addLead(db(), {
      name: "Priya Raman",
      email: "priya.raman@example.com",
      phone: "+13035550100",
      postalCode: "80202",
      createdAt: new Date("2026-03-01T10:00:00Z"),
    });
    await addLead(db(), {
      name: "Émile Tremblay",
      email: "emile@example.ca",
      phone: "+16135550188",
      postalCode: "K1A 0B1",
      country: "CA",
      service: "plumbing",
      status: "draft",
      source: "dashboard",
      createdAt: new Date("2026-03-05T23:59:59Z"),
    });
    await addLead(db(), {
      name: "Marcus O'Neil",
      email: "MARCUS@Example.com",
      phone: null,
      postalCode: "60601-1234",
      service: "kitchens",
      status: "completed",
      source: "callback",
      createdAt: new Date("2026-03-06T00:00:00Z"),
    });
    // A demo account's sample project: same phone and ZIP as Priya's, never listed.
    await addLead(db(), {
      name: "Priya Sample",
      phone: "+13035550100",
      postalCode: "80202",
      createdAt: new Date("2026-03-02T10:00:00Z"),
      idempotencyKey: `${SAMPLE_PROJECT_KEY_PREFIX}${randomUUID()}:kitchen`,
    });
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("finds a request by name or email, whatever the case", async () => {
    expect(await names(db(), { q: "priya" })).toEqual(["Priya Raman"]);
    expect(await names(db(), { q: "RAMAN" })).toEqual(["Priya Raman"]);
    expect(await names(db(), { q: "example.ca" })).toEqual(["Émile Tremblay"]);
    expect(await names(db(), { q: "marcus@example.COM" })).toEqual(["Marcus O'Neil"]);
    expect(await names(db(), { q: "100%" })).toEqual([]);
  });

  it("finds a request by its phone's digits, however they are written", async () => {
    for (const typed of ["(303) 555-0100", "303.555.0100", "+1 303 555 0100", "13035550100"]) {
      expect(await names(db(), { q: typed }), typed).toEqual(["Priya Raman"]);
    }
    expect(await names(db(), { q: "555-0188" })).toEqual(["Émile Tremblay"]);
  });

  it("finds a request by ZIP or postal code, ignoring case and spaces", async () => {
    for (const typed of ["k1a0b1", "K1A 0B1", "k1a 0b1", "K1A0B1"]) {
      expect(await names(db(), { q: typed }), typed).toEqual(["Émile Tremblay"]);
    }
    expect(await names(db(), { q: "80202" })).toEqual(["Priya Raman"]);
    expect(await names(db(), { q: "60601" })).toEqual(["Marcus O'Neil"]);
  });

  it("narrows by received dates (UTC days, both inclusive), category, status and source", async () => {
    expect(await names(db(), { from: "2026-03-05", to: "2026-03-05" })).toEqual(["Émile Tremblay"]);
    expect(await names(db(), { from: "2026-03-06", to: "2026-03-06" })).toEqual(["Marcus O'Neil"]);
    expect(await names(db(), { ...march, category: "roofing" })).toEqual(["Priya Raman"]);
    expect(await names(db(), { ...march, category: "plumbing" })).toEqual(["Émile Tremblay"]);
    expect(await names(db(), { ...march, category: "home-renovation" })).toEqual(["Marcus O'Neil"]);
    expect(await names(db(), { ...march, status: "draft" })).toEqual(["Émile Tremblay"]);
    expect(await names(db(), { ...march, source: "callback" })).toEqual(["Marcus O'Neil"]);
    expect(await names(db(), march)).toEqual(["Marcus O'Neil", "Émile Tremblay", "Priya Raman"]);
  });

  it("leaves demo accounts' sample projects out of the list and the export", async () => {
    expect(await names(db(), { q: "Sample" })).toEqual([]);
    const exported = await exportRequests(db(), march);
    expect(exported.map((row) => row.name)).toEqual([
      "Marcus O'Neil",
      "Émile Tremblay",
      "Priya Raman",
    ]);
  });

  it("pages newest first without a gap or a repeat, even within one microsecond", async () => {
    const at = "2026-04-01 12:00:00";
    const ids: string[] = [];
    for (const stamp of [`${at}.000001`, `${at}.000002`, at, at, at]) {
      const id = await addLead(db(), { name: "Paging Person" });
      await db().execute(
        sql`update leads set created_at = ${`${stamp}+00`}::timestamptz where id = ${id}`,
      );
      ids.push(id);
    }
    const seen: string[] = [];
    let before: RequestCursor | null = null;
    for (let page = 0; page < 5; page++) {
      const result = await searchRequests(db(), { q: "paging" }, before, 2);
      seen.push(...result.rows.map((row) => row.id));
      before = result.next;
      if (!before) break;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen)).toEqual(new Set(ids));
    // The two later microseconds first, then the three alike by id, descending.
    expect(seen.slice(0, 2)).toEqual([ids[1], ids[0]]);
    expect(seen.slice(2)).toEqual(ids.slice(2).sort().reverse());
  });

  it("refuses a filter that makes no sense, naming the field, with what was typed", () => {
    const parse = (query: string) => parseRequestFilter(new URLSearchParams(query));
    const refused = parse("from=2026-02-30&to=yesterday&status=lost&category=gardening&source=fax");
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(Object.keys(refused.errors).sort()).toEqual([
      "category",
      "from",
      "source",
      "status",
      "to",
    ]);
    expect(refused.values).toMatchObject({ from: "2026-02-30", to: "yesterday", status: "lost" });
    const backwards = parse("from=2026-03-09&to=2026-03-01");
    expect(backwards.ok ? {} : backwards.errors).toEqual({
      to: "The end date is before the start date.",
    });
    expect(parse("q=x".padEnd(300, "x")).ok).toBe(false);
    expect(parse("q=+k1a+0b1+&status=draft")).toMatchObject({
      ok: true,
      filter: { q: "k1a 0b1", status: "draft" },
    });
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("the requests in the console over HTTP", () => {
  let site: PostgresSite;
  const { operator, homeowner, visitor } = cookieJars("operator", "homeowner", "visitor");
  /** A name a spreadsheet would take for a formula, with a comma and quotes. */
  const trickyName = '=HYPERLINK("http://evil.example"), "Bo" Smith';
  const email = `tricky-${randomUUID().slice(0, 8)}@example.com`;
  let leadId = "";
  let homeownerId = "";
  const businesses: { id: string; name: string }[] = [];
  const get = (jar: CookieJar, path: string) => jar.fetch(`${site.url}${path}`);
  /**
   * The page as a reader sees it: without its scripts (the hydration data
   * repeats the values once) and with React's escaped quotes read back.
   */
  const text = async (answer: Response) =>
    (await answer.text())
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, "&");

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    await signInPeople(site, { operator, homeowner });
    const db = site.db;

    const person = await createPerson(db, "Bo Smith");
    const pro = await createPerson(db, "Pat Pro");
    businesses.push(await createBusiness(db, pro), await createBusiness(db, pro));
    homeownerId = person.userId;
    leadId = await createRequest(db, person);
    await db
      .update(leads)
      .set({
        name: trickyName,
        email,
        consentVersion: CONSENT_VERSION,
        consentAddress: "198.51.100.7",
        consentUserAgent: "Mozilla/5.0 (first form)",
      })
      .where(eq(leads.id, leadId));
    await sendToPros(
      db,
      person,
      leadId,
      businesses.map((b) => b.id),
      consentFor(...businesses),
      delivery,
    );
    const first = businesses[0]?.id ?? "";
    await proStep(db, pro.userId, leadId, first, { event: "accept" });
    await saveQuote(db, pro.userId, leadId, first, quoteSchema.parse(quoteInput()), delivery);
    await db
      .update(outboxJobs)
      .set({ status: "failed", attempts: 5, lastError: "SMTP 550 mailbox unavailable" })
      .where(eq(outboxJobs.kind, "quote_email"));
    // One more than a page, for the "Older requests" link.
    for (let i = 0; i < 51; i++) await addLead(db, { name: `Bulk Person ${String(i)}` });
  });
  afterAll(async () => {
    await site.stop();
  });

  it("is the plain 404 for a visitor and a homeowner, and for ids that are not a request's", async () => {
    for (const jar of [visitor, homeowner]) {
      for (const path of ["/admin/requests", `/admin/requests/${leadId}`, "/admin/requests.csv"]) {
        expect((await get(jar, path)).status, path).toBe(404);
      }
    }
    for (const id of ["not-a-uuid", randomUUID()]) {
      expect((await get(operator, `/admin/requests/${id}`)).status, id).toBe(404);
    }
  });

  it("lists and pages the requests for the operator, keeping the search", async () => {
    const found = await get(operator, `/admin/requests?q=${encodeURIComponent(email)}`);
    expect(found.status).toBe(200);
    const html = await text(found);
    expect(html).toContain(trickyName);
    expect(html).toContain(`/admin/requests/${leadId}`);
    expect(html).toContain("Roof Repair");

    const bulk = await text(await get(operator, "/admin/requests?q=bulk+person&source=home"));
    const links = /href="\/admin\/requests\/[0-9a-f-]{36}"/g;
    expect(bulk.match(links)).toHaveLength(50);
    const older = /href="(\/admin\/requests\?q=bulk\+person&source=home&before=[^"]+)"/.exec(bulk);
    expect(older?.[1]).toBeTruthy();
    const last = await text(await get(operator, older?.[1] ?? ""));
    expect(last.match(links)).toHaveLength(1);
    expect(last).not.toContain("Older requests");

    const none = await text(await get(operator, "/admin/requests?q=nobody-at-all"));
    expect(none).toContain("No requests match this search.");
  });

  it("names a bad filter beside its field, keeps what was typed and lists nothing", async () => {
    const answer = await get(operator, "/admin/requests?q=bulk&from=2026-13-01&status=lost");
    expect(answer.status).toBe(400);
    const html = await text(answer);
    expect(html).toContain('value="2026-13-01"');
    expect(html).toContain("That is not a date.");
    expect(html).toContain("Choose one of the listed statuses.");
    expect(html).toContain('aria-describedby="requests-from-hint requests-from-error"');
    expect(html).not.toContain("Bulk Person");
    const csv = await get(operator, "/admin/requests.csv?to=soon");
    expect(csv.status).toBe(400);
    expect(await csv.text()).toContain("to: That is not a date.");
  });

  it("shows a request with each pro's proof of consent, its quote and its deliveries", async () => {
    const answer = await get(operator, `/admin/requests/${leadId}`);
    expect(answer.status).toBe(200);
    const html = await text(answer);
    expect(html).toContain(trickyName);
    for (const business of businesses) {
      expect(html).toContain(`/admin/contractors/${business.id}`);
      expect(html).toContain(business.name);
    }
    expect(html).toContain(consentFor(...businesses));
    expect(html.match(new RegExp(PRO_CONSENT_VERSION, "g"))).toHaveLength(2);
    // The first form's consent (TradeMatch's) with its own proof.
    expect(html).toContain(CONSENT_VERSION);
    expect(html).toContain("198.51.100.7");
    expect(html).toContain("Mozilla/5.0 (first form)");
    expect(html.match(/203\.0\.113\.9/g)).toHaveLength(2);
    expect(html.match(/Mozilla\/5\.0 \(test\)/g)).toHaveLength(2);
    expect(html).toContain("$4,500–$6,000 USD, valid until");
    expect(html.match(/Request email to a pro/g)).toHaveLength(2);
    expect(html).toContain("SMTP 550 mailbox unavailable");
    expect(html).toContain('href="/admin/delivery"');
    expect(html).toContain(`href="/admin/people/${homeownerId}"`);
  });

  it("downloads the search as CSV, escaped as the command line escapes it, and audits it", async () => {
    const query = `q=${encodeURIComponent(email)}`;
    const answer = await get(operator, `/admin/requests.csv?${query}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(await answer.text());
    expect(rows[0]).toEqual(EXPORT_COLUMNS.map(([name]) => name));
    expect(rows).toHaveLength(2);
    // The apostrophe keeps a formula start as text; commas and quotes survive.
    expect(rows[1]?.[4]).toBe(`'${trickyName}`);
    expect(rows[1]?.[0]).toBe(leadId);

    const audit = await site.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "requests.export"));
    expect(audit.map((row) => [row.actorEmail, row.subjectType, row.subjectId, row.after])).toEqual(
      [[LOCAL_OPERATOR.email, "requests", query, { filters: { q: email }, rows: 1 }]],
    );
  });
});
