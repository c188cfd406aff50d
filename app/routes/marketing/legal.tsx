import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { getArticle } from "~/features/content/content.server";
import { breadcrumbs } from "~/features/places/breadcrumb";
import { JsonLd } from "~/features/seo/json-ld";
import { breadcrumbList } from "~/features/seo/structured-data";
import { translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOfPath, unlocalizedPath } from "~/lib/locale-path";
import { pageMeta } from "~/lib/meta";
import { cachedPageHeaders } from "~/lib/cache-keys";
import { publicPageHeaders } from "~/lib/page-headers";
import { siteUrl } from "~/lib/site-url.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/legal";

export function loader({ url }: Route.LoaderArgs) {
  const path = url.pathname.replace(/(.)\/$/, "$1");
  const locale = localeOfPath(path);
  const page = getArticle(`pages/${unlocalizedPath(path).slice(1)}`, locale);
  if (!page) throw data(translate(locale, msg`Page not found`), { status: 404 });
  return data(
    {
      path,
      locale,
      siteUrl: siteUrl(),
      title: page.title,
      intro: page.intro,
      html: page.article.html,
    },
    { headers: cachedPageHeaders([]) },
  );
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${loaderData.title} | ${BRAND.name}`,
    description: loaderData.intro,
    siteUrl: loaderData.siteUrl,
    path: loaderData.path,
  });

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
        {loaderData.title}
      </h1>
      <p className="mt-4 text-lg text-muted">{loaderData.intro}</p>
      <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      <JsonLd
        data={breadcrumbList(
          loaderData.siteUrl,
          breadcrumbs(unlocalizedPath(loaderData.path), loaderData.locale),
          loaderData.locale,
        )}
      />
    </article>
  );
}
