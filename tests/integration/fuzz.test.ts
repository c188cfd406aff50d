/**
 * A route fuzzer: hostile values in every path segment, query parameter and
 * form field; bodies that are not forms, and methods no route takes, on every
 * action; hostile paths and request targets. No answer may be a 5xx, reflect
 * the input unescaped, lose its security headers, or redirect off the site;
 * URLs that are not canonical must not grow the page cache.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adversarialPlaceQuery, KNOWN_ATTACKS } from "../support/adversarial-places";
import { expectSafeAnswer, HOSTILE, HOSTILE_DATES } from "../support/hostile";
import { joinAsDenverRoofer } from "../support/console";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { listingRequestFields, quoteFields } from "../support/factories";
import { ACTIONS, pathTemplates } from "../support/fuzz-routes";
import { rawExchange } from "../support/http";
import { freshDataDir, serverStatus, startSite, type SiteServer } from "../support/server";

const FORMS: { path: string; fields: string[]; extra: Record<string, string> }[] = [
  {
    path: "/?index",
    fields: [
      "name",
      "email",
      "phone",
      "service",
      "postalCode",
      "details",
      "preferredContact",
      "consent",
      "company",
      "intent",
    ],
    extra: { intent: "quote" },
  },
  {
    path: "/?index",
    fields: ["name", "phone", "preferredTime", "consent"],
    extra: { intent: "callback" },
  },
  {
    path: "/denver-co",
    fields: ["name", "email", "phone", "service", "citySlug", "details", "consent"],
    extra: { intent: "consultation" },
  },
  { path: "/login", fields: ["returnTo"], extra: {} },
  { path: "/denver-co/roofing", fields: ["intent", "contractorId"], extra: {} },
  {
    path: "/denver-co/roofing/request?pro=summit-ridge-construction&kind=quote",
    fields: ["kind", "contractorId", "service", "postalCode", "details", "consent"],
    extra: { intent: "listing" },
  },
  { path: "/unsubscribe/not-a-token", fields: ["List-Unsubscribe"], extra: {} },
  { path: "/dashboard/emails", fields: ["on"], extra: {} },
  // A form in Spanish and one in French: their checks answer in those languages.
  {
    path: "/es/?index",
    fields: ["name", "email", "phone", "service", "postalCode", "details", "consent"],
    extra: { intent: "quote" },
  },
  {
    path: "/fr/denver-co",
    fields: ["name", "email", "phone", "service", "citySlug", "details", "consent"],
    extra: { intent: "consultation" },
  },
  { path: "/fr/login", fields: ["returnTo"], extra: {} },
];

/**
 * Sends the requests four at a time (the server renders four pages at once):
 * the same checks, in a quarter of the waiting.
 */
async function fourAtATime<T>(items: readonly T[], send: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await send(item);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

describe("hostile input on every route", () => {
  const data = freshDataDir();
  let server: SiteServer;

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  const check = (label: string, response: Response) =>
    expectSafeAnswer(label, response, server.url);

  it("GET: paths and query strings", async () => {
    const paths = HOSTILE.flatMap((value) => pathTemplates(value));
    await fourAtATime(paths, async (path) => {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      await check(`GET ${path.slice(0, 80)}`, response);
    });
  });

  it("POST: every form field", async () => {
    const posts = HOSTILE.flatMap((value) =>
      FORMS.flatMap((form) => form.fields.map((field) => ({ value, form, field }))),
    );
    await fourAtATime(posts, async ({ value, form, field }) => {
      const body = new URLSearchParams({ ...form.extra, [field]: value });
      const response = await fetch(`${server.url}${form.path}`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      });
      await check(`POST ${form.path} ${field}=${value.slice(0, 30)}`, response);
    });
  });
});

