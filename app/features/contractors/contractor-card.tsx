/**
 * A contractor in a listing (spec §2): name (a link to its profile), its
 * five-star rating and review count (a real business's verified reviews, "No
 * reviews yet" before the first; a sample listing's figures marked "sample"),
 * description, features, the contact details it shows and recent projects,
 * with Get Free Quote, Contact and Schedule Consultation, which open the
 * request page that asks what the job is (listing-actions.tsx). Those need
 * sign-in: a visitor is sent to /login and brought back afterwards. A business nobody manages yet offers
 * "Is this your business?" (its claim page). A licence or insurance an
 * operator verified shows while the check holds ("Licence verified on …").
 * In the page's language, its links under the page's prefix. A business taking a break
 * stays, with "Not taking new requests until …" in place of its buttons.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { BadgeCheck, Check, Mail, MapPin, Phone, ShieldCheck } from "lucide-react";
import { Picture } from "~/components/ui/picture";
import { Rating } from "~/components/ui/rating";
import { formatPhone } from "~/features/leads";
import { AnswerLine, NotTakingRequests } from "~/features/marketplace";
import { useLocale, useLocalize } from "~/lib/use-locale";
import type { ContractorCardData } from "./contractors.server";
import { ListingActionsIsland } from "./listing-actions";
import { verifiedMessage } from "./verification";

/** The operator's checks that hold today, one line each; nothing when none does. */
function VerifiedChecks({ verified }: { verified: ContractorCardData["verified"] }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const { licence, insurance } = verified;
  if (!licence && !insurance) return null;
  return (
    <ul className="grid gap-1 text-sm font-semibold text-success-600" aria-label={t`Verified`}>
      {licence ? (
        <li className="flex items-start gap-2">
          <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {i18n._(verifiedMessage("licence", licence, locale))}
        </li>
      ) : null}
      {insurance ? (
        <li className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {i18n._(verifiedMessage("insurance", insurance, locale))}
        </li>
      ) : null}
    </ul>
  );
}

export function ContractorCard({
  contractor,
  listingPath,
  level = 2,
}: {
  contractor: ContractorCardData;
  /** The listing the card's requests are made from, in the page's language. */
  listingPath: string;
  /** Its name's heading level: 3 under the sample listings' own heading. */
  level?: 2 | 3;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const headingId = `contractor-${contractor.slug}`;
  const name = contractor.name;
  const Name = level === 2 ? "h2" : "h3";
  const Part = level === 2 ? "h3" : "h4";
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-5 rounded-card bg-surface p-5 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <Name id={headingId} className="text-xl font-bold text-navy-900">
            <a href={localize(`/pros/${contractor.slug}`)} className="hover:underline">
              {contractor.name}
            </a>
          </Name>
          <Rating
            value={contractor.rating}
            reviews={contractor.reviewCount}
            sample={contractor.isSample}
          />
          <AnswerLine record={contractor.answers} className="text-sm text-muted" />
          <VerifiedChecks verified={contractor.verified} />
        </div>
        {contractor.isSample ? (
          <span className="rounded-full bg-navy-50 px-3 py-1 text-xs font-semibold text-navy-700 ring-1 ring-navy-200 ring-inset">
            <Trans>Sample listing</Trans>
          </span>
        ) : null}
      </div>
      {/* A sample listing's own words are English: read out as English on any page. */}
      <p className="text-ink" lang={contractor.isSample ? "en" : undefined}>
        {contractor.description}
      </p>
      <div className="grid gap-5 md:grid-cols-2">
        {contractor.features.length > 0 ? (
          <ul
            className="grid content-start gap-2"
            aria-label={t`Features`}
            lang={contractor.isSample ? "en" : undefined}
          >
            {contractor.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-sm">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-600" />
                {feature}
              </li>
            ))}
          </ul>
        ) : null}
        <address className="grid content-start gap-2 text-sm not-italic">
          {contractor.phone ? (
            <a
              href={`tel:${contractor.phone}`}
              className="flex min-h-6 items-center gap-2 text-navy-700 hover:underline"
            >
              <Phone aria-hidden="true" className="size-4" />
              {formatPhone(contractor.phone, locale)}
            </a>
          ) : null}
          {contractor.email ? (
            <a
              href={`mailto:${contractor.email}`}
              className="flex min-h-6 items-center gap-2 text-navy-700 hover:underline"
            >
              <Mail aria-hidden="true" className="size-4" />
              {contractor.email}
            </a>
          ) : null}
          {contractor.address ? (
            <span className="flex items-start gap-2 text-muted">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {contractor.address}
            </span>
          ) : null}
        </address>
      </div>
      {contractor.gallery.length > 0 ? (
        <div>
          <Part className="mb-2 text-sm font-semibold text-navy-900">
            <Trans>Recent projects</Trans>
          </Part>
          <ul className="grid grid-cols-3 gap-2">
            {contractor.gallery.slice(0, 3).map((image) => (
              <li key={image}>
                <Picture
                  name={image}
                  alt={t`A recent project by ${name}`}
                  sizes="(min-width: 1024px) 12rem, 30vw"
                  imgClassName="aspect-[4/3] w-full rounded-control object-cover"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="grid gap-3">
        {contractor.pause ? (
          <NotTakingRequests pause={contractor.pause} />
        ) : (
          <ListingActionsIsland requestPath={`${listingPath}/request`} pro={contractor.slug} />
        )}
        {contractor.owned ? null : (
          <a
            href={localize(`/pros/${contractor.slug}/claim`)}
            className="justify-self-start py-1 text-sm font-semibold text-navy-700 underline"
          >
            <Trans>Is this your business?</Trans>
          </a>
        )}
        {contractor.pause ? null : (
          <p className="text-xs leading-relaxed text-muted">
            <Trans>
              Each button asks you about the job first. Nothing is sent until you agree to be
              contacted.
            </Trans>
          </p>
        )}
      </div>
    </article>
  );
}
