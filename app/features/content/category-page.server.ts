/** Everything a category landing page shows, from its content file and the metadata table. */
import { translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import type { CategorySlug } from "~/site";
import { getCategory } from "~/site";
import { categoryMetadataTable } from "./category-metadata.server";
import { getArticle, getCategoryContent } from "./content.server";
import { faqFromArticleHtml } from "./faq";
import { proseHeightRem } from "./prose-height";

export function categoryPageData(slug: CategorySlug, locale: Locale) {
  const content = getCategoryContent(slug, locale);
  const category = getCategory(slug);
  const tips =
    slug === "home-renovation" ? getArticle("articles/home-renovation-tips", locale) : undefined;
  return {
    slug,
    locale,
    title: translate(locale, CATEGORY_TITLES[slug]),
    image: category.image,
    heroTitle: content.heroTitle,
    intro: content.intro,
    toc: content.article.toc,
    articleHtml: content.article.html,
    /** The guide's part below the first screen, estimated on a phone (decision 015). */
    articleRem: proseHeightRem(content.article.html),
    services: content.services.map((service) => ({
      ...service,
      image: `services/${slug}/${service.slug}`,
    })),
    closing: content.closing,
    gallery: (content.gallery ?? []).map((item) => ({ ...item, image: `services/${slug}/${item.service}` })),
    tips: tips
      ? {
          title: tips.title,
          intro: tips.intro,
          html: tips.article.html,
          rem: proseHeightRem(tips.article.html),
        }
      : null,
    metadata: categoryMetadataTable(locale)[slug],
    faq: faqFromArticleHtml(content.article.html),
  };
}

export type CategoryPageData = ReturnType<typeof categoryPageData>;
