/** Prices as people read them (server emails and pages alike), in the reader's language. */
import { DEFAULT_LOCALE, formatterCache, type Locale } from "~/lib/locales";
import type { Currency } from "../../../database/enums";

/** Made once per locale, currency and precision (making a formatter is the costly part). */
const formatOf = formatterCache((tag, key) => {
  const [currency = "USD", digits = "0"] = key.split(":");
  return new Intl.NumberFormat(tag, {
    style: "currency",
    currency,
    maximumFractionDigits: Number(digits),
  });
});

/** "$4,500" or "CA$4,500–CA$6,000"; "4 500 $–6 000 $" in Canadian French. */
export function formatPrice(
  currency: Currency,
  minCents: number,
  maxCents: number,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const digits = minCents % 100 === 0 && maxCents % 100 === 0 ? 0 : 2;
  const format = formatOf(locale, `${currency}:${String(digits)}`);
  const low = format.format(minCents / 100);
  return minCents === maxCents ? low : `${low}–${format.format(maxCents / 100)}`;
}
