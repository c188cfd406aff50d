/**
 * Contractors in the console: the claims waiting for their code, then every
 * business profile (search by name, slug or email; all, unclaimed,
 * suspended or licence verified), 50 a page. A demo account's business is
 * listed too, marked "demo".
 */
import { data, Form, Link } from "react-router";
import {
  claimsWaiting,
  profilePage,
  PROFILE_FILTERS,
  SEARCH_MAX_LENGTH,
  type LicenceState,
  type ProfileFilter,
} from "~/features/operator/contractors.server";
import { getDb } from "~/lib/app-context.server";
import { cityLabelFromSlug } from "~/lib/text";
import { ConsoleTable, PageLinks, utcMinute } from "~/features/operator/console-parts";
import type { Route } from "./+types/contractors";
import { queryText } from "~/lib/plain-text";

const FILTER_LABELS: Record<ProfileFilter, string> = {
  all: "All",
  unclaimed: "Unclaimed",
  suspended: "Suspended",
  verified: "Licence verified",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const q = queryText(url.searchParams.get("q"), SEARCH_MAX_LENGTH);
  const asked = url.searchParams.get("filter") ?? "all";
  const filter = PROFILE_FILTERS.find((name) => name === asked) ?? "all";
  const number = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(number) && number >= 1 && number <= 100_000 ? number : 1;
  const [claims, profiles] = await Promise.all([
    claimsWaiting(db),
    profilePage(db, { q, filter, page }),
  ]);
  return data({
    q,
    filter,
    filters: PROFILE_FILTERS.map((name) => ({ name, label: FILTER_LABELS[name] })),
    claims: claims.map((claim) => ({
      ...claim,
      sentAt: claim.sentAt.toISOString(),
      expiresAt: claim.expiresAt.toISOString(),
    })),
    profiles: {
      ...profiles,
      rows: profiles.rows.map((row) => ({
        ...row,
        suspendedAt: row.suspendedAt?.toISOString() ?? null,
      })),
    },
  });
}

function cities(slugs: string[]): string {
  const first = slugs[0];
  if (!first) return "None";
  const more = slugs.length - 1;
  return more > 0
    ? `${cityLabelFromSlug(first)} +${more.toString()} more`
    : cityLabelFromSlug(first);
}

function licenceText(licence: LicenceState): string {
  if (licence.state === "verified") return `Verified until ${licence.until}`;
  return licence.state === "declared" ? "Declared" : "Not verified";
}

const TH = "py-2 pr-4";

export default function ContractorsPage({ loaderData }: Route.ComponentProps) {
  const { q, filter, filters, claims, profiles } = loaderData;
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (filter !== "all") params.set("filter", filter);
    params.set("page", page.toString());
    return `/admin/contractors?${params.toString()}`;
  };
  return (
    <section aria-labelledby="contractors-title" className="grid gap-8">
      <h1 id="contractors-title" className="text-2xl font-bold text-navy-900">
        Contractors
      </h1>

      <section aria-labelledby="claims-title" className="grid gap-3">
        <h2 id="claims-title" className="text-xl font-bold text-navy-900">
          Claims waiting
        </h2>
        {claims.length === 0 ? (
          <p className="text-muted">No claim is waiting for its code.</p>
        ) : (
          <ConsoleTable
            caption="Claims whose code still works, newest first"
            captionHidden
            headings={["Business", "Claimed by", "Sent (UTC)", "Tries left", "Expires (UTC)"]}
          >
            {claims.map((claim) => (
              <tr
                key={`${claim.contractorId}-${claim.userId}`}
                className="border-b border-line/60 align-top"
              >
                <td className={TH}>
                  <Link
                    to={`/admin/contractors/${claim.contractorId}`}
                    className="text-navy-700 underline"
                  >
                    {claim.business}
                  </Link>
                </td>
                <td className={TH}>
                  <Link to={`/admin/people/${claim.userId}`} className="text-navy-700 underline">
                    {claim.email}
                  </Link>
                </td>
                <td className={`${TH} whitespace-nowrap`}>{utcMinute(claim.sentAt)}</td>
                <td className={TH}>{claim.triesLeft}</td>
                <td className="py-2 whitespace-nowrap">{utcMinute(claim.expiresAt)}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </section>

      <section aria-labelledby="profiles-title" className="grid gap-3">
        <h2 id="profiles-title" className="text-xl font-bold text-navy-900">
          Profiles
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find profiles">
          <label className="grid gap-1 text-sm font-medium text-navy-900">
            Name, slug or email
            <input
              type="search"
              name="q"
              defaultValue={q}
              className="rounded-control border border-line px-3 py-2"
            />
          </label>
          <label className="grid gap-1 text-sm font-medium text-navy-900">
            Show
            <select
              name="filter"
              defaultValue={filter}
              className="rounded-control border border-line px-3 py-2"
            >
              {filters.map((option) => (
                <option key={option.name} value={option.name}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="rounded-control bg-navy-900 px-4 py-2 text-sm font-semibold text-white"
          >
            Find
          </button>
        </Form>
        {profiles.rows.length === 0 ? (
          <p className="text-muted">No profile matches.</p>
        ) : (
          <ConsoleTable
            caption={<>Business profiles by name, page {profiles.page}</>}
            captionHidden
            headings={["Name", "Cities", "Owner", "Licence", "Suspended", "New requests"]}
          >
            {profiles.rows.map((row) => (
              <tr key={row.id} className="border-b border-line/60 align-top">
                <td className={TH}>
                  <Link to={`/admin/contractors/${row.id}`} className="text-navy-700 underline">
                    {row.name}
                  </Link>
                  {row.demoOnly ? <span className="text-muted"> (demo)</span> : null}
                  {row.isSample ? <span className="text-muted"> (sample)</span> : null}
                </td>
                <td className={TH}>{cities(row.citySlugs)}</td>
                <td className={`${TH} break-all`}>{row.ownerEmail ?? "Unclaimed"}</td>
                <td className={TH}>{licenceText(row.licence)}</td>
                <td className={`${TH} whitespace-nowrap`}>
                  {row.suspendedAt ? `Since ${utcMinute(row.suspendedAt)} UTC` : "No"}
                </td>
                <td className="py-2">{row.newRequests}</td>
              </tr>
            ))}
          </ConsoleTable>
        )}
        <PageLinks
          label="Pages of profiles"
          page={profiles.page}
          more={profiles.hasNext}
          link={pageLink}
        />
      </section>
    </section>
  );
}
