/**
 * Site visits' routes over HTTP (issue 34), as five people reach them: a
 * visitor, the homeowner, another homeowner, the pro that accepted the
 * request, and another pro. Every page, download and step answers the two
 * sides only and 404 (or the sign-in page) to everyone else; a calendar
 * feed's address answers anyone until it is turned off, then 404; and
 * hostile values in every new route's path, query and fields never get a
 * 5xx or come back unescaped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinAsDenverRoofer } from "../support/console";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { quoteFields } from "../support/factories";
import { HOSTILE } from "../support/hostile";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

type Who = "visitor" | "homeowner" | "otherHomeowner" | "pro" | "otherPro";
const PEOPLE: Who[] = ["visitor", "homeowner", "otherHomeowner", "pro", "otherPro"];
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

describe("site visits' routes, person by person", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const jars = Object.fromEntries(PEOPLE.map((who) => [who, new CookieJar()])) as Record<
    Who,
    CookieJar
  >;
  let leadId = "";
  let businessId = "";
  let otherBusinessId = "";
  let visitId = "";

  const post = (who: Who, path: string, fields: Record<string, string>) =>
    jars[who].fetch(`${server.url}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });
  const get = (who: Who, path: string) => jars[who].fetch(`${server.url}${path}`);

  /** The id of the business named `name` on the homeowner's choice page (its checkbox). */
  async function offeredId(name: string): Promise<string> {
    const html = await (await get("homeowner", `/dashboard/projects/${leadId}/pros`)).text();
    const id = new RegExp(`<span id="pro-(${UUID})-name">${name}<`).exec(html)?.[1];
    if (!id) throw new Error(`${name} is not offered`);
    return id;
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
    expect((await joinAsDenverRoofer(jars.pro, server.url, "Visit Roofing HTTP")).status).toBe(302);
    expect(
      (await joinAsDenverRoofer(jars.otherPro, server.url, "Other Visit Roofing")).status,
    ).toBe(302);
    const added = await post(
      "homeowner",
      "/dashboard/new",
      quoteFields({ intent: "project", formKey: undefined }),
    );
    leadId =
      new RegExp(`/dashboard/projects/(${UUID})/pros`).exec(
        added.headers.get("location") ?? "",
      )?.[1] ?? "";
    businessId = await offeredId("Visit Roofing HTTP");
    otherBusinessId = await offeredId("Other Visit Roofing");
    const review = await (
      await get("homeowner", `/dashboard/projects/${leadId}/pros?review=1&pro=${businessId}`)
    ).text();
    const consentText = decode(/name="consentText" value="([^"]*)"/.exec(review)?.[1] ?? "");
    const sent = await post("homeowner", `/dashboard/projects/${leadId}/pros`, {
      pro: businessId,
      consent: "on",
      consentText,
    });
    expect(sent.status).toBe(302);
    const accepted = await post("pro", `/pro/requests/${leadId}?business=${businessId}`, {
      intent: "accept",
    });
    expect(accepted.status, await accepted.clone().text()).toBe(302);

    const booking = await (
      await get("homeowner", `/dashboard/projects/${leadId}/visit?business=${businessId}`)
    ).text();
    const slot = /name="slot"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="slot"/.exec(booking);
    const start = slot?.[1] ?? slot?.[2] ?? "";
    expect(start, "a free slot is offered").not.toBe("");
    const booked = await post(
      "homeowner",
      `/dashboard/projects/${leadId}/visit?business=${businessId}`,
      { slot: start, address: "1200 Larimer St" },
    );
    expect(booked.status, await booked.clone().text()).toBe(302);
    visitId =
      new RegExp(`/visits/(${UUID})\\?done=booked`).exec(
        booked.headers.get("location") ?? "",
      )?.[1] ?? "";
    expect(visitId).not.toBe("");
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  type Expected = Record<Who, number | "login">;
  const both = { visitor: "login", homeowner: 200, otherHomeowner: 404, pro: 200, otherPro: 404 };
  const matrix: { label: string; path: () => string; expected: Expected }[] = [
    { label: "the visit page", path: () => `/visits/${visitId}`, expected: both as Expected },
    {
      label: "the visit page in French",
      path: () => `/fr/visits/${visitId}`,
      expected: both as Expected,
    },
    {
      label: "the visit's calendar file",
      path: () => `/visits/${visitId}/calendar.ics`,
      expected: both as Expected,
    },
    {
      label: "the booking page (a visit is open: to it)",
      path: () => `/dashboard/projects/${leadId}/visit?business=${businessId}`,
      expected: { visitor: "login", homeowner: 302, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
    {
      label: "the booking page for a pro not on the request",
      path: () => `/dashboard/projects/${leadId}/visit?business=${otherBusinessId}`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
    {
      label: "the business's visit hours",
      path: () => `/pro/visits?business=${businessId}`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 200, otherPro: 404 },
    },
    {
      label: "the business's schedule",
      path: () => `/pro/schedule?business=${businessId}&view=day`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 200, otherPro: 404 },
    },
    {
      label: "a visit that does not exist",
      path: () => `/visits/${crypto.randomUUID()}`,
      expected: { visitor: "login", homeowner: 404, otherHomeowner: 404, pro: 404, otherPro: 404 },
    },
  ];

  it.each(matrix)("$label answers the two sides only", async ({ path, expected }) => {
    for (const who of PEOPLE) {
      const response = await get(who, path());
      const want = expected[who];
      if (want === "login") {
        expect(response.status, who).toBe(302);
        expect(response.headers.get("location"), who).toMatch(/^(\/fr)?\/login/);
      } else {
        expect(response.status, `${who} ${path()}`).toBe(want);
      }
      const body = await response.text();
      if (want === 404) expect(body, who).not.toContain("Visit Roofing HTTP");
      if (want === 404) expect(body, who).not.toContain("1200 Larimer");
    }
  });

  it("shows the visit to both sides in the job's zone, and the calendar file carries its UID", async () => {
    for (const who of ["homeowner", "pro"] as const) {
      const html = await (await get(who, `/visits/${visitId}`)).text();
      expect(html, who).toMatch(/\d{1,2}:\d{2}\s?[AP]M M[SD]T/);
    }
    const ics = await get("pro", `/visits/${visitId}/calendar.ics`);
    expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toContain(`UID:${visitId}@`);
    expect(text).toMatch(/DTSTART;TZID=America\/Denver:/);
  });

  it("refuses every step on a visit to anyone but its two sides with 404, changing nothing", async () => {
    const steps: { who: Who; fields: Record<string, string> }[] = [
      { who: "otherHomeowner", fields: { intent: "cancel", reason: "Not mine" } },
      { who: "otherPro", fields: { intent: "cancel", reason: "Not mine" } },
      { who: "otherPro", fields: { intent: "done" } },
      { who: "otherHomeowner", fields: { intent: "reschedule", slot: "", reason: "x" } },
    ];
    for (const { who, fields } of steps) {
      const response = await post(who, `/visits/${visitId}`, fields);
      expect(response.status, `${who} ${fields.intent ?? ""}`).toBe(404);
    }
    const refusedBooking = await post(
      "otherHomeowner",
      `/dashboard/projects/${leadId}/visit?business=${businessId}`,
      { slot: new Date().toISOString() },
    );
    expect(refusedBooking.status).toBe(404);
    const page = await (await get("homeowner", `/visits/${visitId}`)).text();
    expect(page).toContain("Booked");
    expect(page).not.toContain("Not mine");
  });

  it("serves the calendar feed to its address until it is turned off, then 404", async () => {
    expect((await post("homeowner", "/dashboard/schedule", { intent: "create_feed" })).status).toBe(
      302,
    );
    const schedule = await (await get("homeowner", "/dashboard/schedule")).text();
    const link = /(\/calendar\/[A-Za-z0-9_-]+\.ics)/.exec(schedule)?.[1] ?? "";
    expect(link).not.toBe("");
    const feed = await get("visitor", link);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain(`UID:${visitId}@`);
    // Another person's address is not derivable: one changed character is 404.
    const forged = link.replace(/.(?=\.ics$)/, (c) => (c === "A" ? "B" : "A"));
    expect((await get("visitor", forged)).status).toBe(404);
    expect((await post("homeowner", "/dashboard/schedule", { intent: "revoke_feed" })).status).toBe(
      302,
    );
    expect((await get("visitor", link)).status).toBe(404);
  });

  it("takes hostile values in every visit route's path, query and fields without a 5xx or a reflection", async () => {
    const pages = (v: string) => {
      const e = encodeURIComponent(v);
      return [
        `/visits/${e}`,
        `/visits/${visitId}?done=${e}&from=${e}`,
        `/visits/${e}/calendar.ics`,
        `/dashboard/projects/${e}/visit?business=${e}`,
        `/dashboard/projects/${leadId}/visit?business=${e}&from=${e}`,
        `/pro/visits?business=${e}&done=${e}`,
        `/pro/schedule?business=${e}&view=${e}&date=${e}`,
        `/pro/schedule?view=week&date=${e}`,
        `/dashboard/schedule?feed=${e}`,
        `/calendar/${e}`,
        `/calendar/${e}.ics`,
        `/es/visits/${e}`,
      ];
    };
    const hours = (v: string) => ({
      intent: "save",
      timeZone: v,
      visitMinutes: v,
      bufferMinutes: v,
      noticeHours: v,
      horizonDays: v,
      "mon.0.start": v,
      "mon.0.end": v,
      "tue.3.start": v,
    });
    const forms = (v: string): { who: Who; path: string; fields: Record<string, string> }[] => [
      { who: "homeowner", path: `/visits/${visitId}`, fields: { intent: v } },
      {
        who: "homeowner",
        path: `/visits/${visitId}`,
        fields: { intent: "reschedule", slot: v, reason: v },
      },
      {
        who: "homeowner",
        path: `/visits/${visitId}`,
        fields: { intent: "pick", start: v, address: v },
      },
      { who: "pro", path: `/visits/${visitId}`, fields: { intent: "no_show" } },
      {
        who: "homeowner",
        path: `/dashboard/projects/${leadId}/visit?business=${businessId}`,
        fields: { slot: v, address: v },
      },
      { who: "pro", path: `/pro/visits?business=${businessId}`, fields: hours(v) },
      {
        who: "pro",
        path: `/pro/visits?business=${businessId}`,
        fields: { intent: "add_day_off", startsOn: v, endsOn: v, note: v },
      },
      {
        who: "pro",
        path: `/pro/visits?business=${businessId}`,
        fields: { intent: "remove_day_off", id: v },
      },
      {
        who: "pro",
        path: `/pro/requests/${leadId}?business=${businessId}`,
        fields: {
          intent: "propose_visit",
          date1: v,
          time1: v,
          date2: v,
          time2: v,
          date3: v,
          time3: v,
        },
      },
      { who: "homeowner", path: "/dashboard/schedule", fields: { intent: v } },
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
        const response = await post(who, path, fields);
        const body = await response.text();
        const said = response.status >= 500 ? server.logs.slice(-3).join("\n") : "";
        expect(response.status, `${who} POST ${path} ${value.slice(0, 20)} ${said}`).toBeLessThan(
          500,
        );
        expect(body.includes("<script>alert(1)</script>"), path).toBe(false);
        expect(body.includes("<img src=x onerror"), path).toBe(false);
      }
    }
    // Nothing hostile became a visit's state: still booked, once.
    expect(await (await get("homeowner", `/visits/${visitId}`)).text()).toContain("Booked");
  }, 180_000);
});
