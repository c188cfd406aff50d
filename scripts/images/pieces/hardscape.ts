/** Hardscape and outdoor living: pavers, walls, fire pit, lights, decks, fences, pergolas. */
import { P } from "../lib/palette.ts";
import {
  at,
  blur,
  circle,
  ellipse,
  lin,
  line,
  path,
  poly,
  rect,
  shade,
  shadow,
} from "../lib/svg.ts";

/** Paver patio in perspective between y0 (far) and y1 (near). */
export function pavers(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  color: string = "#d8c8ad",
  inset = 60,
): string {
  let out = poly(
    [
      [x0 + inset, y0],
      [x1 - inset, y0],
      [x1, y1],
      [x0, y1],
    ],
    lin([shade(color, 0.06), shade(color, -0.1)]),
  );
  const joint = shade(color, -0.25);
  const rows = 7;
  for (let i = 1; i < rows; i++) {
    const t = (i / rows) ** 1.25;
    const y = y0 + (y1 - y0) * t;
    const l = x0 + inset * (1 - t);
    const r = x1 - inset * (1 - t);
    out += line(l, y, r, y, joint, 1.5);
  }
  for (let i = 1; i < 12; i++) {
    const u = i / 12;
    out += line(x0 + inset + (x1 - x0 - 2 * inset) * u, y0, x0 + (x1 - x0) * u, y1, joint, 1.5, {
      opacity: 0.7,
    });
  }
  return out;
}
/** Segmental block retaining wall with a cap row. */
export function retainingWall(
  x0: number,
  x1: number,
  y: number,
  h: number,
  color: string = "#b9a78b",
): string {
  let out = shadow((x0 + x1) / 2, y, (x1 - x0) / 2, 6, 0.2, 3);
  const bh = 34;
  const rows = Math.floor(h / bh);
  for (let r = 0; r < rows; r++) {
    const yy = y - (r + 1) * bh;
    for (let x = x0 - (r % 2) * 40; x < x1; x += 80) {
      const a = Math.max(x, x0);
      const b = Math.min(x + 78, x1);
      out +=
        rect(a, yy + 1, b - a, bh - 2, shade(color, ((x + r * 13) % 3) * 0.04 - 0.04), { rx: 3 }) +
        rect(a, yy + 1, b - a, 6, "#ffffff", { opacity: 0.15, rx: 3 });
    }
  }
  out += rect(x0 - 8, y - rows * bh - 16, x1 - x0 + 16, 18, shade(color, 0.15), { rx: 3 });
  return out;
}
/** Stone fire pit with flames. */
export const firePit = (x: number, y: number, s: number, lit = true): string =>
  at(
    x,
    y,
    s,
    shadow(0, 0, 90, 10, 0.25, 5) +
      ellipse(0, -30, 90, 24, "#8b8074") +
      rect(-90, -30, 180, 30, lin(["#a89c8e", "#7d7266"])) +
      ellipse(0, 0, 90, 24, "#7d7266", { opacity: 0 }) +
      ellipse(0, -30, 72, 16, "#3a332d") +
      (lit
        ? circle(0, -60, 70, "#ffb347", { opacity: 0.4, filter: blur(20) }) +
          path(
            "M-30 -32 Q-34 -70 -10 -96 Q-12 -70 0 -62 Q4 -100 22 -120 Q20 -80 34 -60 Q40 -44 30 -32 Z",
            "#f59e0b",
          ) +
          path("M-16 -32 Q-18 -60 -2 -74 Q2 -56 12 -50 Q20 -40 14 -32 Z", "#fde68a")
        : ""),
  );
/** Low bollard path light. */
export const pathLight = (x: number, y: number, s = 1, lit = true): string =>
  (lit
    ? ellipse(x, y, 70 * s, 18 * s, "#ffd98a", { opacity: 0.45, filter: blur(10 * s) }) +
      circle(x, y - 44 * s, 30 * s, "#ffe3a0", { opacity: 0.5, filter: blur(10 * s) })
    : "") +
  rect(x - 5 * s, y - 40 * s, 10 * s, 40 * s, P.charcoal) +
  path(
    `M${x - 16 * s} ${y - 40 * s} L${x + 16 * s} ${y - 40 * s} L${x + 10 * s} ${y - 56 * s} L${x - 10 * s} ${y - 56 * s} Z`,
    P.charcoal,
  ) +
  rect(x - 10 * s, y - 44 * s, 20 * s, 4 * s, lit ? "#fff2c2" : P.steel);
