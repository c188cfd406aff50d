/**
 * The site header: brand, the nine categories, and the calls to action (for
 * pros, sign-in, a quote). Two islands: the account link (it reads the
 * browser's signed-in flag) and the phone menu (it closes itself, see
 * site-menu.tsx). Links are plain links: content pages run no router
 * in the browser (decision 010), and a router link costs the server render
 * more than an <a> does.
 */
import { LogoMark } from "~/components/ui/shell-icons";
import { useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { AccountLinkIsland } from "./account-link";
import { SiteMenuIsland } from "./site-menu";
import { BRAND, CATEGORIES } from "~/site";

function BrandLink() {
  return (
    <a
      href="/"
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

export function SiteHeader() {
  const { pathname } = useLocation();
  const current = CATEGORIES.find((category) => isInCategory(pathname, category.path))?.path;
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <BrandLink />
        <div className="flex items-center gap-2">
          <span className="hidden md:block">
            <a href="/pro/join" className={buttonClasses("ghost", "sm")}>
              For pros
            </a>
          </span>
          <span className="hidden sm:block">
            <AccountLinkIsland place="bar" />
          </span>
          <a href="/#quote" className={buttonClasses("primary", "sm")}>
            Get a quote
          </a>
          <SiteMenuIsland current={current} />
        </div>
      </div>
      <nav aria-label="Services" className="hidden border-t border-line lg:block">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-1.5 sm:px-6">
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <a
                href={category.path}
                aria-current={category.path === current ? "page" : undefined}
                className={navLinkClass(category.path === current)}
              >
                {category.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
