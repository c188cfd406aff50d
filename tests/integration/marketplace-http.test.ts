/**
 * The marketplace's routes over HTTP, as five people reach them: a visitor,
 * the homeowner, another homeowner, the pro the request was sent to, and
 * another pro. Every page and step answers its owner and 404 (or the sign-in
 * page) to everyone else; and hostile input on every new route, signed in,
 * never gets a 5xx or comes back unescaped.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinAsDenverRoofer } from "../support/console";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { quoteFields } from "../support/factories";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

type Who = "visitor" | "homeowner" | "otherHomeowner" | "pro" | "otherPro";
const PEOPLE: Who[] = ["visitor", "homeowner", "otherHomeowner", "pro", "otherPro"];

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

describe("the marketplace's routes, person by person", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const jars = Object.fromEntries(PEOPLE.map((who) => [who, new CookieJar()])) as Record<
    Who,
    CookieJar
  >;
  /** A browser that sent the home form without signing in. */
  const anonymous = new CookieJar();
  let leadId = "";
  let anonymousLeadId = "";
  const business: Partial<Record<"pro" | "otherPro", string>> = {};

  const post = (jar: CookieJar, path: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
    }
    return jar.fetch(`${server.url}${path}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });
  };

  async function join(jar: CookieJar, name: string): Promise<string> {
    const joined = await joinAsDenverRoofer(jar, server.url, name);
    expect(joined.status, await joined.clone().text()).toBe(302);
    // The choice page lists the business: its id is the checkbox's value there.
    return name;
  }

  /** The id of the business named `name` on the homeowner's choice page. */
  async function offeredId(name: string): Promise<string> {
    const html = await (
      await jars.homeowner.fetch(`${server.url}/dashboard/projects/${leadId}/pros`)
    ).text();
    const match = new RegExp(`<span id="pro-(${UUID})-name">${name}<`).exec(html);
    if (!match?.[1]) throw new Error(`${name} is not offered`);
    return match[1];
  }

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
      DEMO_ACCOUNTS_PER_HOUR: "1000",
    });
    for (const who of PEOPLE.filter((person) => person !== "visitor")) {
      expect((await signInLocally(jars[who], server.url)).status).toBe(302);
    }
    await join(jars.pro, "Peak Roofing HTTP");
    await join(jars.otherPro, "Other Roofing HTTP");
    const added = await post(
      jars.homeowner,
      "/dashboard/new",
      quoteFields({ intent: "project", formKey: undefined }),
    );
    const location = added.headers.get("location") ?? "";
    leadId = new RegExp(`/dashboard/projects/(${UUID})/pros`).exec(location)?.[1] ?? "";
    expect(leadId).not.toBe("");
    business.pro = await offeredId("Peak Roofing HTTP");
    business.otherPro = await offeredId("Other Roofing HTTP");
    const review = await (
      await jars.homeowner.fetch(
        `${server.url}/dashboard/projects/${leadId}/pros?review=1&pro=${business.pro}`,
      )
    ).text();
    const consentText = /name="consentText" value="([^"]*)"/.exec(review)?.[1] ?? "";
    const sent = await post(jars.homeowner, `/dashboard/projects/${leadId}/pros`, {
      pro: business.pro,
      consent: "on",
      consentText: consentText.replaceAll("&amp;", "&").replaceAll("&#x27;", "'"),
    });
    expect(sent.headers.get("location")).toBe(`/dashboard/projects/${leadId}?sent=1`);

    await anonymous.fetch(`${server.url}/`);
    const home = await post(anonymous, "/?index", quoteFields({ formKey: undefined }));
    expect(home.status).toBe(302);
    const search = await (
      await anonymous.fetch(`${server.url}${home.headers.get("location") ?? ""}`)
    ).text();
    anonymousLeadId = new RegExp(`action="/requests/(${UUID})/pros"`).exec(search)?.[1] ?? "";
    expect(anonymousLeadId).not.toBe("");
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  const get = (who: Who, path: string) => jars[who].fetch(`${server.url}${path}`);

  /** What each person gets: a status, or "login" (sent to sign in). */
  type Expected = Record<Who, number | "login">;
  const matrix: { label: string; path: () => string; expected: Expected }[] = [
    {
      label: "the project",
      path: () => `/dashboard/projects/${leadId}`,
      expected: { visitor: "login", homeowner: 200, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
    {
      label: "the choice of pros",
      path: () => `/dashboard/projects/${leadId}/pros`,
      expected: { visitor: "login", homeowner: 200, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
    {
      label: "the request, for the pro's business",
      path: () => `/pro/requests/${leadId}?business=${business.pro ?? ""}`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 200, otherPro: 404 },
    },
    {
      label: "the request, for the other pro's own business",
      path: () => `/pro/requests/${leadId}`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 200, otherPro: 404 },
    },
    {
      label: "the inbox",
      path: () => "/pro",
      expected: { visitor: "login", homeowner: 302, otherHomeowner: 302, pro: 200, otherPro: 200 },
    },
    {
      label: "another business's inbox",
      path: () => `/pro?business=${business.pro ?? ""}`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 200, otherPro: 404 },
    },
    {
      label: "the business's profile form",
      path: () => `/pro/profile?business=${business.pro ?? ""}`,
      expected: { visitor: "login", homeowner: 302, otherHomeowner: 302, pro: 200, otherPro: 404 },
    },
    {
      label: "the review of the project (nobody hired yet: back to the project)",
      path: () => `/dashboard/projects/${leadId}/review`,
      expected: { visitor: "login", homeowner: 302, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
    {
      label: "the business's break (pause and weekly limit)",
      path: () => `/pro/break?business=${business.pro ?? ""}`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 200, otherPro: 404 },
    },
    {
      label: "the business's reviews",
      path: () => `/pro/reviews?business=${business.pro ?? ""}`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 200, otherPro: 404 },
    },
    {
      label: "a conversation of a request sent without signing in",
      path: () => `/requests/${anonymousLeadId}/messages/${crypto.randomUUID()}`,
      expected: { visitor: 404, homeowner: 404, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
    {
      label: "a request sent without signing in",
      path: () => `/requests/${anonymousLeadId}`,
      expected: { visitor: 404, homeowner: 404, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
    {
      label: "its choice of pros",
      path: () => `/requests/${anonymousLeadId}/pros`,
      expected: { visitor: 404, homeowner: 404, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
  ];

  it.each(matrix)("$label answers its owner only", async ({ path, expected }) => {
    for (const who of PEOPLE) {
      const response = await get(who, path());
      const want = expected[who];
      if (want === "login") {
        expect(response.status, who).toBe(302);
        expect(response.headers.get("location"), who).toMatch(/^\/login/);
      } else {
        expect(response.status, `${who} ${path()}`).toBe(want);
      }
      const body = await response.text();
      // A 404 says nothing of what exists.
      if (want === 404) expect(body, who).not.toContain("Roofing HTTP");
    }
  });

  it("a page not found inside the dashboard or the pro's pages keeps that area's navigation", async () => {
    const project = await get("otherHomeowner", `/dashboard/projects/${leadId}`);
    expect(project.status).toBe(404);
    const inDashboard = await project.text();
    expect(inDashboard).toContain("Page not found");
    // The sidebar, as on every dashboard page.
    expect(inDashboard).toMatch(/<a[^>]+href="\/dashboard\/messages"/);
    expect(inDashboard).toContain("Signed in as");

    const request = await get("otherPro", `/pro/requests/${crypto.randomUUID()}`);
    expect(request.status).toBe(404);
    const inPro = await request.text();
    expect(inPro).toContain("Page not found");
    expect(inPro).toMatch(/<nav[^>]+aria-label="For pros"/);
    expect(inPro).not.toContain("Roofing HTTP");
  });

  it("lets the browser that sent a request without signing in, and no one else, see it", async () => {
    expect((await anonymous.fetch(`${server.url}/requests/${anonymousLeadId}`)).status).toBe(200);
    expect((await anonymous.fetch(`${server.url}/requests/${anonymousLeadId}/pros`)).status).toBe(
      200,
    );
    expect((await anonymous.fetch(`${server.url}/dashboard/projects/${leadId}`)).status).toBe(302);
  });

  it("refuses every step on another person's request with 404, changing nothing", async () => {
    const steps: { who: Who; path: string; fields: Record<string, string> }[] = [
      {
        who: "otherHomeowner",
        path: `/dashboard/projects/${leadId}`,
        fields: { intent: "close", reason: "postponed" },
      },
      {
        who: "pro",
        path: `/dashboard/projects/${leadId}`,
        fields: { intent: "close", reason: "postponed" },
      },
      {
        who: "otherHomeowner",
        path: `/dashboard/projects/${leadId}`,
        fields: { intent: "remove", contractorId: business.pro ?? "" },
      },
      {
        who: "homeowner",
        path: `/requests/${anonymousLeadId}`,
        fields: { intent: "close", reason: "postponed" },
      },
      {
        who: "otherHomeowner",
        path: `/dashboard/projects/${leadId}/pros`,
        fields: { pro: business.otherPro ?? "", consent: "on", consentText: "x" },
      },
      {
        who: "otherPro",
        path: `/pro/requests/${leadId}?business=${business.pro ?? ""}`,
        fields: { intent: "accept" },
      },
      { who: "otherPro", path: `/pro/requests/${leadId}`, fields: { intent: "accept" } },
      {
        who: "homeowner",
        path: `/pro/requests/${leadId}?business=${business.pro ?? ""}`,
        fields: { intent: "accept" },
      },
      {
        who: "homeowner",
        path: `/requests/${anonymousLeadId}/pros`,
        fields: { pro: business.pro ?? "", consent: "on" },
      },
    ];
    for (const { who, path, fields } of steps) {
      const response = await post(jars[who], path, fields);
      expect(response.status, `${who} POST ${path}`).toBe(404);
    }
    const project = await (await get("homeowner", `/dashboard/projects/${leadId}`)).text();
    expect(project).toContain("Pending");
    expect(project).not.toContain("Other Roofing HTTP");
  });

  it("answers an illegal step with 409 and its sentence", async () => {
    // Hiring a pro who has not quoted.
    const hire = await post(jars.homeowner, `/dashboard/projects/${leadId}`, {
      intent: "hire",
      contractorId: business.pro ?? "",
    });
    expect(hire.status).toBe(409);
    expect(await hire.text()).toMatch(/quote/i);
  });

  /** Posts photos to the homeowner's project page as the browser's multipart form does. */
  const upload = (who: Who, files: { name: string; type: string; bytes: Uint8Array }[]) => {
    const form = new FormData();
    form.set("intent", "photos");
    for (const file of files)
      form.append("photos", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return jars[who].fetch(`${server.url}/dashboard/projects/${leadId}`, {
      method: "POST",
      body: form,
      headers: { origin: server.url },
    });
  };

  it("takes a homeowner's photos over HTTP: GPS gone, shown to the chosen pro only, bad files named", async () => {
    const jpeg = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 120, b: 160 } },
    })
      .withExif({
        IFD0: { Make: "TestPhone" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "39/1 44/1 2150/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "104/1 59/1 1000/100",
        },
      })
      .jpeg()
      .toBuffer();
    const taken = await upload("homeowner", [
      { name: "porch.jpg", type: "image/jpeg", bytes: jpeg },
    ]);
    expect(taken.status).toBe(302);
    const page = await (await get("homeowner", `/dashboard/projects/${leadId}`)).text();
    const photo = new RegExp(`/photos/(${UUID})\\.webp`).exec(page)?.[0] ?? "";
    expect(photo).not.toBe("");

    const seen = await get("pro", photo);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/webp");
    expect(seen.headers.get("set-cookie")).toBeNull();
    const meta = await sharp(Buffer.from(await seen.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe("webp");
    for (const who of ["visitor", "otherHomeowner", "otherPro"] as const) {
      expect((await get(who, photo)).status, who).toBe(404);
    }

    const notImage = await upload("homeowner", [
      {
        name: "notes.jpg",
        type: "image/jpeg",
        bytes: new TextEncoder().encode("not a photo at all"),
      },
    ]);
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toMatch(/notes\.jpg.{1,12}t a photo we can read/);
    const tooBig = await upload("homeowner", [
      { name: "huge.jpg", type: "image/jpeg", bytes: new Uint8Array(11 * 1024 * 1024) },
    ]);
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain("larger than 10 MB");
    // Elsewhere the 64 KB limit on bodies stands.
    const elsewhere = await jars.homeowner.fetch(`${server.url}/dashboard/new`, {
      method: "POST",
      body: (() => {
        const form = new FormData();
        form.set("details", "x".repeat(200 * 1024));
        return form;
      })(),
      headers: { origin: server.url },
    });
    expect(elsewhere.status).toBe(413);
  });

  it("takes a pro's photos of past work on the profile page and shows them to everyone", async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 90, b: 40 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "photos");
    form.set("business", business.pro ?? "");
    form.append("photos", new Blob([new Uint8Array(png)], { type: "image/png" }), "roof.png");
    const taken = await jars.pro.fetch(`${server.url}/pro/profile`, {
      method: "POST",
      body: form,
      headers: { origin: server.url },
    });
    expect(taken.status).toBe(302);
    // Another pro cannot add to this business.
    const foreign = await jars.otherPro.fetch(`${server.url}/pro/profile`, {
      method: "POST",
      body: form,
      headers: { origin: server.url },
    });
    expect(foreign.status).toBe(404);
    const edit = await (await get("pro", "/pro/profile")).text();
    const photo = new RegExp(`/photos/(${UUID})\\.webp`).exec(edit)?.[0] ?? "";
    expect(photo).not.toBe("");
    const seen = await get("visitor", photo);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  const HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "'; drop table leads; --",
    "../../etc/passwd",
    "A".repeat(3000),
    "%00",
    "\r\nX-Injected: yes",
    "-1",
    "1e309",
    "00000000-0000-0000-0000-000000000000",
  ];

  it("takes hostile values in every new route's path, query and fields without a 5xx or a reflection", async () => {
    const pages = (v: string) => {
      const e = encodeURIComponent(v);
      return [
        `/dashboard/projects/${e}`,
        `/dashboard/projects/${e}/pros`,
        `/dashboard/projects/${leadId}/pros?review=1&pro=${e}&pro=${e}`,
        `/pro?business=${e}&group=${e}&page=${e}&period=${e}`,
        `/pro/requests/${e}`,
        `/pro/requests/${leadId}?business=${e}`,
        `/requests/${e}`,
        `/requests/${e}/pros?pro=${e}`,
        `/pros/${e}`,
        `/pros/${e}/claim`,
      ];
    };
    const forms = (v: string): { who: Who; path: string; fields: Record<string, string> }[] => [
      {
        who: "homeowner",
        path: `/dashboard/projects/${leadId}`,
        fields: { intent: v, progress: v, contractorId: v },
      },
      {
        who: "homeowner",
        path: `/dashboard/projects/${leadId}`,
        fields: { intent: "progress", progress: v },
      },
      {
        who: "homeowner",
        path: `/dashboard/projects/${leadId}/pros`,
        fields: { pro: v, consent: "on", consentText: v },
      },
      {
        who: "pro",
        path: `/pro/requests/${leadId}`,
        fields: { intent: "decline", reason: v },
      },
      {
        who: "pro",
        path: `/pro/requests/${leadId}`,
        fields: {
          intent: "quote",
          kind: v,
          min: v,
          max: v,
          included: v,
          startFrom: v,
          startTo: v,
          validDays: v,
          message: v,
        },
      },
      {
        who: "pro",
        path: "/pro/profile",
        fields: { name: v, categories: v, places: v, email: v, radius: v },
      },
    ];
    for (const value of HOSTILE) {
      for (const who of ["homeowner", "pro"] as const) {
        for (const path of pages(value)) {
          const response = await get(who, path);
          const body = await response.text();
          expect(response.status, `${who} GET ${path.slice(0, 90)}`).toBeLessThan(500);
          expect(body.includes("<script>alert(1)</script>"), path).toBe(false);
          expect(body.includes("<img src=x onerror"), path).toBe(false);
          expect(response.headers.get("x-injected")).toBeNull();
        }
      }
      for (const { who, path, fields } of forms(value)) {
        const response = await post(jars[who], path, fields);
        const body = await response.text();
        expect(response.status, `${who} POST ${path} ${value.slice(0, 20)}`).toBeLessThan(500);
        expect(body.includes("<script>alert(1)</script>"), path).toBe(false);
        expect(body.includes("<img src=x onerror"), path).toBe(false);
      }
    }
  }, 120_000);
});
