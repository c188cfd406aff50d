/**
 * A gallery of six services (spec §2): the cards widen on hover and on
 * keyboard focus (CSS only), each with Learn More to its category.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { CATEGORY_TITLES } from "~/lib/site-labels";
import { useLocalize } from "~/lib/use-locale";
import { CATEGORIES } from "~/site";

const GALLERY = [
  "general-contractors",
  "home-renovation",
  "roofing",
  "plumbing",
  "electrical",
  "landscaping",
] as const;

export function ServiceGallery() {
  const { i18n } = useLingui();
  const localize = useLocalize();
  const items = GALLERY.map((slug) => CATEGORIES.find((category) => category.slug === slug)).filter(
    (category) => category !== undefined,
  );
  return (
    <ul className="flex flex-col gap-3 lg:h-[26rem] lg:flex-row">
      {items.map((category) => {
        const title = i18n._(CATEGORY_TITLES[category.slug]);
        return (
          <li
            key={category.slug}
            className="group relative isolate min-h-56 flex-1 overflow-hidden rounded-card shadow-card transition-[flex-grow] duration-500 hover:flex-[2.6] focus-within:flex-[2.6] motion-reduce:transition-none lg:min-h-0"
          >
            <Picture
              name={category.image}
              alt=""
              sizes="(min-width: 1024px) 40vw, 100vw"
              className="absolute inset-0 -z-10"
              imgClassName="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105 motion-reduce:transition-none"
            />
            <div className="absolute inset-0 -z-10 bg-gradient-to-t from-navy-950/90 via-navy-950/30 to-transparent" />
            <div className="flex h-full flex-col justify-end gap-2 p-5 text-white">
              <h3 className="text-xl font-bold">{title}</h3>
              <Link
                to={localize(category.path)}
                className="inline-flex min-h-11 items-center gap-1.5 self-start rounded-control font-semibold text-accent-300 underline-offset-4 hover:underline"
              >
                <Trans>
                  Learn More<span className="sr-only"> about {title}</span>
                </Trans>
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
