/** The site footer. Plain links, as in the header (site-header.tsx). */
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation } from "react-router";
import { BRAND_TAGLINE, CATEGORY_TITLES, LEGAL_LABELS } from "~/lib/site-labels";
import { useLocalize } from "~/lib/use-locale";
import { BRAND, CATEGORIES, LEGAL_LINKS, POPULAR_CITIES } from "~/site";
import { LanguageSwitcher, pageState } from "./language-switcher";

export function SiteFooter() {
  const year = new Date().getFullYear();
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const { pathname, search } = useLocation();
  const brand = BRAND.name;
  const tagline = i18n._(BRAND_TAGLINE);
  return (
    <footer className="below-fold mt-auto bg-navy-900 text-navy-100 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold text-white">{BRAND.name}</p>
          <p className="mt-3 max-w-xs text-sm leading-relaxed">
            <Trans>
              {tagline}. Homeowners and businesses across the United States and Canada use {brand}{" "}
              to find and compare local trade contractors.
            </Trans>
          </p>
          <LanguageSwitcher
            page={pageState(pathname, search)}
            className="mt-4 -ml-2"
            linkClassName="text-navy-100 hover:bg-white/10 hover:text-white aria-[current=true]:text-white"
          />
        </div>
        <nav aria-label={t`Footer services`}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            <Trans>Services</Trans>
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {CATEGORIES.map((category) => (
              <li key={category.slug}>
                <a href={localize(category.path)} className="hover:text-white hover:underline">
                  {i18n._(CATEGORY_TITLES[category.slug])}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t`Popular cities`}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            <Trans>Popular cities</Trans>
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {POPULAR_CITIES.map((city) => (
              <li key={city.slug}>
                <a href={localize(`/${city.slug}`)} className="hover:text-white hover:underline">
                  {city.name}, {city.region}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t`Company`}>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            <Trans>Company</Trans>
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            <li>
              <a href={localize("/pro/join")} className="hover:text-white hover:underline">
                <Trans>For pros</Trans>
              </a>
            </li>
            {LEGAL_LINKS.map((link) => (
              <li key={link.path}>
                <a href={localize(link.path)} className="hover:text-white hover:underline">
                  {i18n._(LEGAL_LABELS[link.path])}
                </a>
              </li>
            ))}
            <li>
              <a href={`mailto:${BRAND.supportEmail}`} className="hover:text-white hover:underline">
                {BRAND.supportEmail}
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 px-4 py-5 text-center text-xs text-navy-200">
        <Trans>
          © {year} {brand}. Contractors listed are independent businesses.
        </Trans>
      </p>
    </footer>
  );
}
