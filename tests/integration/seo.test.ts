/**
 * What search engines get: the sitemap lists only pages that answer 200 with
 * a unique title and description, a canonical link to themselves and social
 * cards; every JSON-LD block parses and has its required properties; and a
 * crawl from the home page finds no broken link and no redirect chain.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

function attribute(html: string, pattern: RegExp): string | undefined {
  return pattern
    .exec(html)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
}

type JsonLd = Record<string, unknown>;

function jsonLdBlocks(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "") as JsonLd,
  );
}

const REQUIRED: Record<string, string[]> = {
  Organization: ["name", "url", "logo"],
  Service: ["name", "provider", "areaServed", "serviceType"],
  BreadcrumbList: ["itemListElement"],
  FAQPage: ["mainEntity"],
  HomeAndConstructionBusiness: ["name", "address", "telephone"],
  Plumber: ["name", "address", "telephone"],
  RoofingContractor: ["name", "address", "telephone"],
  Electrician: ["name", "address", "telephone"],
  GeneralContractor: ["name", "address", "telephone"],
  HousePainter: ["name", "address", "telephone"],
};

function checkJsonLd(block: JsonLd, page: string) {
  expect(block["@context"], page).toBe("https://schema.org");
  const type = String(block["@type"]);
  const required = REQUIRED[type];
  expect(required, `${page}: unexpected @type ${type}`).toBeDefined();
  for (const property of required ?? [])
    expect(block[property], `${page} ${type}.${property}`).toBeTruthy();
  if (type === "BreadcrumbList") {
    const items = block.itemListElement as { position: number; name: string; item: string }[];
    items.forEach((item, index) => {
      expect(item.position).toBe(index + 1);
      expect(item.name).toBeTruthy();
      expect(item.item).toMatch(/^http/);
    });
  }
  if (type === "FAQPage") {
    for (const question of block.mainEntity as {
      name: string;
      acceptedAnswer: { text: string };
    }[]) {
      expect(question.name.endsWith("?")).toBe(true);
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(20);
    }
  }
  if ("aggregateRating" in block)
    throw new Error(`${page}: ratings of sample listings must not be marked up`);
}

describe("search engines", () => {
  const data = freshDataDir();
  let server: SiteServer;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    server = await startSite({ DATA_DIR: data.dir });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("robots.txt points to the sitemap and keeps crawlers out of personal pages", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(robots).toContain("Disallow: /dashboard");
  });

  it("a search with results names its listing page as canonical; other searches are noindex", async () => {
    const found = await (await fetch(`${server.url}/search?service=roof-repair&zip=80202`)).text();
    expect(attribute(found, /<link rel="canonical" href="([^"]+)"/)).toBe(
      `${server.url}/denver-co/roof-repair`,
    );
    expect(attribute(found, /<meta name="robots" content="([^"]+)"/)).toBe("index, follow");
    expect(attribute(found, /<meta name="description" content="([^"]+)"/)).toContain("Denver");

    const unknown = await (await fetch(`${server.url}/search?service=roofing&zip=00000`)).text();
    expect(attribute(unknown, /<meta name="robots" content="([^"]+)"/)).toBe("noindex, follow");
    expect(unknown).not.toMatch(/<link rel="canonical"/);

    const login = await (await fetch(`${server.url}/login?returnTo=%2Fdashboard`)).text();
    expect(attribute(login, /<link rel="canonical" href="([^"]+)"/)).toBe(`${server.url}/login`);
    expect(attribute(login, /<meta name="robots" content="([^"]+)"/)).toBe("index, follow");
  });

  it("the sitemap lists only real pages, each with a unique title and description, and valid JSON-LD", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
    expect(urls).toContain(`${server.url}/`);
    expect(urls).toContain(`${server.url}/roofing`);
    expect(urls).toContain(`${server.url}/denver-co`);
    expect(urls).toContain(`${server.url}/denver-co/roofing`);
    expect(urls).toContain(`${server.url}/es/`);
    expect(urls).toContain(`${server.url}/fr/denver-co/roofing`);
    expect(urls.length).toBeGreaterThan(100);

    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const url of urls) {
      const response = await fetch(url, { redirect: "manual" });
      expect(response.status, url).toBe(200);
      const html = await response.text();
      pages.set(url, html);
      // Each page in its language (issue 23): the sitemap lists all three.
      const language = /^\/(es|fr)\//.exec(new URL(url).pathname)?.[1];
      expect(html, url).toContain(
        `<html lang="${language === "es" ? "es" : language === "fr" ? "fr-CA" : "en"}"`,
      );
      const title = attribute(html, /<title>([^<]+)<\/title>/);
      const description = attribute(html, /<meta name="description" content="([^"]+)"/);
      expect(title, url).toBeTruthy();
      expect(description, url).toBeTruthy();
      expect(titles.get(title ?? ""), `${url} repeats the title of`).toBeUndefined();
      expect(
        descriptions.get(description ?? ""),
        `${url} repeats the description of`,
      ).toBeUndefined();
      titles.set(title ?? "", url);
      descriptions.set(description ?? "", url);
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), url).toBe(url);
      expect(attribute(html, /<meta name="robots" content="([^"]+)"/), url).toBe("index, follow");
      expect(attribute(html, /<meta property="og:image" content="([^"]+)"/), url).toMatch(/\.jpg$/);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      const blocks = jsonLdBlocks(html);
      expect(blocks.length, `${url} has no JSON-LD`).toBeGreaterThan(0);
      for (const block of blocks) checkJsonLd(block, url);
    }
    const types = new Set(
      [...pages.values()].flatMap((html) => jsonLdBlocks(html).map((b) => String(b["@type"]))),
    );
    for (const type of [
      "Organization",
      "Service",
      "BreadcrumbList",
      "FAQPage",
      "RoofingContractor",
      "Plumber",
    ]) {
      expect(types.has(type), `no page has ${type}`).toBe(true);
    }
  });

  it("a crawl from the home page finds no broken links and no redirect chains", async () => {
    const origin = new URL(server.url).origin;
    const queue = ["/"];
    const seen = new Set(queue);
    const problems: string[] = [];
    while (queue.length > 0 && seen.size < 800) {
      const path = queue.shift() ?? "/";
      const response = await fetch(`${origin}${path}`, { redirect: "manual" });
      if (response.status >= 300 && response.status < 400) {
        const target = new URL(response.headers.get("location") ?? "", `${origin}${path}`);
        const next = await fetch(target, { redirect: "manual" });
        if (next.status !== 200)
          problems.push(
            `${path} → ${target.pathname} (${next.status.toString()}): a chain or a dead end`,
          );
        await next.body?.cancel();
        continue;
      }
      if (response.status !== 200) {
        problems.push(`${path}: ${response.status.toString()}`);
        await response.body?.cancel();
        continue;
      }
      if (!response.headers.get("content-type")?.startsWith("text/html")) {
        await response.body?.cancel();
        continue;
      }
      const html = await response.text();
      for (const match of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
        const href = (match[1] ?? "").replace(/&amp;/g, "&");
        if (/^(mailto|tel):/.test(href) || href.startsWith("#")) continue;
        const url = new URL(href, `${origin}${path}`);
        if (url.origin !== origin) continue;
        const next = `${url.pathname}${url.search}`;
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(30);
  });
});
