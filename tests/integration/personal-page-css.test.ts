/**
 * Personal pages link the stylesheet, public pages inline theirs (issue 35,
 * decision 044), on the production build: a signed-in person's pages (the
 * dashboard, the pro's inbox) carry `<link rel="stylesheet">` to one hashed
 * file and no inline copy of the app's CSS; content pages still inline only
 * the rules they use; the file is served as a year-long immutable asset,
 * compressed, and holds every rule the inline copies come from.
 */
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classesInHtml, stylesheetClasses } from "../../server/pages/page-css";
import { joinAsDenverRoofer } from "../support/console";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const STYLESHEET_LINK = /<link rel="stylesheet" href="(\/assets\/app-[\w-]{8,}\.css)"\/?>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;

/** The page's <style> texts, and the stylesheets it links. */
function stylesOf(html: string): { inline: string[]; linked: string[] } {
  return {
    inline: [...html.matchAll(INLINE_STYLE)].map((match) => match[1] ?? ""),
    linked: [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? ""),
  };
}

describe("the stylesheet of personal and public pages", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const pro = new CookieJar();

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      FORM_MIN_FILL_MS: "0",
      RATE_LIMIT_MAX: "100000",
      DEMO_ACCOUNTS_PER_HOUR: "1000",
    });
    expect((await signInLocally(pro, server.url)).status).toBe(302);
    expect((await joinAsDenverRoofer(pro, server.url, "Linked Styles Roofing")).status).toBe(302);
  }, 120_000);
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  /** A personal page as its signed-in person gets it. */
  async function personal(path: string): Promise<{ response: Response; html: string }> {
    const response = await pro.fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
    return { response, html: await response.text() };
  }

  it("links one hashed stylesheet on personal pages, and inlines none of the app's CSS", async () => {
    const hrefs = new Set<string>();
    for (const path of ["/dashboard", "/pro"]) {
      const { response, html } = await personal(path);
      expect(response.headers.get("cache-control"), path).toMatch(/no-store/);
      const { inline, linked } = stylesOf(html);
      expect(linked, `${path}: the stylesheet link`).toHaveLength(1);
      // Before the page's own content: in the head, where the inline copy was.
      expect(html.indexOf(linked[0] ?? ""), path).toBeLessThan(html.indexOf("</head>"));
      expect(inline.join(""), `${path}: inline CSS`).not.toMatch(/tailwindcss|font-family/);
      // The policy lets the page load its own stylesheet.
      expect(response.headers.get("content-security-policy"), path).toMatch(
        /style-src 'self'[^;]*/,
      );
      for (const href of linked) hrefs.add(href);
    }
    // The same file on every personal page: the browser fetches it once.
    expect(hrefs.size).toBe(1);
  });

  it("still inlines the rules a public page uses, with no stylesheet to fetch", async () => {
    for (const path of ["/login", "/terms", "/denver-co/roofing"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const { inline, linked } = stylesOf(html);
      expect(linked, `${path}: no stylesheet link`).toEqual([]);
      expect(inline.join(""), `${path}: the inline stylesheet`).toMatch(/font-family/);
    }
  });

  it("serves the stylesheet as an immutable hashed asset, compressed, holding every rule", async () => {
    const { html } = await personal("/pro");
    const href = stylesOf(html).linked[0] ?? "";
    expect(href).toMatch(/^\/assets\/app-[\w-]{8,}\.css$/);

    const { request } = await import("node:http");
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        request(`${server.url}${href}`, { headers: { "accept-encoding": "br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      },
    );
    expect(raw.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(raw.headers["content-type"]).toMatch(/^text\/css/);
    expect(raw.headers["content-encoding"]).toBe("br");
    const css = brotliDecompressSync(raw.body).toString();

    // The whole stylesheet: every class a public page's trimmed copy keeps is in it, and
    // every class on the personal pages that the stylesheet styles anywhere.
    const linked = stylesheetClasses(css);
    const publicPage = await (await fetch(`${server.url}/denver-co/roofing`)).text();
    const inline = stylesOf(publicPage).inline.join("");
    const kept = stylesheetClasses(inline);
    expect(kept.size).toBeGreaterThan(50);
    expect([...kept].filter((name) => !linked.has(name))).toEqual([]);
    for (const path of ["/dashboard", "/pro"]) {
      const onPage = classesInHtml((await personal(path)).html);
      // A page's classes the stylesheet has no rule for are Tailwind's to leave out;
      // the few it must style are there.
      for (const name of ["flex", "font-sans", "sr-only"]) {
        expect(onPage.has(name) && linked.has(name), `${path}: .${name}`).toBe(true);
      }
    }
  });
});
