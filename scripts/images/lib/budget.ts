/** The hard byte budgets (kB = 1000 bytes, so the limits are never exceeded by rounding). */
export const KB = 1000;

export function budgetFor(name: string, width: number, format: string): number {
  if (format !== "jpg" && width <= 640) return 35 * KB;
  if (name.startsWith("hero/") && width === 1920) return 150 * KB;
  return 120 * KB;
}