describe("the pro's visit pages, as their pro, with any date", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const jar = new CookieJar();

  beforeAll(async () => {
    server = await startSite({ DATA_DIR: data.dir, FORM_MIN_FILL_MS: "0" });
    expect((await signInLocally(jar, server.url)).status).toBe(302);
    expect((await joinAsDenverRoofer(jar, server.url, "Fuzz Roofing")).status).toBe(302);
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("answers every query parameter's bad date with the page (the nearest day it shows)", async () => {
    const values = [...HOSTILE_DATES, ...HOSTILE];
    const pages = values.flatMap((v) => {
      const e = encodeURIComponent(v);
      return [
        `/pro/schedule?view=day&date=${e}`,
        `/pro/schedule?view=week&date=${e}`,
        `/pro/schedule?view=${e}&date=${e}`,
        `/pro/schedule?date=2027-03-10&date=${e}`,
        `/pro/visits?done=${e}`,
        `/es/pro/schedule?view=week&date=${e}`,
        `/fr/pro/visits?done=${e}`,
      ];
    });
    await fourAtATime(pages, async (path) => {
      const response = await jar.fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      await expectSafeAnswer(`GET ${path.slice(0, 80)}`, response, server.url);
    });
  });

  it("refuses a bad first or last day off beside its field, never with a 5xx", async () => {
    await fourAtATime(HOSTILE_DATES, async (value) => {
      for (const fields of [
        { startsOn: value, endsOn: "2027-03-10" },
        { startsOn: "2027-03-10", endsOn: value },
        { startsOn: value, endsOn: value },
      ]) {
        const response = await jar.fetch(`${server.url}/pro/visits`, {
          method: "POST",
          body: new URLSearchParams({ intent: "add_day_off", ...fields }),
          headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        });
        expect(response.status, JSON.stringify(fields)).toBe(400);
        await expectSafeAnswer(`POST /pro/visits ${JSON.stringify(fields)}`, response, server.url);
      }
    });
  });
});

/** Bodies that are not the form an action reads. */
const NOT_FORMS: { label: string; type?: string; body: () => BodyInit; status: number[] }[] = [
  { label: "JSON", type: "application/json", body: () => '{"intent":"quote"}', status: [415] },
  { label: "text", type: "text/plain", body: () => "intent=quote", status: [415] },
  { label: "no content type", body: () => "intent=quote", status: [415] },
  {
    label: "broken multipart",
    type: "multipart/form-data; boundary=x",
    body: () => '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nquote',
    status: [400],
  },
  {
    label: "oversized",
    type: "application/x-www-form-urlencoded",
    body: () => `details=${"x".repeat(200 * 1024)}`,
    status: [413],
  },
  {
    label: "oversized, chunked",
    type: "application/x-www-form-urlencoded",
    body: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(16 * 1024).fill(120));
          controller.close();
        },
      }),
    status: [413],
  },
];

/** Every form that makes a lead: where it posts, what it sends, whether it needs a sign-in. */
const LEAD_PATHS: {
  label: string;
  path: string;
  signedIn: boolean;
  fields: Record<string, string>;
}[] = [
  { label: "home quote", path: "/?index", signedIn: false, fields: quoteFields() },
  {
    label: "home call-back",
    path: "/?index",
    signedIn: false,
    fields: {
      intent: "callback",
      name: "Casey Call",
      phone: "(303) 555-0147",
      preferredTime: "morning",
      consent: "on",
    },
  },
  {
    label: "city consultation",
    path: "/denver-co",
    signedIn: false,
    fields: {
      ...quoteFields({ intent: "consultation", postalCode: undefined }),
      citySlug: "denver-co",
    },
  },
  ...(["quote", "contact", "consultation"] as const).map((kind) => ({
    label: `listing ${kind}`,
    path: `/denver-co/roofing/request?pro=summit-ridge-construction&kind=${kind}`,
    signedIn: true,
    fields: listingRequestFields({ kind }),
  })),
  {
    label: "dashboard new project",
    path: "/dashboard/new",
    signedIn: true,
    fields: quoteFields({ intent: "project" }),
  },
];

