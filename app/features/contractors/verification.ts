/**
 * An operator's check of a business's licence or insurance, as the public
 * pages show it (issue 21): "Licence verified on March 3, 2026 (Colorado
 * DORA)". Only the newest check of a kind counts, only when its result was
 * "verified" and its expiry date has not passed (today in UTC, each
 * request); otherwise the pages keep the business's own declaration. Plain
 * code: the pages and the server share it. The badge is written in the
 * page's language (decision 030); the console's labels stay English.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { i18nFor } from "~/lib/i18n";
import { DEFAULT_LOCALE, formatterCache, type Locale } from "~/lib/locales";
import type { VerificationKind, VerificationResult } from "../../../database/enums";

/** The figures of the console's "Record a check" form (its server checks them too). */
export const CHECK_LIMITS = { registry: 200, registryAddress: 500, notes: 2000 } as const;

/** A check that earns the badge: where and when it was checked, until when it holds. */
export interface VerifiedCheck {
  registry: string;
  /** "2026-03-03" */
  checkedOn: string;
  /** "2027-03-31" */
  expiresOn: string;
}

/** The checks that hold today, per kind (null: none, or not any more). */
export interface Verified {
  licence: VerifiedCheck | null;
  insurance: VerifiedCheck | null;
}

export const NOT_VERIFIED: Verified = { licence: null, insurance: null };

/** The newest check of a kind, as stored. */
export interface CheckRow {
  kind: VerificationKind;
  registry: string;
  checkedOn: string;
  result: VerificationResult;
  expiresOn: string | null;
}

/** Today's calendar day in UTC: "2026-03-03". */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The check, when it still earns the badge on `today` (a UTC calendar day). */
export function stillVerified(row: CheckRow | undefined, today: string): VerifiedCheck | null {
  if (row?.result !== "verified" || row.expiresOn === null || row.expiresOn < today) return null;
  return { registry: row.registry, checkedOn: row.checkedOn, expiresOn: row.expiresOn };
}

const LONG = formatterCache(
  (tag) => new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }),
);

/** "March 3, 2026" for a calendar day ("2026-03-03"); "3 de marzo de 2026" in Spanish. */
export function longDay(isoDay: string, locale: Locale = DEFAULT_LOCALE): string {
  return LONG(locale).format(new Date(`${isoDay}T12:00:00Z`));
}

/** "Licence verified on March 3, 2026 (Colorado DORA)", as a message in a language. */
export function verifiedMessage(
  kind: VerificationKind,
  check: VerifiedCheck,
  locale: Locale = DEFAULT_LOCALE,
): MessageDescriptor {
  const day = longDay(check.checkedOn, locale);
  const registry = check.registry;
  return kind === "licence"
    ? msg`Licence verified on ${day} (${registry})`
    : msg`Insurance verified on ${day} (${registry})`;
}

/** "Licence verified on March 3, 2026 (Colorado DORA)" (English unless said). */
export function verifiedText(
  kind: VerificationKind,
  check: VerifiedCheck,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return i18nFor(locale)._(verifiedMessage(kind, check, locale));
}

/** What the console's lists and forms call each result. */
export const RESULT_LABELS: Record<VerificationResult, string> = {
  verified: "Verified",
  not_found: "Not found in the registry",
  mismatch: "Details do not match",
  lapsed: "Lapsed",
};

export const KIND_LABELS: Record<VerificationKind, string> = {
  licence: "Licence",
  insurance: "Insurance",
};
