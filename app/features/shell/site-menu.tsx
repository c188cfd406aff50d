/**
 * The header's phone menu: a <details> disclosure, so it opens before (and
 * without) JavaScript. Its panel lies over the page, so once live it closes
 * when focus leaves it, and on Escape with focus back on its button: left
 * open, it hid what the keyboard reached next, such as the breadcrumb bar's
 * city button (WCAG 2.4.11 Focus Not Obscured). An island that hydrates only
 * when someone reaches for it (INTENT_ISLANDS in app/islands.ts).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import type { FocusEvent, KeyboardEvent } from "react";
import { MenuIcon } from "~/components/ui/shell-icons";
import { island } from "~/lib/island";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { useLocalize } from "~/lib/use-locale";
import { CATEGORIES } from "~/site";
import { AccountLinkIsland, MENU_LINK } from "./account-link";
import { LanguageSwitcher } from "./language-switcher";

function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const menu = event.currentTarget;
  if (event.key !== "Escape" || !menu.open) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
}

function closeWhenFocusLeaves(event: FocusEvent<HTMLDetailsElement>) {
  const menu = event.currentTarget;
  if (!menu.contains(event.relatedTarget)) menu.open = false;
}

/**
 * `current`: the path of the category the page is in, if any; `page`: the
 * page's path and query; `signedIn`: a page only a signed-in person reaches.
 */
export function SiteMenu({
  current,
  page,
  signedIn = false,
}: {
  current?: string;
  page: string;
  signedIn?: boolean;
}) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  return (
    // Escape and focus events bubble up from the menu's button and links.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      onKeyDown={closeOnEscape}
      onBlur={closeWhenFocusLeaves}
      className="group relative lg:hidden"
    >
      <summary
        className="grid size-11 cursor-pointer list-none place-items-center rounded-control text-navy-900 hover:bg-navy-100 [&::-webkit-details-marker]:hidden"
        aria-label={t`Menu`}
      >
        <MenuIcon className="size-6" />
      </summary>
      <nav
        aria-label={t`Services`}
        className="absolute top-12 right-0 z-50 w-64 rounded-card border border-line bg-surface p-2 shadow-raised"
      >
        <ul>
          {CATEGORIES.map((category) => (
            <li key={category.slug}>
              <a
                href={localize(category.path)}
                aria-current={category.path === current ? "page" : undefined}
                className={MENU_LINK}
              >
                {i18n._(CATEGORY_TITLES[category.slug])}
              </a>
            </li>
          ))}
          <li className="sm:hidden">
            <AccountLinkIsland place="menu" known={signedIn} />
          </li>
          {/* Beside the menu from md up (site-header.tsx). */}
          <li className="md:hidden">
            <a href={localize("/pro/join")} className={MENU_LINK}>
              <Trans>For pros</Trans>
            </a>
          </li>
        </ul>
        <LanguageSwitcher
          page={page}
          className="mt-1 border-t border-line pt-1"
          linkClassName="text-navy-800 hover:bg-navy-100"
        />
      </nav>
    </details>
  );
}

export const SiteMenuIsland = island("site-menu", SiteMenu);