describe("every lead path's rate limit", () => {
  const data = freshDataDir();
  let server: SiteServer;
  let client = 0;

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      TRUST_PROXY: "1",
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "1",
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it.each(
    LEAD_PATHS.flatMap((lead) => [
      { ...lead, data: false },
      { ...lead, data: true },
    ]),
  )(
    "$label ($path, data request: $data) takes one lead, then answers 429",
    async ({ path, signedIn, fields, data: isData }) => {
      client += 1;
      const jar = new CookieJar();
      const headers = {
        "content-type": "application/x-www-form-urlencoded",
        origin: server.url,
        "x-forwarded-for": `203.0.113.${client.toString()}`,
      };
      if (signedIn) {
        const signIn = await signInLocally(jar, server.url, { returnTo: path, headers });
        expect(signIn.status).toBe(302);
      }
      // "/?index" is the home page; a request page's query names its business.
      const [pathname = "/", search = ""] = path.split("?");
      const query = search ? `?${search}` : "";
      const page = search === "index" ? pathname : `${pathname}${query}`;
      const html = await (await jar.fetch(`${server.url}${page}`, { headers })).text();
      const contractorId = /name="contractorId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
      // The form key is the one the page just set in the jar.
      const body = new URLSearchParams(
        Object.entries(fields).filter(([name]) => name !== "formKey"),
      );
      if (contractorId) body.set("contractorId", contractorId);
      const target = isData
        ? `${server.url}${pathname === "/" ? "/_" : pathname}.data${query}`
        : `${server.url}${path}`;
      const post = () => jar.fetch(target, { method: "POST", body, headers });

      const first = await post();
      await first.body?.cancel();
      expect(first.status, "the first is taken").toBeLessThan(400);
      for (let i = 0; i < 2; i++) {
        const refused = await post();
        await refused.body?.cancel();
        expect(refused.status, `refusal ${(i + 1).toString()}`).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    },
  );
});

describe("bodies, methods and targets no route takes", () => {
  const data = freshDataDir();
  let server: SiteServer;

  beforeAll(async () => {
    // The cache with its pages rendered ahead and their best encodings: nothing may change it.
    server = await startSite({ DATA_DIR: data.dir, RATE_LIMIT_MAX: "100000", PAGE_WARMING: "1" });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("every action answers a body that is not its form with a 4xx", async () => {
    for (const path of ACTIONS) {
      for (const { label, type, body, status } of NOT_FORMS) {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          body: body(),
          redirect: "manual",
          headers: { origin: server.url, ...(type ? { "content-type": type } : {}) },
          duplex: "half",
        } as RequestInit);
        await response.body?.cancel();
        expect(status, `${label} to ${path}`).toContain(response.status);
      }
    }
  });

  it("a request Node cannot read is answered with the site's headers (431, 400)", async () => {
    const host = new URL(server.url).host;
    for (const [request, status] of [
      // A request line over Node's 16 KB limit for the head (seven fields of 4,000 bytes).
      [`GET /admin/requests?q=${"A".repeat(17_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 431],
      [`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Long: ${"A".repeat(17_000)}\r\n\r\n`, 431],
      ["NOT HTTP AT ALL\r\n\r\n", 400],
      [`GET / HTTP/1.1\r\nHost: ${host}\r\nBad Header\r\n\r\n`, 400],
    ] as const) {
      const exchange = await rawExchange(server.url, (socket) => {
        socket.write(request);
      });
      const label = request.slice(0, 40);
      expect(exchange.status, label).toBe(status);
      expect(exchange.response, label).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/);
      expect(exchange.response, label).toMatch(
        /\r\nContent-Security-Policy: [^\r]*object-src 'none'/,
      );
      expect(exchange.response, label).toMatch(/\r\nConnection: close\r\n/);
    }
  });

  it("every route answers a method it does not take with 405 and Allow", async () => {
    const paths = [
      ...ACTIONS,
      "/",
      "/roofing",
      "/denver-co",
      "/search",
      "/api/places?q=den",
      "/review-policy",
      "/how-we-rank-pros",
    ];
    for (const path of paths) {
      for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "TRACE"]) {
        const exchange = await rawExchange(server.url, (socket) => {
          socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n\r\n`);
        });
        expect(exchange.status, `${method} ${path}`).toBe(405);
        expect(exchange.response, `${method} ${path}`).toMatch(/\r\nAllow: GET, HEAD(, POST)?\r\n/);
      }
    }
  });

  it("no hostile path or request target is redirected off the site", async () => {
    const host = new URL(server.url).host;
    const targets = [
      "//evil.example/",
      "//evil.example",
      "///evil.example/",
      "////evil.example/roofing/",
      "/\\evil.example/",
      "/\\/evil.example/",
      "/%2F%2Fevil.example/",
      "/%2f%2fevil.example",
      "/%5C%5Cevil.example/",
      "//evil.example/denver-co/",
      "//evil.example/roofing.data",
      "///x/",
      "http://evil.example/",
      "http://evil.example/roofing/",
      "https://evil.example//x/",
      `http://${host}//evil.example/`,
      `http://${host}/roofing/`,
    ];
    for (const target of targets) {
      for (const method of ["GET", "HEAD"]) {
        const exchange = await rawExchange(
          server.url,
          (socket) => {
            socket.write(
              `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
            );
          },
          10_000,
          { untilClosed: true },
        );
        expect(exchange.status, `${method} ${target}`).toBeGreaterThan(0);
        expect(exchange.status, `${method} ${target}`).toBeLessThan(500);
        const location = /\r\nlocation: ([^\r]*)/i.exec(exchange.response)?.[1];
        if (location !== undefined) {
          expect(location, target).toMatch(/^\/(?![/\\])/);
          expect(new URL(location, server.url).origin, target).toBe(server.url);
        }
      }
    }
  });

  it("2,000 URLs that are not canonical leave the page cache as it was", async () => {
    // The canonical pages first (each kept once), and the popular pages rendered ahead.
    await expect
      .poll(() => server.logs.some((line) => line.includes("rendered ahead of visitors")), {
        timeout: 30_000,
      })
      .toBe(true);
    for (const path of ["/roofing", "/denver-co", "/search?service=plumbing&zip=60601"]) {
      await (await fetch(`${server.url}${path}`)).text();
    }
    // Once the best encodings asked for so far have landed, nothing else changes the cache.
    await expect
      .poll(async () => (await serverStatus(data.dir)).improvementsWaiting, { timeout: 30_000 })
      .toBe(0);
    const before = await serverStatus(data.dir);
    const random = () => Math.random().toString(36).slice(2);
    const junk = (i: number): string => {
      switch (i % 8) {
        case 0:
          return `/search?service=plumbing&zip=60601&utm=${random()}`;
        case 1:
          return `//${random()}`;
        case 2:
          return `/roofing.data?_routes=${random()}`;
        case 3:
          return `/denver-co.data?${random()}=${random()}`;
        case 4:
          return `/search.data?service=plumbing&zip=60601&_routes=root,${random()}`;
        case 5:
          return `/Denver-CO?x=${random()}`;
        case 6:
          return `/roofin%67?${random()}`;
        default:
          return `/search?zip=60601&zip=${random()}&service=plumbing`;
      }
    };
    let next = 0;
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 2_000) {
          const response = await fetch(`${server.url}${junk(next++)}`, { redirect: "manual" });
          await response.body?.cancel();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    expect(
      [...statuses.keys()].every((status) => status < 500),
      JSON.stringify([...statuses]),
    ).toBe(true);
    const after = await serverStatus(data.dir);
    expect(after.pageCache.entries).toBe(before.pageCache.entries);
    expect(after.pageCache.bytes).toBe(before.pageCache.bytes);
    expect(after.improvementsWaiting).toBe(0);
  }, 120_000);
});

/**
 * Place queries made to be expensive: many short comma-separated parts, two
 * letters that name a state and a country at once, runs of separators, the
 * ones that once took the server down, and a seeded sample of the generator
 * the gazetteer's property tests use. Each gets an ordinary answer within a
 * few seconds, and the server still answers afterwards.
 */
const ADVERSARIAL_PLACES = [
  `a${",ca".repeat(33)}`,
  `ca${",ca".repeat(32)}`,
  `${"ca,".repeat(33)}c`,
  "a,b,".repeat(25),
  "on,qc,bc,ca,".repeat(8),
  "new york,".repeat(11),
  "st. ".repeat(25),
  "a ".repeat(50),
  ",".repeat(100),
  `${"springfield,".repeat(8)}il`,
  ...KNOWN_ATTACKS,
  ...fc.sample(adversarialPlaceQuery, { numRuns: 30, seed: 18 }),
];

describe("adversarial place queries", () => {
  const data = freshDataDir();
  let server: SiteServer;

  beforeAll(async () => {
    // The memory bound: a query that needs more than this heap takes the server down.
    server = await startSite({
      DATA_DIR: data.dir,
      NODE_OPTIONS: "--max-old-space-size=512",
      // Every query reaches the gazetteer: the per-client limit has its own test.
      PLACES_RATE_LIMIT_BURST: "100000",
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it.each(ADVERSARIAL_PLACES)(
    "%s is answered within a few seconds",
    async (query) => {
      for (const path of ["/api/places?q=", "/api/places/resolve?text="]) {
        const response = await fetch(`${server.url}${path}${encodeURIComponent(query)}`, {
          signal: AbortSignal.timeout(5_000),
        });
        await response.body?.cancel();
        expect([200, 400, 404, 422], path).toContain(response.status);
      }
      const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      expect(health.status).toBe(200);
    },
    15_000,
  );

  it("leave the server's memory within bounds", async () => {
    const status = await serverStatus(data.dir);
    expect(status.memory.rssBytes).toBeLessThan(1024 * 1024 * 1024);
  });
});
