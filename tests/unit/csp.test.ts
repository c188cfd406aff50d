import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, sealScripts } from "../../server/http/csp";
import { parseEnv } from "~/lib/env.server";

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("sealing a page's own scripts into hashes", () => {
  const mark = "tmmark0123";
  const page =
    `<html><head><link rel="preload" href="/f.woff2" nonce="${mark}"/></head><body>` +
    `<script nonce="${mark}">window.a = "</p>";</script>` +
    `<script nonce="${mark}" type="module">import("/assets/x.js")</script>` +
    `<script>alert("slipped in")</script>` +
    `<script type="application/ld+json">{"@type":"Organization"}</script>` +
    `<script nonce="${mark}">window.a = "</p>";</script>` +
    `</body></html>`;

  it("allows each marked inline script once, by the hash of its exact text", () => {
    const { scriptHashes } = sealScripts(page, mark);
    expect(scriptHashes).toEqual([sha256('window.a = "</p>";'), sha256('import("/assets/x.js")')]);
  });

  it("leaves scripts without the mark unlisted, so the browser refuses them", () => {
    const { scriptHashes, html } = sealScripts(page, mark);
    expect(scriptHashes).not.toContain(sha256('alert("slipped in")'));
    expect(html).toContain('<script>alert("slipped in")</script>');
  });

  it("takes the mark out of the page, which is then the same for every visitor", () => {
    const { html } = sealScripts(page, mark);
    expect(html).not.toContain(mark);
    expect(html).toContain('<script type="module">import("/assets/x.js")</script>');
    expect(html).toContain('<link rel="preload" href="/f.woff2"/>');
  });

  it("puts the hashes in the policy, with 'strict-dynamic' for what they load", () => {
    const env = parseEnv({ NODE_ENV: "test" });
    const policy = contentSecurityPolicy(env, ["'sha256-AAA='", "'sha256-BBB='"]);
    expect(policy).toContain("script-src 'sha256-AAA=' 'sha256-BBB=' 'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy(env)).toContain("script-src 'none'");
  });

  it("keeps each configuration's and each page's policy apart, however many it has written", () => {
    const plain = parseEnv({ NODE_ENV: "test" });
    const maps = parseEnv({ NODE_ENV: "test", GOOGLE_MAPS_API_KEY: "AIzaTestKey-0123456789" });
    expect(contentSecurityPolicy(plain)).not.toContain("maps.googleapis.com");
    expect(contentSecurityPolicy(maps)).toContain("https://maps.googleapis.com");
    for (let page = 0; page < 600; page++) {
      const hash = `'sha256-${page.toString()}='`;
      expect(contentSecurityPolicy(plain, [hash])).toContain(`script-src ${hash} 'strict-dynamic'`);
    }
    expect(contentSecurityPolicy(plain, ["'sha256-AAA='"])).toContain("script-src 'sha256-AAA='");
    expect(contentSecurityPolicy(plain)).toContain("script-src 'none'");
  });

  it("follows SITE_URL when the server sets it after start", () => {
    const env = parseEnv({ NODE_ENV: "test", SITE_URL: "http://127.0.0.1:4000" });
    expect(contentSecurityPolicy(env)).not.toContain("upgrade-insecure-requests");
    env.SITE_URL = "https://trade-match.example";
    expect(contentSecurityPolicy(env)).toContain("upgrade-insecure-requests");
  });
});
