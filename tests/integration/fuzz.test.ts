/**
 * A route fuzzer: hostile values in every path segment, query parameter and
 * form field. No answer may be a 5xx, reflect the input unescaped, or lose
 * its security headers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDataDir, startServer, type TestServer } from "../support/server";

const HOSTILE = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; drop table leads; --",
  "../../../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "A".repeat(4000),
  "Ω≈ç√ 🚀 مرحبا 你好",
  "\r\nSet-Cookie: injected=1",
  "%0d%0aX-Injected:%20yes",
  "%00",
  "%E0%A4%A",
  "%",
  "${7*7}{{7*7}}",
  "javascript:alert(1)",
  "//evil.example",
];

const RAW_MARKERS = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>"];

function pathTemplates(v: string): string[] {
  const e = encodeURIComponent(v);
  return [
    `/${e}`,
    `/${e}/${e}`,
    `/denver-co/${e}`,
    `/${e}/roofing`,
    `/search?service=${e}&zip=${e}`,
    `/login?returnTo=${e}&error=${e}`,
    `/api/places?q=${e}`,
    `/api/places/resolve?text=${e}`,
    `/api/places/resolve?placeId=${e}`,
    `/auth/complete?to=${e}`,
    `/auth/callback?code=${e}&state=${e}`,
    `/sitemap/${e}`,
    `/dashboard/${e}`,
    `/roofing?${e}=${e}`,
  ];
}

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
];

describe("hostile input on every route", () => {
  const data = freshDataDir();
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  async function check(label: string, response: Response) {
    const body = await response.text();
    expect(response.status, label).toBeLessThan(500);
    expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
    expect(response.headers.get("content-security-policy"), label).toContain("object-src 'none'");
    expect(response.headers.get("x-injected"), label).toBeNull();
    expect(
      response.headers.getSetCookie().some((c) => c.startsWith("injected=")),
      label,
    ).toBe(false);
    for (const marker of RAW_MARKERS)
      expect(body.includes(marker), `${label} reflects ${marker}`).toBe(false);
  }

  it("GET: paths and query strings", async () => {
    for (const value of HOSTILE) {
      for (const path of pathTemplates(value)) {
        const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
        await check(`GET ${path.slice(0, 80)}`, response);
      }
    }
  });

  it("POST: every form field", async () => {
    for (const value of HOSTILE) {
      for (const form of FORMS) {
        for (const field of form.fields) {
          const body = new URLSearchParams({ ...form.extra, [field]: value });
          const response = await fetch(`${server.url}${form.path}`, {
            method: "POST",
            body,
            redirect: "manual",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
          });
          await check(`POST ${form.path} ${field}=${value.slice(0, 30)}`, response);
        }
      }
    }
  });
});
