/** "What Project Can We Help You With": the nine categories, each with icon and image (spec §2). */
import { useLingui } from "@lingui/react/macro";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CategoryIcon } from "~/components/ui/category-icon";
import { Picture } from "~/components/ui/picture";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { useLocalize } from "~/lib/use-locale";
import { CATEGORIES } from "~/site";

export function CategoryGrid() {
  const { i18n } = useLingui();
  const localize = useLocalize();
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {CATEGORIES.map((category) => (
        <li key={category.slug}>
          <Link
            to={localize(category.path)}
            className="group flex h-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-navy-300 transition-shadow hover:ring-2 focus-visible:ring-2"
          >
            <Picture
              name={category.image}
              alt=""
              sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
              imgClassName="aspect-[16/9] w-full object-cover"
            />
            <span className="flex items-center gap-3 p-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-50 text-accent-700">
                <CategoryIcon name={category.icon} className="size-5" />
              </span>
              <span className="flex-1 text-lg font-bold text-navy-900">
                {i18n._(CATEGORY_TITLES[category.slug])}
              </span>
              <ArrowRight
                aria-hidden="true"
                className="size-5 text-navy-500 transition-transform group-hover:translate-x-1"
              />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
