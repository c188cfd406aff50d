/** Prices as people read them (server emails and pages alike). */
import type { Currency } from "../../../database/enums";

/** Made once per currency and precision (making a formatter is the costly part). */
const formats = new Map<string, Intl.NumberFormat>();
function formatOf(currency: Currency, digits: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${String(digits)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      maximumFractionDigits: digits,
    });
    formats.set(key, format);
  }
  return format;
}

/** "$4,500" or "CA$4,500–CA$6,000". */
export function formatPrice(currency: Currency, minCents: number, maxCents: number): string {
  const format = formatOf(currency, minCents % 100 === 0 && maxCents % 100 === 0 ? 0 : 2);
  const low = format.format(minCents / 100);
  return minCents === maxCents ? low : `${low}–${format.format(maxCents / 100)}`;
}
