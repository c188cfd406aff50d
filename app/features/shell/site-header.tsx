/**
 * The site header: brand, the nine categories, and the sign-in / quote calls
 * to action. The phone menu is a <details> disclosure, so it works before
 * (and without) JavaScript. Only the account link is an island: it reads the
 * browser's signed-in flag. Links are plain links: content pages run no router
 * in the browser (decision 010), and a router link costs the server render
 * more than an <a> does.
 */
import { LogoMark, MenuIcon } from "~/components/ui/shell-icons";
import { useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { AccountLinkIsland, MENU_LINK } from "./account-link";
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
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <BrandLink />
        <div className="flex items-center gap-2">
          <span className="hidden sm:block">
            <AccountLinkIsland place="bar" />
          </span>
          <a href="/#quote" className={buttonClasses("primary", "sm")}>
            Get a quote
          </a>
          <details className="group relative lg:hidden">
            <summary
              className="grid size-11 cursor-pointer list-none place-items-center rounded-control text-navy-900 hover:bg-navy-100 [&::-webkit-details-marker]:hidden"
              aria-label="Menu"
            >
              <MenuIcon className="size-6" />
            </summary>
            <nav
              aria-label="Services"
              className="absolute top-12 right-0 z-50 w-64 rounded-card border border-line bg-surface p-2 shadow-raised"
            >
              <ul>
                {CATEGORIES.map((category) => (
                  <li key={category.slug}>
                    <a
                      href={category.path}
                      aria-current={isInCategory(pathname, category.path) ? "page" : undefined}
                      className={MENU_LINK}
                    >
                      {category.title}
                    </a>
                  </li>
                ))}
                <li className="sm:hidden">
                  <AccountLinkIsland place="menu" />
                </li>
              </ul>
            </nav>
          </details>
        </div>
      </div>
      <nav aria-label="Services" className="hidden border-t border-line lg:block">
        <ul className="mx-auto flex max-w-7xl flex-wrap items-center gap-1 px-4 py-1.5 sm:px-6">
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <a
                href={category.path}
                aria-current={isInCategory(pathname, category.path) ? "page" : undefined}
                className={navLinkClass(isInCategory(pathname, category.path))}
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
