/** Lawns and yard care: striped lawns, mower, sprinklers and a chainsaw for tree work. */
import { P } from "../lib/palette.ts";
import {
  at,
  circle,
  ellipse,
  g,
  lin,
  path,
  poly,
  rect,
  rng,
  shade,
  shadow,
  stroke,
} from "../lib/svg.ts";

/** Mowing stripes converging on a vanishing point above the band. */
export function stripedLawn(w: number, y0: number, y1: number, color: string = P.grass): string {
  let out = rect(0, y0, w, y1 - y0, lin([shade(color, 0.1), shade(color, -0.08)]));
  const vx = w * 0.5;
  const vy = y0 - 500;
  const k = (y0 - vy) / (y1 - vy);
  for (let x = -w; x < 2 * w; x += 220) {
    out += poly(
      [
        [vx + (x - vx) * k, y0],
        [vx + (x + 110 - vx) * k, y0],
        [x + 110, y1],
        [x, y1],
      ],
      shade(color, 0.14),
      { opacity: 0.55 },
    );
  }
  return out;
}

/** Push mower, handle towards the left, ~150 long. */
export const mower = (x: number, y: number, s: number): string =>
  at(
    x,
    y,
    s,
    shadow(0, 0, 70, 7, 0.25, 4) +
      stroke(
        [
          [-20, -50],
          [-110, -130],
        ],
        P.charcoal,
        5,
      ) +
      rect(-128, -140, 34, 8, P.charcoal, { rx: 3, transform: "rotate(-40 -111 -136)" }) +
      path("M-40 -30 Q-40 -64 0 -66 L40 -66 Q70 -64 70 -30 Z", lin([P.orange600, P.orange700])) +
      rect(-10, -86, 40, 22, P.charcoal, { rx: 6 }) +
      rect(60, -60, 34, 40, P.charcoal, { rx: 6 }) +
      circle(-30, -16, 16, P.charcoal) +
      circle(-30, -16, 6, P.steel) +
      circle(54, -16, 16, P.charcoal) +
      circle(54, -16, 6, P.steel),
  );

/** Pop-up sprinkler head with a fan of water, `reach` px to each side. */
export function sprinkler(x: number, y: number, reach: number, seed = 2): string {
  const r = rng(seed);
  let out = ellipse(x, y, 10, 4, P.charcoal) + rect(x - 4, y - 14, 8, 14, P.graphite, { rx: 2 });
  for (let i = 0; i < 7; i++) {
    const t = -1 + (2 * i) / 6;
    const ex = x + t * reach;
    out += path(
      `M${x} ${y - 14} Q${x + t * reach * 0.5} ${y - reach * 0.55 * (1 - Math.abs(t) * 0.4)} ${ex} ${y - 6}`,
      "none",
      {
        stroke: "#e0f2fe",
        "stroke-width": 2.5 + r() * 2,
        opacity: 0.8,
        "stroke-linecap": "round",
        "stroke-dasharray": "10 7",
      },
    );
  }
  for (let i = 0; i < 30; i++)
    out += circle(
      x + (r() - 0.5) * reach * 2,
      y - 10 - r() * reach * 0.4,
      1.5 + r() * 2.5,
      "#e0f2fe",
      { opacity: 0.8 },
    );
  return out;
}

/** Chainsaw held at a hand position (for tree work). */
export const chainsaw = (x: number, y: number, rot = -20): string =>
  g(
    rect(-20, -16, 46, 30, P.orange600, { rx: 6 }) +
      rect(20, -8, 90, 14, P.steel, { rx: 7 }) +
      rect(20, -8, 90, 3, "#ffffff", { opacity: 0.4 }) +
      path("M-20 -16 Q-26 -34 -4 -34 L10 -34", "none", { stroke: P.charcoal, "stroke-width": 5 }),
    {
      transform: `translate(${x} ${y}) rotate(${rot})`,
    },
  );
