/**
 * Parts of a business's public profile (/pros/{slug}): its sections, its
 * business details (with the licence and insurance as declared, or as an
 * operator verified them while the check holds) and, for the owner of a
 * suspended business, the notice saying so. In the page's language.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { BadgeCheck, CalendarClock, Clock, MapPin, ShieldCheck, Timer } from "lucide-react";
import type { ReactNode } from "react";
import { useAnswerLine } from "~/features/marketplace";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { ProfilePlace, PublicProfile } from "./profile.server";
import { NOT_VERIFIED, verifiedMessage, type VerifiedCheck } from "./verification";

const ICON = "size-5";

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden="true" className="mt-0.5 shrink-0 text-navy-600">
        {icon}
      </span>
      <span>{children}</span>
    </li>
  );
}

function PlaceLink({ place }: { place: ProfilePlace }) {
  const localize = useLocalize();
  return (
    <a href={localize(`/${place.slug}`)} className="text-navy-700 underline">
      {place.label}
    </a>
  );
}

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ContactLink({
  href,
  icon,
  children,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <a href={href} className="flex min-h-6 items-center gap-2 text-navy-700 underline">
      {icon}
      {children}
    </a>
  );
}

/** "Licence verified on March 3, 2026 (Colorado DORA)", on a line of its own. */
function VerifiedLine({ kind, check }: { kind: "licence" | "insurance"; check: VerifiedCheck }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <span className="block font-semibold text-success-600">
      {i18n._(verifiedMessage(kind, check, locale))}
    </span>
  );
}

/** The sentence under the details: what the business declared and nobody has checked. */
function Unchecked({ licence, insurance }: { licence: boolean; insurance: boolean }) {
  const brand = BRAND.name;
  if (!licence && !insurance) return null;
  return (
    <p className="text-sm text-muted">
      {licence && insurance ? (
        <Trans>
          {brand} has not checked the licence or insurance yet: the business declared them.
        </Trans>
      ) : licence ? (
        <Trans>{brand} has not checked the licence yet: the business declared it.</Trans>
      ) : (
        <Trans>{brand} has not checked the insurance yet: the business declared it.</Trans>
      )}
    </p>
  );
}

/** "Licence: RC-2024-0147 (CO)", with "· declared by the business" when nobody has checked it. */
function LicenceWords({
  licence,
  declared,
}: {
  licence: NonNullable<PublicProfile["licence"]>;
  declared: boolean;
}) {
  const number = licence.number;
  const region = licence.region;
  const label = "font-semibold";
  if (region) {
    return declared ? (
      <Trans>
        <span className={label}>Licence:</span> {number} ({region}) · declared by the business
      </Trans>
    ) : (
      <Trans>
        <span className={label}>Licence:</span> {number} ({region})
      </Trans>
    );
  }
  return declared ? (
    <Trans>
      <span className={label}>Licence:</span> {number} · declared by the business
    </Trans>
  ) : (
    <Trans>
      <span className={label}>Licence:</span> {number}
    </Trans>
  );
}

function LicenceFact({
  licence,
  check,
}: {
  licence: PublicProfile["licence"];
  check: VerifiedCheck | null;
}) {
  if (!check) {
    if (!licence) return null;
    return (
      <Fact icon={<BadgeCheck className={ICON} />}>
        <LicenceWords licence={licence} declared />
      </Fact>
    );
  }
  return (
    <Fact icon={<BadgeCheck className={ICON} />}>
      {licence ? <LicenceWords licence={licence} declared={false} /> : null}
      <VerifiedLine kind="licence" check={check} />
    </Fact>
  );
}

function InsuranceFact({
  carrier,
  check,
}: {
  carrier: string | null;
  check: VerifiedCheck | null;
}) {
  if (!check) {
    if (!carrier) return null;
    return (
      <Fact icon={<ShieldCheck className={ICON} />}>
        <Trans>
          <span className="font-semibold">Insurance:</span> {carrier} · declared by the business
        </Trans>
      </Fact>
    );
  }
  return (
    <Fact icon={<ShieldCheck className={ICON} />}>
      {carrier ? (
        <Trans>
          <span className="font-semibold">Insurance:</span> {carrier}
        </Trans>
      ) : null}
      <VerifiedLine kind="insurance" check={check} />
    </Fact>
  );
}

