/**
 * The visible trail on a business's profile: Home › City › Trade › Business,
 * the same as its BreadcrumbList (json-ld.ts). It replaces the shared bar of
 * path segments there, whose "Pros" would lead to no page.
 */
import { useLingui } from "@lingui/react/macro";
import { useLocalize } from "~/lib/use-locale";
import { HOME_CRUMB } from "./json-ld";
import type { PublicProfile } from "./profile.server";

export function ProfileCrumbs({ profile }: { profile: PublicProfile }) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const { listing } = profile;
  const trail = [
    { label: i18n._(HOME_CRUMB), path: "/" },
    ...(listing
      ? [
          { label: listing.city.label, path: `/${listing.city.slug}` },
          { label: listing.trade.title, path: listing.path },
        ]
      : []),
  ];
  return (
    <nav aria-label={t`Breadcrumb`} className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((crumb) => (
          <li key={crumb.path} className="flex items-center gap-2">
            <a
              href={localize(crumb.path)}
              className="font-medium text-navy-700 underline underline-offset-2"
            >
              {crumb.label}
            </a>
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li aria-current="page" className="font-semibold text-navy-900">
          {profile.name}
        </li>
      </ol>
    </nav>
  );
}
