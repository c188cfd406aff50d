/**
 * Pages prerendered at build time (build/client/**\/index.html) go into the
 * page cache at start-up, for good. Only when they were built for this
 * SITE_URL: their canonical links and structured data name the site.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { isLocale } from "../../app/lib/locales";
import { PUBLIC_PAGE_CACHE } from "../../app/lib/page-headers";
import { PRERENDER_SCRIPT_MARK } from "../../app/lib/script-mark";
import { htmlEntry, type PageCache } from "./page-cache";
import { improveLater } from "./page-encodings";
import type { PageCss } from "./page-css";

export async function loadPrerenderedPages(
  clientDir: string,
  siteUrl: string,
  cache: PageCache,
  pageCss: PageCss | undefined,
  /** Queue each page's best brotli now (off with PAGE_WARMING=0). */
  improve = true,
): Promise<{ loaded: string[]; skipped: string[] }> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const loaded: string[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name !== "index.html") continue;
    const relative = path.relative(clientDir, entry.parentPath).split(path.sep).join("/");
    // A language's home is "/es/" (server/http/canonical.ts), every other page has no slash.
    const route = relative === "" ? "/" : isLocale(relative) ? `/${relative}/` : `/${relative}`;
    const html = await readFile(path.join(entry.parentPath, entry.name), "utf8");
    if (!html.includes(`href="${siteUrl}${route}"`)) {
      skipped.push(route);
      continue;
    }
    const headers = new Headers({
      "Content-Type": "text/html; charset=utf-8",
      ...PUBLIC_PAGE_CACHE,
    });
    const page = htmlEntry(html, PRERENDER_SCRIPT_MARK, pageCss, 200, headers, 0);
    page.expiresAt = Number.POSITIVE_INFINITY;
    // Served for good, to every visitor: worth the best compression from the start
    // (unless start-up's background work is off; asked for twice, it is made then).
    if (improve) improveLater(page);
    cache.set(route, page);
    loaded.push(route);
  }
  return { loaded, skipped };
}
