/** Close-up roof work: roof planes (finished, in progress, damaged), gutters, solar, bundles, tarps. */
import { P } from "../lib/palette.ts";
import {
  at,
  blur,
  circle,
  clip,
  g,
  lin,
  line,
  path,
  pattern,
  poly,
  rect,
  rng,
  shade,
  shadow,
} from "../lib/svg.ts";
import { shingles } from "./materials.ts";

type Pt = [number, number];

/** Bilinear map of (u, v) in [0,1]² onto a quad (top-left, top-right, bottom-right, bottom-left). */
export const quadAt = (q: [Pt, Pt, Pt, Pt], u: number, v: number): Pt => {
  const [a, b, c, d] = q;
  const top: Pt = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
  const bot: Pt = [d[0] + (c[0] - d[0]) * u, d[1] + (c[1] - d[1]) * u];
  return [top[0] + (bot[0] - top[0]) * v, top[1] + (bot[1] - top[1]) * v];
};

const felt = (): string =>
  pattern(
    "felt",
    120,
    40,
    rect(0, 0, 120, 40, "#6b7480") +
      rect(0, 38, 120, 2, "#8a939e") +
      rect(10, 16, 60, 1.5, "#7c8590") +
      rect(70, 30, 40, 1.5, "#7c8590"),
  );

export interface RoofPlaneOpts {
  color?: string;
  /** Fraction (from the eave up) already shingled; the rest shows underlayment. */
  done?: number;
  inset?: number;
  damaged?: boolean;
  moss?: boolean;
  key?: string;
  ridge?: boolean;
}

