/**
 * The route fuzzer, signed in as an operator: hostile values in every path
 * segment, query parameter and form field of the console. No answer may be
 * a 5xx, reflect the input unescaped, lose its security headers or redirect
 * off the site (the visitor's side of /admin is in fuzz.test.ts).
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";
import { outboxJobs } from "../../database/schema";
import { postForm, signInWithLink } from "../support/console";
import { CookieJar } from "../support/cookie-jar";
import { createPostgresDatabase } from "../support/databases";
import { expectSafeAnswer, HOSTILE } from "../support/hostile";
import { createBusiness, createPerson, createRequest } from "../support/marketplace-factories";
import { freshDataDir, startServer, type TestServer } from "../support/server";

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)("hostile input on every console route, as an operator", () => {
  const data = freshDataDir();
  let server: TestServer;
  let database: { url: string; drop(): Promise<void> };
  let handle: DatabaseHandle;
  const jar = new CookieJar();
  const ids = { person: "", business: "", request: "", job: "" };

  function pathTemplates(v: string): string[] {
    const e = encodeURIComponent(v);
    return [
      `/admin?${e}=${e}`,
      // At most three values a URL: four of 4,000 characters pass Node's 16 KiB header limit.
      `/admin/audit?action=${e}&subjectType=${e}&subjectId=${e}`,
      `/admin/audit?actorEmail=${e}&before=${e}`,
      `/admin/requests?q=${e}`,
      `/admin/requests?from=${e}&to=${e}&category=${e}`,
      `/admin/requests?status=${e}&source=${e}&before=${e}`,
      `/admin/requests/${e}`,
      `/admin/requests.csv?q=${e}&from=${e}&status=${e}`,
      `/admin/delivery?tab=${e}&page=${e}`,
      `/admin/delivery?retried=${e}&resolved=${e}`,
      `/admin/contractors?q=${e}&filter=${e}&page=${e}`,
      `/admin/contractors/${e}`,
      `/admin/contractors/${ids.business}?done=${e}&told=${e}`,
      `/admin/people?q=${e}&page=${e}&deleted=${e}`,
      `/admin/people/${e}`,
      `/admin/people/${e}/data.json`,
      `/admin/sign-in?returnTo=${e}`,
    ];
  }

  const forms = (): { path: string; fields: Record<string, string> }[] => [
    { path: "/admin/delivery", fields: { intent: "retry", jobId: ids.job } },
    { path: "/admin/delivery", fields: { intent: "resolve", jobId: ids.job, note: "Phoned." } },
    {
      path: `/admin/contractors/${ids.business}`,
      fields: {
        intent: "verify",
        kind: "licence",
        registry: "Colorado DORA",
        registryAddress: "https://apps.colorado.gov/dora/licensing/Lookup",
        checkedOn: "2026-11-01",
        result: "verified",
        expiresOn: "2030-12-31",
        notes: "",
      },
    },
    {
      path: `/admin/contractors/${ids.business}`,
      fields: { intent: "suspend", reason: "Under review." },
    },
    { path: `/admin/contractors/${ids.business}`, fields: { intent: "restore" } },
    { path: `/admin/people/${ids.person}`, fields: { intent: "delete", email: "not-them@x.y" } },
  ];

  beforeAll(async () => {
    database = await createPostgresDatabase(baseUrl ?? "");
    server = await startServer({ DATA_DIR: data.dir, DATABASE_URL: database.url });
    handle = await openDatabase({ url: database.url, maxConnections: 2 });
    const person = await createPerson(handle.db, "Jordan Lee");
    ids.person = person.userId;
    ids.request = await createRequest(handle.db, person, { status: "sent" });
    ids.business = (await createBusiness(handle.db, null)).id;
    const [job] = await handle.db
      .insert(outboxJobs)
      .values({
        leadId: ids.request,
        kind: "business_email",
        status: "failed",
        attempts: 6,
        lastError: "550 mailbox unavailable",
        payload: { to: "leads@example.com", from: "site", subject: "New lead", text: "…" },
      })
      .returning({ id: outboxJobs.id });
    ids.job = String(job?.id);
    await signInWithLink(jar, server.url, handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await server.stop();
    await database.drop();
    data.remove();
  });

  it("GET: paths and query strings", async () => {
    for (const value of HOSTILE) {
      for (const path of pathTemplates(value)) {
        await expectSafeAnswer(`GET ${path}`, await jar.fetch(`${server.url}${path}`), server.url);
      }
    }
  });

  it("POST: every field of every console form, and hostile ids in the path", async () => {
    for (const value of HOSTILE) {
      for (const form of forms()) {
        for (const field of Object.keys(form.fields)) {
          const fields = { ...form.fields, [field]: value };
          const label = `POST ${form.path} ${field}=${value.slice(0, 40)}`;
          await expectSafeAnswer(
            label,
            await postForm(jar, server.url, form.path, fields),
            server.url,
          );
        }
      }
      const e = encodeURIComponent(value);
      for (const path of [`/admin/contractors/${e}`, `/admin/people/${e}`]) {
        const answer = await postForm(jar, server.url, path, { intent: "restore" });
        await expectSafeAnswer(`POST ${path}`, answer, server.url);
      }
    }
  });
});
