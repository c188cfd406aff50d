import { getServices } from "~/lib/app-context.server";
import type { Route } from "./+types/robots";

/**
 * /robots.txt: everything public may be crawled; personal and API paths may
 * not. Search results may: they name their listing page as canonical, or say noindex.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = getServices(context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /auth/",
    "Disallow: /api/",
    "",
    `Sitemap: ${env.SITE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
