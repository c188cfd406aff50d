import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipWithValue, identityWithValue, spliceTemplate } from "../../server/gzip-splice";

describe("gzip splicing of a per-response value", () => {
  const page = `<html><head><script nonce="@@N@@">a()</script></head><body>${"<p>Roofing guide text. </p>".repeat(2000)}<script nonce="@@N@@" type="module">b()</script></body></html>`;

  it("decompresses to the page with the value in every place", () => {
    const template = spliceTemplate(page, "@@N@@");
    const nonce = "r4nd0mN0nce+/=";
    const expected = page.replaceAll("@@N@@", nonce);
    expect(gunzipSync(gzipWithValue(template, nonce)).toString()).toBe(expected);
    expect(identityWithValue(template, nonce).toString()).toBe(expected);
  });

  it("stays small: the fixed parts are compressed once", () => {
    const template = spliceTemplate(page, "@@N@@");
    expect(gzipWithValue(template, "x").length).toBeLessThan(page.length / 10);
  });

  it("works with no placeholder at all, and with placeholders at the edges", () => {
    for (const text of ["plain text", "@@N@@start", "end@@N@@", "@@N@@", ""]) {
      const template = spliceTemplate(text, "@@N@@");
      expect(gunzipSync(gzipWithValue(template, "v")).toString()).toBe(
        text.replaceAll("@@N@@", "v"),
      );
    }
  });
});