/** A large roof plane seen from the front: eave at y from x0..x1, ridge h above. */
export function roofPlane(
  x0: number,
  x1: number,
  y: number,
  h: number,
  o: RoofPlaneOpts = {},
): string {
  const color = o.color ?? "#56606e";
  const inset = o.inset ?? 0;
  const q: [Pt, Pt, Pt, Pt] = [
    [x0 + inset, y - h],
    [x1 - inset, y - h],
    [x1, y],
    [x0, y],
  ];
  const shape = poly(q, "#000");
  const key = o.key ?? "roof";
  const done = o.done ?? 1;
  let inner =
    poly(q, felt()) + rect(x0 - 10, y - h * done, x1 - x0 + 20, h * done + 10, shingles(color));
  if (done < 1)
    inner += rect(x0 - 10, y - h * done - 6, x1 - x0 + 20, 8, shade(color, -0.3), { opacity: 0.6 });
  if (o.damaged) {
    const r = rng(7);
    const cx = x0 + (x1 - x0) * 0.58;
    const cy = y - h * 0.55;
    inner += path(
      `M${cx - 90} ${cy - 40} L${cx + 30} ${cy - 56} L${cx + 110} ${cy + 10} L${cx + 40} ${cy + 70} L${cx - 70} ${cy + 50} Z`,
      "#c9a26b",
    );
    for (let i = 0; i < 6; i++)
      inner += rect(cx - 80 + i * 32, cy - 40, 3, 100, "#a98450", { opacity: 0.7 });
    for (let i = 0; i < 5; i++)
      inner += rect(cx - 120 + r() * 240, cy - 70 + r() * 130, 36, 14, shade(color, 0.1), {
        transform: `rotate(${Math.round(r() * 40 - 20)} ${cx} ${cy})`,
      });
  }
  if (o.moss) {
    const r = rng(9);
    for (let i = 0; i < 40; i++)
      inner += circle(
        x0 + r() * (x1 - x0),
        y - r() * h * 0.6,
        6 + r() * 12,
        r() > 0.5 ? "#7a9a4a" : "#5f7f3c",
        { opacity: 0.75 },
      );
  }
  inner += rect(
    x0 - 10,
    y - h - 10,
    x1 - x0 + 20,
    h + 20,
    lin(
      [
        ["#fff4dc", 0, 0.16],
        ["#0b1a33", 1, 0.18],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  let out = g(inner, { "clip-path": clip(key, shape) });
  if (o.ridge ?? true)
    out += rect(x0 + inset - 6, y - h - 10, x1 - x0 - 2 * inset + 12, 14, shade(color, -0.3), {
      rx: 3,
    });
  out += rect(x0 - 6, y - 4, x1 - x0 + 12, 12, P.white, { rx: 2 });
  return out;
}

/** K-style gutter along an eave, with hangers. */
export const gutterRun = (x0: number, x1: number, y: number, color: string = P.white): string =>
  rect(x0, y, x1 - x0, 26, lin([shade(color, 0.05), shade(color, -0.18)]), { rx: 3 }) +
  rect(x0, y, x1 - x0, 5, shade(color, 0.1)) +
  rect(x0, y + 22, x1 - x0, 6, "#0b1a33", { opacity: 0.15 }) +
  Array.from({ length: Math.floor((x1 - x0) / 80) }, (_, i) =>
    rect(x0 + 30 + i * 80, y - 2, 6, 10, shade(color, -0.3)),
  ).join("");

/** Downspout from a gutter outlet at (x, y0) down to y1 with a kick-out elbow. */
export const downspout = (x: number, y0: number, y1: number, color: string = P.white): string =>
  path(
    `M${x} ${y0} L${x + 24} ${y0} L${x + 24} ${y0 + 30} L${x + 8} ${y0 + 60} L${x + 8} ${y1 - 40} L${x + 40} ${y1} L${x + 20} ${y1} L${x - 12} ${y1 - 36} L${x - 12} ${y0 + 56} L${x} ${y0 + 30} Z`,
    lin([shade(color, 0.05), shade(color, -0.2)], 0, 0, 1, 0),
  ) +
  rect(x - 14, y0 + 120, 24, 6, shade(color, -0.3)) +
  rect(x - 14, y1 - 110, 24, 6, shade(color, -0.3));

/** Solar array laid on a roof quad between u0..u1, v0..v1 in roof coordinates. */
export function solarOnRoof(
  q: [Pt, Pt, Pt, Pt],
  u0: number,
  u1: number,
  v0: number,
  v1: number,
  cols: number,
  rows: number,
): string {
  let out = "";
  const gap = 0.006;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const a = u0 + ((u1 - u0) * c) / cols + gap;
      const b = u0 + ((u1 - u0) * (c + 1)) / cols - gap;
      const t = v0 + ((v1 - v0) * r) / rows + gap * 2;
      const d = v0 + ((v1 - v0) * (r + 1)) / rows - gap * 2;
      const pts: [Pt, Pt, Pt, Pt] = [
        quadAt(q, a, t),
        quadAt(q, b, t),
        quadAt(q, b, d),
        quadAt(q, a, d),
      ];
      out +=
        poly(pts, P.steelLight) +
        poly(
          [
            quadAt(q, a + 0.004, t + 0.01),
            quadAt(q, b - 0.004, t + 0.01),
            quadAt(q, b - 0.004, d - 0.01),
            quadAt(q, a + 0.004, d - 0.01),
          ],
          lin(["#2b4f80", "#16325a"], 0, 0, 1, 1),
        );
      for (let k = 1; k < 4; k++) {
        const [lx0, ly0] = quadAt(q, a + ((b - a) * k) / 4, t);
        const [lx1, ly1] = quadAt(q, a + ((b - a) * k) / 4, d);
        out += line(lx0, ly0, lx1, ly1, "#5b82b5", 1, { opacity: 0.7 });
      }
      const [mx0, my0] = quadAt(q, a, (t + d) / 2);
      const [mx1, my1] = quadAt(q, b, (t + d) / 2);
      out += line(mx0, my0, mx1, my1, "#5b82b5", 1, { opacity: 0.7 });
      out += poly(
        [
          quadAt(q, a + (b - a) * 0.1, d),
          quadAt(q, a + (b - a) * 0.45, t),
          quadAt(q, a + (b - a) * 0.6, t),
          quadAt(q, a + (b - a) * 0.25, d),
        ],
        "#ffffff",
        { opacity: 0.14 },
      );
    }
  }
  return out;
}

/** Bundle of shingles (wrapped), ~90 wide. */
export const shingleBundle = (x: number, y: number, s = 1, color: string = "#56606e"): string =>
  at(
    x,
    y,
    s,
    shadow(4, 0, 50, 5, 0.25, 3) +
      rect(-48, -34, 96, 34, color, { rx: 3 }) +
      rect(-48, -34, 96, 6, shade(color, 0.15), { rx: 3 }) +
      rect(-20, -34, 40, 34, "#e8dcc4") +
      rect(-48, -12, 96, 2, shade(color, -0.3)),
  );

/** Blue emergency tarp over a quad, with sandbags along the top. */
export function tarp(q: [Pt, Pt, Pt, Pt]): string {
  let out =
    poly(q, lin(["#3b82f6", "#1d4ed8"], 0, 0, 1, 1)) +
    poly(q, "none", { stroke: "#1e40af", "stroke-width": 3 });
  for (let i = 1; i < 4; i++) {
    const [ax, ay] = quadAt(q, i / 4, 0);
    const [bx, by] = quadAt(q, i / 4 - 0.05, 1);
    out += line(ax, ay, bx, by, "#93c5fd", 2, { opacity: 0.5 });
  }
  for (let i = 0; i < 4; i++) {
    const [x, y] = quadAt(q, 0.1 + i * 0.27, 0.02);
    out += rect(x - 16, y - 10, 32, 18, "#b8a47e", { rx: 7 });
  }
  return out;
}

/** Rain streaks over a region. */
export function rain(x0: number, y0: number, w: number, h: number, seed = 3, count = 120): string {
  const r = rng(seed);
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = x0 + r() * w;
    const y = y0 + r() * h;
    d += `M${Math.round(x)} ${Math.round(y)}l-8 26`;
  }
  return path(d, "none", {
    stroke: "#c7dcf0",
    "stroke-width": 2,
    opacity: 0.45,
    "stroke-linecap": "round",
  });
}

/** Roof vent pipe / box vent on a roof. */
export const roofVent = (x: number, y: number): string =>
  rect(x - 10, y - 40, 20, 40, P.steel) +
  circle(x, y - 40, 10, P.graphite) +
  rect(x - 18, y - 6, 36, 8, P.charcoal, { rx: 2 }) +
  g(rect(x - 10, y - 40, 6, 40, "#ffffff", { opacity: 0.3 }), { filter: blur(0.5) });
