/**
 * The site header: brand, the nine categories, and the calls to action (for
 * pros, sign-in, a quote). Two islands: the account link (it reads the
 * browser's signed-in flag) and the phone menu (it closes itself, see
 * site-menu.tsx). Links are plain links: content pages run no router
 * in the browser (decision 010), and a router link costs the server render
 * more than an <a> does.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { LogoMark } from "~/components/ui/shell-icons";
import { useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { unlocalizedPath } from "~/lib/locale-path";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { useLocalize } from "~/lib/use-locale";
import { LanguageSwitcher, pageState } from "./language-switcher";
import { AccountLinkIsland } from "./account-link";
import { SiteMenuIsland } from "./site-menu";
import { BRAND, CATEGORIES } from "~/site";

function BrandLink() {
  const localize = useLocalize();
  return (
    <a
      href={localize("/")}
      className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-navy-900"
    >
      <LogoMark className="size-8 shrink-0" />
      {BRAND.name}
    </a>
  );
}

const navLinkClass = (active: boolean) =>
  cn(
    "whitespace-nowrap rounded-control px-2.5 py-2 text-sm font-medium hover:bg-navy-100",
    active ? "bg-navy-100 text-navy-900" : "text-navy-800",
  );

/** The category the page is in (its landing page or anything under it), as NavLink would say. */
function isInCategory(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** `signedIn`: a page only a signed-in person reaches (its account link says so in its HTML). */
export function SiteHeader({ signedIn = false }: { signedIn?: boolean }) {
  const { pathname, search } = useLocation();
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const page = unlocalizedPath(pathname);
  const current = CATEGORIES.find((category) => isInCategory(page, category.path))?.path;
  return (
    <header className="border-b border-line bg-surface print:hidden">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <BrandLink />
        <div className="flex items-center gap-2">
          <LanguageSwitcher
            page={pageState(pathname, search)}
            className="hidden xl:block"
            linkClassName="text-navy-800 hover:bg-navy-100"
          />
          <span className="hidden md:block">
            <a href={localize("/pro/join")} className={buttonClasses("ghost", "sm")}>
              <Trans>For pros</Trans>
            </a>
          </span>
          <span className="hidden sm:block">
            <AccountLinkIsland place="bar" known={signedIn} />
          </span>
          <a href={localize("/#quote")} className={buttonClasses("primary", "sm")}>
            <Trans>Get a quote</Trans>
          </a>
          <SiteMenuIsland
            current={current}
            page={pageState(pathname, search)}
            signedIn={signedIn}
          />
        </div>
      </div>
      <nav aria-label={t`Services`} className="hidden border-t border-line lg:block">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-1.5 sm:px-6">
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <a
                href={localize(category.path)}
                aria-current={category.path === current ? "page" : undefined}
                className={navLinkClass(category.path === current)}
              >
                {i18n._(CATEGORY_TITLES[category.slug])}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