/** Ground uplight washing a tree trunk/facade. */
export const uplight = (x: number, y: number, h: number): string =>
  poly(
    [
      [x - 8, y],
      [x + 8, y],
      [x + h * 0.3, y - h],
      [x - h * 0.3, y - h],
    ],
    lin(
      [
        ["#ffe6a8", 0, 0],
        ["#ffe6a8", 0.6, 0.35],
        ["#ffe6a8", 1, 0.5],
      ],
      0,
      1,
      0,
      0,
    ),
    { filter: blur(10), opacity: 0.8 },
  ) +
  ellipse(x, y, 26, 8, "#ffe6a8", { opacity: 0.6, filter: blur(4) }) +
  rect(x - 8, y - 6, 16, 8, P.charcoal, { rx: 2 });
/** Wooden deck (boards in perspective) with railing, from x0..x1, surface at y, `depth` towards viewer. */
export function deck(
  x0: number,
  x1: number,
  y: number,
  depth: number,
  o: { railing?: boolean; stain?: string } = {},
): string {
  const wood = o.stain ?? "#b9804f";
  let out =
    rect(x0, y + depth, x1 - x0, 40, shade(wood, -0.35)) +
    rect(x0, y + depth, x1 - x0, 8, shade(wood, -0.15));
  out += poly(
    [
      [x0 + 30, y],
      [x1 - 30, y],
      [x1, y + depth],
      [x0, y + depth],
    ],
    lin([shade(wood, 0.08), shade(wood, -0.06)]),
  );
  for (let i = 1; i < 14; i++) {
    const t = (i / 14) ** 1.15;
    const yy = y + depth * t;
    out += line(x0 + 30 * (1 - t), yy, x1 - 30 * (1 - t), yy, shade(wood, -0.25), 1.5);
  }
  for (let i = 0; i < 6; i++)
    out += rect(x0 + 30 + i * ((x1 - x0 - 60) / 5) - 8, y + depth + 40, 16, 60, shade(wood, -0.4));
  if (o.railing ?? true) {
    const top = y - 110;
    out += rect(x0 + 30, top, x1 - x0 - 60, 12, shade(wood, 0.1), { rx: 2 });
    for (let x = x0 + 34; x < x1 - 30; x += 22)
      out += rect(x, top + 12, 8, 98, shade(wood, x % 44 < 22 ? 0 : -0.08));
    out +=
      rect(x0 + 24, top - 8, 18, 118, shade(wood, -0.1)) +
      rect(x1 - 42, top - 8, 18, 118, shade(wood, -0.16));
  }
  return out;
}
/** Picket fence run. */
export function picketFence(
  x0: number,
  x1: number,
  y: number,
  h: number,
  color: string = P.white,
): string {
  let out =
    rect(x0, y - h * 0.75, x1 - x0, 8, shade(color, -0.08)) +
    rect(x0, y - h * 0.3, x1 - x0, 8, shade(color, -0.08));
  for (let x = x0; x < x1; x += 22)
    out +=
      path(
        `M${x} ${y} L${x} ${y - h + 8} L${x + 7} ${y - h} L${x + 14} ${y - h + 8} L${x + 14} ${y} Z`,
        color,
      ) + rect(x + 10, y - h + 8, 4, h - 8, "#0b1a33", { opacity: 0.1 });
  return out;
}
/** Wooden pergola with slats, front posts at x0 and x1. */
export function pergola(
  x0: number,
  x1: number,
  y: number,
  h: number,
  wood: string = P.wood,
): string {
  let out =
    rect(x0, y - h, 18, h, shade(wood, -0.05)) + rect(x1 - 18, y - h, 18, h, shade(wood, -0.2));
  out += rect(x0 - 30, y - h - 10, x1 - x0 + 60, 22, wood, { rx: 2 });
  for (let x = x0 - 20; x < x1 + 20; x += 36) out += rect(x, y - h - 26, 12, 16, shade(wood, 0.1));
  out += rect(x0 - 30, y - h - 34, x1 - x0 + 60, 10, shade(wood, 0.05), { rx: 2 });
  return out + shadow((x0 + x1) / 2, y, (x1 - x0) / 2, 8, 0.18, 5);
}
/** Stepping stones across a lawn, from near (x, y) receding. */
export const steppingStones = (x: number, y: number, count: number, size = 50): string =>
  Array.from({ length: count }, (_, i) => {
    const t = i / count;
    return ellipse(
      x + Math.sin(i * 1.3) * 40 * (1 - t),
      y - i * size * 0.9 * (1 - t * 0.4),
      size * (1 - t * 0.5),
      size * 0.32 * (1 - t * 0.5),
      i % 2 ? "#d6cdbf" : "#cbc1b2",
    );
  }).join("");
