/**
 * Parts of a business's public profile (/pros/{slug}): its sections, its
 * business details (with the licence and insurance as declared, or as an
 * operator verified them while the check holds) and, for the owner of a
 * suspended business, the notice saying so.
 */
import { BadgeCheck, CalendarClock, Clock, MapPin, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { BRAND } from "~/site";
import type { ProfilePlace, PublicProfile } from "./profile.server";
import { NOT_VERIFIED, verifiedText, type VerifiedCheck } from "./verification";

const ICON = "size-5";

const UNIT_WORDS = { mi: "miles", km: "kilometres" } as const;

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
  return (
    <a href={`/${place.slug}`} className="text-navy-700 underline">
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
function VerifiedLine({ text }: { text: string }) {
  return <span className="block font-semibold text-success-600">{text}</span>;
}

/** The sentence under the details: what the business declared and nobody has checked. */
function unchecked(licence: boolean, insurance: boolean): string | null {
  if (licence && insurance) {
    return `${BRAND.name} has not checked the licence or insurance yet: the business declared them.`;
  }
  if (licence) return `${BRAND.name} has not checked the licence yet: the business declared it.`;
  if (insurance) {
    return `${BRAND.name} has not checked the insurance yet: the business declared it.`;
  }
  return null;
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
        <span className="font-semibold">Licence:</span> {licence.number}
        {licence.region ? ` (${licence.region})` : ""} · declared by the business
      </Fact>
    );
  }
  return (
    <Fact icon={<BadgeCheck className={ICON} />}>
      {licence ? (
        <>
          <span className="font-semibold">Licence:</span> {licence.number}
          {licence.region ? ` (${licence.region})` : ""}
        </>
      ) : null}
      <VerifiedLine text={verifiedText("licence", check)} />
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
        <span className="font-semibold">Insurance:</span> {carrier} · declared by the business
      </Fact>
    );
  }
  return (
    <Fact icon={<ShieldCheck className={ICON} />}>
      {carrier ? (
        <>
          <span className="font-semibold">Insurance:</span> {carrier}
        </>
      ) : null}
      <VerifiedLine text={verifiedText("insurance", check)} />
    </Fact>
  );
}

/** Service area, years in business, licence, insurance, hours. */
export function BusinessDetails({ profile }: { profile: PublicProfile }) {
  const { radius, places } = profile.serviceArea;
  const verified = profile.verified ?? NOT_VERIFIED;
  const note = unchecked(
    Boolean(profile.licence) && !verified.licence,
    Boolean(profile.insuranceCarrier) && !verified.insurance,
  );
  return (
    <Section id="details" title="Business details">
      <ul className="grid gap-3">
        <Fact icon={<MapPin className={ICON} />}>
          <span className="font-semibold">Service area:</span>{" "}
          {radius ? (
            <>
              within {radius.distance} {UNIT_WORDS[radius.unit]} of{" "}
              <PlaceLink place={radius.base} />
              {places.length > 0 ? "; also " : null}
            </>
          ) : null}
          {places.map((place, index) => (
            <span key={place.slug}>
              {index > 0 ? ", " : null}
              <PlaceLink place={place} />
            </span>
          ))}
        </Fact>
        {profile.yearsInBusiness === null ? null : (
          <Fact icon={<CalendarClock className={ICON} />}>
            {profile.yearsInBusiness} {profile.yearsInBusiness === 1 ? "year" : "years"} in business
          </Fact>
        )}
        <LicenceFact licence={profile.licence} check={verified.licence} />
        <InsuranceFact carrier={profile.insuranceCarrier} check={verified.insurance} />
        {profile.hours ? (
          <Fact icon={<Clock className={ICON} />}>
            <span className="font-semibold">Hours:</span> {profile.hours}
          </Fact>
        ) : null}
      </ul>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
    </Section>
  );
}

/** What the owner of a suspended business sees above its profile (nobody else sees it). */
export function SuspendedNotice({ reason }: { reason: string }) {
  return (
    <section
      aria-labelledby="suspended-title"
      className="grid gap-2 rounded-card border border-danger-700 bg-danger-50 p-5"
    >
      <h2 id="suspended-title" className="text-lg font-bold text-danger-700">
        Your profile is suspended
      </h2>
      <p className="text-ink">
        Only you can see this page. Your business is not listed and homeowners can&apos;t send it
        requests.
      </p>
      {reason ? (
        <p className="text-ink">
          <span className="font-semibold">Reason:</span> {reason}
        </p>
      ) : null}
      <p className="text-ink">
        If you think this is a mistake, please{" "}
        <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold text-navy-700 underline">
          contact us
        </a>{" "}
        at {BRAND.supportEmail}.
      </p>
    </section>
  );
}
