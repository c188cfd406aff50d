/**
 * The breadcrumb bar: Home and the path, and a button with the stored city
 * that opens the location picker. After 400 px of scrolling it sticks to the
 * top of the window (its place in the page is kept, so nothing jumps). An
 * island: the server renders it for the page's path, in the page's language.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronRightIcon, MapPinIcon } from "~/components/ui/shell-icons";
import { useEffect, useState } from "react";
import { cn } from "~/lib/cn";
import { island } from "~/lib/island";
import { unlocalizedPath } from "~/lib/locale-path";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { cityLabelFromSlug } from "~/lib/text";
import { breadcrumbs } from "./breadcrumb";
import { openLocationPicker, preloadLocationPicker } from "./location-picker";
import { useSelectedCity } from "./selected-city";

/** Spec §9: the bar stays fixed once the page has scrolled this far. */
const BREADCRUMB_FIXED_AFTER_PX = 400;

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}

export interface BreadcrumbBarProps {
  /** The page's path, with its language prefix ("/es/denver-co/roofing"). */
  path: string;
  /** Labels the page gives some of its segments: crumbLabelsOf(useMatches()) (breadcrumb.ts). */
  labels?: Record<string, string>;
}

export function BreadcrumbBar({ path, labels }: BreadcrumbBarProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const crumbs = breadcrumbs(unlocalizedPath(path), locale, labels);
  const city = useSelectedCity();
  const cityLabel = city ? cityLabelFromSlug(city) : null;
  const fixed = useScrolledPast(BREADCRUMB_FIXED_AFTER_PX);

  return (
    <div className="h-14">
      <div
        data-fixed={fixed || undefined}
        className={cn(
          "z-40 h-14 border-b border-line bg-surface",
          fixed ? "fixed inset-x-0 top-0 shadow-card" : "relative",
        )}
      >
        <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <nav aria-label={t`Breadcrumb`} className="min-w-0">
            <ol className="flex min-w-0 items-center gap-1 text-sm">
              {crumbs.map((crumb, index) => {
                const last = index === crumbs.length - 1;
                return (
                  <li key={crumb.path} className="flex min-w-0 items-center gap-1">
                    {index > 0 ? <ChevronRightIcon className="size-4 shrink-0 text-muted" /> : null}
                    {last ? (
                      <span aria-current="page" className="truncate font-semibold text-navy-900">
                        {crumb.label}
                      </span>
                    ) : (
                      <a href={crumb.path} className="truncate py-2 text-navy-700 hover:underline">
                        {crumb.label}
                      </a>
                    )}
                  </li>
                );
              })}
            </ol>
          </nav>
          <button
            type="button"
            // Without the picker's code, the search page finds contractors by ZIP.
            onClick={() => void openLocationPicker(undefined, { fallback: localize("/search") })}
            onPointerEnter={preloadLocationPicker}
            onFocus={preloadLocationPicker}
            className="inline-flex min-h-10 shrink-0 items-center gap-1.5 rounded-full border border-navy-200 px-3 text-sm font-medium text-navy-800 hover:bg-navy-50"
          >
            <MapPinIcon className="size-4" />
            <span>{cityLabel ?? <Trans>Choose your city</Trans>}</span>
          </button>
        </div>
      </div>
    </div>
  );
}

export const BreadcrumbBarIsland = island("breadcrumb-bar", BreadcrumbBar);
