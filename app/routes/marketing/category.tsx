import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { CSSProperties } from "react";
import { buttonClasses } from "~/components/ui/button";
import { imagePreload, Picture } from "~/components/ui/picture";
import { categoryPageData } from "~/features/content/category-page.server";
import { ScrollToTopIsland } from "~/features/content/scroll-to-top";
import { ServiceCards } from "~/features/content/service-cards";
import { ServiceShowcase } from "~/features/content/service-showcase";
import { TableOfContents } from "~/features/content/table-of-contents";
import { breadcrumbs } from "~/features/places/breadcrumb";
import { JsonLd } from "~/features/seo/json-ld";
import { breadcrumbList, faqPage, service } from "~/features/seo/structured-data";
import { data } from "react-router";
import { translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOfPath, unlocalizedPath } from "~/lib/locale-path";
import { pageMeta } from "~/lib/meta";
import { cachedPageHeaders } from "~/lib/cache-keys";
import { publicPageHeaders } from "~/lib/page-headers";
import { siteUrl } from "~/lib/site-url.server";
import { useLocalize } from "~/lib/use-locale";
import { isCategorySlug } from "~/site";
import type { Route } from "./+types/category";

const HERO_IMAGE_SIZES = "(min-width: 1024px) 36rem, 100vw";

export function loader({ url }: Route.LoaderArgs) {
  const locale = localeOfPath(url.pathname);
  // Prerendering asks for "/roofing/" ("/es/roofing/").
  const slug = unlocalizedPath(url.pathname).replace(/\/$/, "").slice(1);
  // Only a path that differs from the category's own (another case, encoded letters) gets here.
  if (!isCategorySlug(slug)) throw data(translate(locale, msg`Not found`), { status: 404 });
  return data(
    { ...categoryPageData(slug, locale), siteUrl: siteUrl() },
    { headers: cachedPageHeaders([]) },
  );
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData.metadata.title,
    description: loaderData.metadata.description,
    keywords: loaderData.metadata.keywords,
    siteUrl: loaderData.siteUrl,
    path: loaderData.metadata.canonicalPath,
    image: loaderData.metadata.ogImage,
    robots: loaderData.metadata.robots,
  }),
  imagePreload(loaderData.image, HERO_IMAGE_SIZES),
];

export default function CategoryPage({ loaderData: page }: Route.ComponentProps) {
  const { t } = useLingui();
  const localize = useLocalize();
  const title = page.title;
  return (
    <>
      <section className="bg-surface">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:py-16">
          <div className="grid gap-5">
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
              {page.title}
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-navy-900 sm:text-5xl">
              {page.heroTitle}
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-muted">{page.intro}</p>
            <div className="flex flex-wrap gap-3">
              <a href="#service-cards" className={buttonClasses("primary", "lg")}>
                <Trans>See services</Trans>
              </a>
              <a href={`#${page.toc[0]?.id ?? "guide"}`} className={buttonClasses("ghost", "lg")}>
                <Trans>Read the guide</Trans>
              </a>
            </div>
          </div>
          <Picture
            name={page.image}
            alt=""
            sizes={HERO_IMAGE_SIZES}
            priority
            imgClassName="aspect-[4/3] w-full rounded-card object-cover shadow-card"
          />
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        {/*
          Parts below the first screen are estimated at their height on a phone
          (decision 015): the cards at 33rem each where they stack, the texts
          from their length.
        */}
        <section
          id="service-cards"
          aria-labelledby="services-title"
          className="below-fold scroll-mt-20 grid gap-6 [contain-intrinsic-block-size:auto_calc(var(--cards)*33rem)] md:[contain-intrinsic-block-size:auto_calc(var(--cards)*16rem)] lg:[contain-intrinsic-block-size:auto_calc(var(--cards)*11rem)]"
          style={{ "--cards": page.services.length } as CSSProperties}
        >
          <h2 id="services-title" className="text-2xl font-bold text-navy-900 sm:text-3xl">
            <Trans>{title} services</Trans>
          </h2>
          <ServiceCards services={page.services} />
        </section>

        <div
          className="below-fold mt-16 grid grid-cols-1 gap-10 lg:grid-cols-[18rem_minmax(0,1fr)]"
          style={{ containIntrinsicBlockSize: `auto ${page.articleRem.toString()}rem` }}
        >
          <aside className="lg:sticky lg:top-20 lg:self-start">
            <TableOfContents items={page.toc} />
          </aside>
          <article
            id="guide"
            className="prose-article"
            dangerouslySetInnerHTML={{ __html: page.articleHtml }}
          />
        </div>

        {page.gallery.length > 0 ? (
          <ServiceShowcase title={t`${title} projects`} items={page.gallery} />
        ) : null}

        {page.tips ? (
          <section
            aria-labelledby="tips-title"
            className="below-fold mt-16 grid gap-4 rounded-card bg-surface p-6 shadow-card sm:p-10"
            style={{ containIntrinsicBlockSize: `auto ${page.tips.rem.toString()}rem` }}
          >
            <h2 id="tips-title" className="text-2xl font-bold text-navy-900 sm:text-3xl">
              {page.tips.title}
            </h2>
            <p className="max-w-prose text-lg text-muted">{page.tips.intro}</p>
            <div className="prose-article" dangerouslySetInnerHTML={{ __html: page.tips.html }} />
          </section>
        ) : null}

        <section
          aria-labelledby="closing-title"
          className="below-fold mt-16 grid gap-6 rounded-card bg-navy-800 p-8 text-white sm:p-12"
        >
          <h2 id="closing-title" className="text-2xl font-bold sm:text-3xl">
            {page.closing.title}
          </h2>
          <p className="max-w-2xl text-navy-100">{page.closing.body}</p>
          <ul className="flex flex-wrap gap-2">
            {page.services.map((service) => (
              <li key={service.slug}>
                <a
                  href="#service-cards"
                  className="inline-flex min-h-10 items-center rounded-full border border-white/40 px-4 text-sm font-medium hover:bg-white/10"
                >
                  {service.title}
                </a>
              </li>
            ))}
          </ul>
          <a
            href={localize("/#quote")}
            className={buttonClasses("primary", "lg", "justify-self-start")}
          >
            <Trans>Get Your Free Quote</Trans>
          </a>
        </section>
      </div>
      <ScrollToTopIsland />
      <JsonLd
        data={service(page.siteUrl, {
          slug: page.slug,
          name: page.title,
          description: page.metadata.description,
          offers: page.services.map((s) => s.title),
          locale: page.locale,
        })}
      />
      <JsonLd
        data={breadcrumbList(page.siteUrl, breadcrumbs(`/${page.slug}`, page.locale), page.locale)}
      />
      {page.faq.length > 0 ? <JsonLd data={faqPage(page.faq)} /> : null}
    </>
  );
}
