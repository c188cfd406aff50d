/** Prices as people read them (server emails and pages alike). */
import type { Currency } from "../../../database/enums";

/** "$4,500" or "CA$4,500–CA$6,000". */
export function formatPrice(currency: Currency, minCents: number, maxCents: number): string {
  const format = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    maximumFractionDigits: minCents % 100 === 0 && maxCents % 100 === 0 ? 0 : 2,
  });
  const low = format.format(minCents / 100);
  return minCents === maxCents ? low : `${low}–${format.format(maxCents / 100)}`;
}