/** The cities a business lists, each a link, separated by commas. */
function PlaceList({ places }: { places: ProfilePlace[] }) {
  return places.map((place, index) => (
    <span key={place.slug}>
      {index > 0 ? ", " : null}
      <PlaceLink place={place} />
    </span>
  ));
}

/** "within 30 miles of Denver, CO; also Aurora, CO": the base city and the cities links. */
function AreaWords({ area }: { area: PublicProfile["serviceArea"] }) {
  const { radius, places } = area;
  if (!radius) return <PlaceList places={places} />;
  const distance = radius.distance;
  const base = <PlaceLink place={radius.base} />;
  const list = <PlaceList places={places} />;
  if (radius.unit === "km") {
    return places.length > 0 ? (
      <Trans>
        within <Plural value={distance} one="# kilometre" other="# kilometres" /> of {base}; also{" "}
        {list}
      </Trans>
    ) : (
      <Trans>
        within <Plural value={distance} one="# kilometre" other="# kilometres" /> of {base}
      </Trans>
    );
  }
  return places.length > 0 ? (
    <Trans>
      within <Plural value={distance} one="# mile" other="# miles" /> of {base}; also {list}
    </Trans>
  ) : (
    <Trans>
      within <Plural value={distance} one="# mile" other="# miles" /> of {base}
    </Trans>
  );
}

/** Service area, how it answers requests, years in business, licence, insurance, hours. */
export function BusinessDetails({ profile }: { profile: PublicProfile }) {
  const { t } = useLingui();
  const answerLine = useAnswerLine();
  const verified = profile.verified ?? NOT_VERIFIED;
  const years = profile.yearsInBusiness;
  const hours = profile.hours;
  return (
    <Section id="details" title={t`Business details`}>
      <ul className="grid gap-3">
        <Fact icon={<MapPin className={ICON} />}>
          <span className="font-semibold">
            <Trans>Service area:</Trans>
          </span>{" "}
          <AreaWords area={profile.serviceArea} />
        </Fact>
        <Fact icon={<Timer className={ICON} />}>{answerLine(profile.answers)}</Fact>
        {years === null ? null : (
          <Fact icon={<CalendarClock className={ICON} />}>
            <Plural value={years} one="# year in business" other="# years in business" />
          </Fact>
        )}
        <LicenceFact licence={profile.licence} check={verified.licence} />
        <InsuranceFact carrier={profile.insuranceCarrier} check={verified.insurance} />
        {hours ? (
          <Fact icon={<Clock className={ICON} />}>
            <Trans>
              <span className="font-semibold">Hours:</span> {hours}
            </Trans>
          </Fact>
        ) : null}
      </ul>
      <Unchecked
        licence={Boolean(profile.licence) && !verified.licence}
        insurance={Boolean(profile.insuranceCarrier) && !verified.insurance}
      />
    </Section>
  );
}

/** What the owner of a suspended business sees above its profile (nobody else sees it). */
export function SuspendedNotice({ reason }: { reason: string }) {
  const supportEmail = BRAND.supportEmail;
  return (
    <section
      aria-labelledby="suspended-title"
      className="grid gap-2 rounded-card border border-danger-700 bg-danger-50 p-5"
    >
      <h2 id="suspended-title" className="text-lg font-bold text-danger-700">
        <Trans>Your profile is suspended</Trans>
      </h2>
      <p className="text-ink">
        <Trans>
          Only you can see this page. Your business is not listed and homeowners can&apos;t send it
          requests.
        </Trans>
      </p>
      {reason ? (
        <p className="text-ink">
          <Trans>
            <span className="font-semibold">Reason:</span> {reason}
          </Trans>
        </p>
      ) : null}
      <p className="text-ink">
        <Trans>
          If you think this is a mistake, please{" "}
          <a href={`mailto:${supportEmail}`} className="font-semibold text-navy-700 underline">
            contact us
          </a>{" "}
          at {supportEmail}.
        </Trans>
      </p>
    </section>
  );
}
