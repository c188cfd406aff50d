import {
  inEveryLanguage,
  sitemapIndex,
  SITEMAP_LIMIT,
  sitemapPaths,
  urlSet,
} from "~/features/seo/sitemap.server";
import { getServices } from "~/lib/app-context.server";
import type { Route } from "./+types/sitemap";

const HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

/** /sitemap.xml: the URL set, or an index of /sitemap/N.xml parts past 50,000 URLs. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { database, env } = getServices(context);
  const paths = inEveryLanguage(await sitemapPaths(database.db));
  const parts = Math.ceil(paths.length / SITEMAP_LIMIT);
  const part =
    params.part === undefined
      ? undefined
      : Number(/^(\d{1,6})\.xml$/.exec(params.part)?.[1] ?? NaN);
  if (part === undefined) {
    const body = parts > 1 ? sitemapIndex(env.SITE_URL, parts) : urlSet(env.SITE_URL, paths);
    return new Response(body, { headers: HEADERS });
  }
  if (!Number.isInteger(part) || part < 1 || part > parts)
    return new Response("Not Found", { status: 404 });
  return new Response(
    urlSet(env.SITE_URL, paths.slice((part - 1) * SITEMAP_LIMIT, part * SITEMAP_LIMIT)),
    {
      headers: HEADERS,
    },
  );
}
