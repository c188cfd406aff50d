/** Surface materials as SVG patterns: shingles, lap siding, brick, wood slats, tile. */
import { P } from "../lib/palette.ts";
import { pattern, rect, shade } from "../lib/svg.ts";

export const shingles = (color: string): string => {
  const d = shade(color, -0.22);
  const alt = shade(color, 0.05);
  return pattern(
    `sh${color}`,
    36,
    28,
    rect(0, 0, 36, 28, color) +
      rect(0, 14, 36, 14, alt) +
      rect(0, 12, 36, 2, d) +
      rect(0, 26, 36, 2, d) +
      rect(0, 0, 1.5, 12, d) +
      rect(18, 14, 1.5, 12, d),
  );
};
export const siding = (color: string, gap = 14): string =>
  pattern(
    `sd${color}${gap}`,
    20,
    gap,
    rect(0, 0, 20, gap, color) +
      rect(0, gap - 2, 20, 2, shade(color, -0.12)) +
      rect(0, gap - 3, 20, 1, shade(color, 0.25)),
  );
export const bricks = (color: string = P.brick): string => {
  const m = "#d8cfc2";
  return pattern(
    `br${color}`,
    48,
    24,
    rect(0, 0, 48, 24, m) +
      rect(1, 1, 22, 10, color) +
      rect(25, 1, 22, 10, shade(color, -0.06)) +
      rect(-11, 13, 22, 10, shade(color, 0.05)) +
      rect(13, 13, 22, 10, color) +
      rect(37, 13, 22, 10, shade(color, -0.08)),
  );
};
export const slats = (color: string = P.wood): string =>
  pattern(
    `sl${color}`,
    12,
    40,
    rect(0, 0, 12, 40, color) +
      rect(9, 0, 3, 40, shade(color, -0.3)) +
      rect(0, 0, 2, 40, shade(color, 0.15)),
  );
export const tiles = (color: string, size = 40, grout = "#ffffff"): string =>
  pattern(
    `tl${color}${size}`,
    size,
    size,
    rect(0, 0, size, size, grout) +
      rect(1, 1, size - 2, size - 2, color) +
      rect(1, 1, size - 2, size * 0.3, "#ffffff", { opacity: 0.12 }),
  );

// ---------------------------------------------------------------- openings
