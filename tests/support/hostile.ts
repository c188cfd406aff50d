/**
 * The fuzzers' hostile values, and what every answer to them must be: no
 * 5xx, no redirect off the site, the security headers kept, no injected
 * header or cookie, and nothing reflected unescaped.
 */
import { expect } from "vitest";

export const HOSTILE = [
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
  // Raw control characters (issue 42): a NUL PostgreSQL cannot store, an escape sequence.
  "12 Elm\u0000 St",
  "Sorry\u001b[2J",
  "%E0%A4%A",
  "%",
  "${7*7}{{7*7}}",
  "javascript:alert(1)",
  "//evil.example",
];

/**
 * Dates no calendar page should fail on (issue 42): past the year 9999, before
 * the year 1000, impossible days, other shapes, and names an object already
 * has. Each must answer a page or a 4xx, never a 5xx.
 */
export const HOSTILE_DATES = [
  "9999-12-31",
  "0000-00-00",
  "0000-01-01",
  "0001-01-01",
  "0999-12-31",
  "2027-02-30",
  "2027-13-01",
  "2026-1-1",
  "20270210",
  "+275760-09-13",
  "-000001-01-01",
  "99999-01-01",
  "2038-01-19T03:14:08Z",
  "NaN",
  "",
  "constructor",
  "__proto__",
];

export const RAW_MARKERS = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>"];

export async function expectSafeAnswer(label: string, response: Response, origin: string) {
  const body = await response.text();
  expect(response.status, label).toBeLessThan(500);
  // Every redirect stays on the site.
  const location = response.headers.get("location");
  if (location !== null) expect(new URL(location, origin).origin, label).toBe(origin);
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
