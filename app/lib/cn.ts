import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. No utility "merging" (a 9 kB library in every page):
 * callers never pass two utilities that set the same property.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
