/** Commercial architecture: glass towers, masonry mid-rises and downtown skylines. */
import { P } from "../lib/palette.ts";
import { g, lin, linU, path, poly, rect, rng, shade } from "../lib/svg.ts";

export interface TowerOpts {
  glass?: string;
  frame?: string;
  side?: number;
  lit?: number;
  seed?: number;
  crown?: "flat" | "step" | "spire";
  bandH?: number;
}

/** Glass-curtain-wall tower with a shaded side face to the right (light from the upper left). */
export function tower(x: number, y: number, w: number, h: number, o: TowerOpts = {}): string {
  const glass = o.glass ?? "#6fa3cf";
  const frame = o.frame ?? "#dbe4ec";
  const side = o.side ?? w * 0.22;
  const r = rng(o.seed ?? 1);
  const band = o.bandH ?? 26;
  const top = y - h;
  let out = rect(
    x,
    top,
    w,
    h,
    linU([shade(glass, 0.25), glass, shade(glass, -0.15)], x, top, x + w, y),
  );
  out += poly(
    [
      [x + w, top],
      [x + w + side, top + side * 0.35],
      [x + w + side, y],
      [x + w, y],
    ],
    shade(glass, -0.35),
  );
  let grid = "";
  for (let yy = top + band; yy < y; yy += band) {
    grid += rect(x, yy - 2, w, 3, frame, { opacity: 0.75 });
    if ((o.lit ?? 0) > 0) {
      for (let xx = x + 2; xx < x + w - 10; xx += 22)
        if (r() < (o.lit ?? 0))
          grid += rect(xx, yy - band + 3, 18, band - 6, "#ffd98a", { opacity: 0.85 });
    }
  }
  for (let xx = x + 22; xx < x + w; xx += 22)
    grid += rect(xx - 1, top, 2, h, frame, { opacity: 0.45 });
  out += grid;
  out += poly(
    [
      [x + w * 0.1, y],
      [x + w * 0.45, top],
      [x + w * 0.62, top],
      [x + w * 0.27, y],
    ],
    "#ffffff",
    { opacity: 0.1 },
  );
  for (let yy = top + band; yy < y; yy += band)
    out += path(
      `M${x + w} ${yy} L${x + w + side} ${yy + side * 0.35 * (1 - (yy - top) / h)}`,
      "none",
      { stroke: shade(frame, -0.3), "stroke-width": 2, opacity: 0.6 },
    );
  const crown = o.crown ?? "flat";
  out += rect(x - 4, top - 10, w + 8, 12, shade(frame, -0.1));
  if (crown === "step")
    out +=
      rect(x + w * 0.15, top - 50, w * 0.7, 42, shade(glass, -0.1)) +
      rect(x + w * 0.15 - 3, top - 56, w * 0.7 + 6, 8, frame);
  if (crown === "spire")
    out +=
      rect(x + w * 0.3, top - 40, w * 0.4, 32, shade(glass, -0.2)) +
      path(
        `M${x + w / 2 - 4} ${top - 40} L${x + w / 2} ${top - 150} L${x + w / 2 + 4} ${top - 40} Z`,
        frame,
      );
  return out;
}

/** A masonry mid-rise with punched windows. */
export function midrise(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  lit = 0,
  seed = 2,
): string {
  const r = rng(seed);
  let out =
    rect(x, y - h, w, h, lin([shade(color, 0.08), shade(color, -0.1)], 0, 0, 1, 0)) +
    rect(x - 4, y - h - 8, w + 8, 10, shade(color, -0.2));
  for (let yy = y - h + 20; yy < y - 40; yy += 42)
    for (let xx = x + 14; xx < x + w - 26; xx += 36)
      out += rect(xx, yy, 22, 28, r() < lit ? "#ffd98a" : shade(color, -0.45), { rx: 1 });
  return out;
}

/** A generic North American downtown skyline band standing on y. */
export function skyline(
  w: number,
  y: number,
  seed: number,
  o: { lit?: number; haze?: string; scale?: number } = {},
): string {
  const r = rng(seed);
  const s = o.scale ?? 1;
  let far = "";
  for (let x = -40; x < w; x += (50 + r() * 70) * s)
    far += rect(x, y - (120 + r() * 240) * s, (60 + r() * 60) * s, 600 * s, o.haze ?? "#a9c4dc");
  let near = "";
  const glasses = ["#6fa3cf", "#7fb2d8", "#5e8fbd", "#8ab6d6"];
  const masonry = ["#c9bda8", "#b7a58d", "#d6cbb8"];
  for (let x = -20, i = 0; x < w; i++) {
    const bw = (80 + r() * 90) * s;
    const bh = (180 + r() * 380) * s;
    if (i % 3 === 1)
      near += midrise(x, y, bw, bh * 0.7, masonry[i % 3] ?? P.sand, o.lit ?? 0, seed + i);
    else
      near += tower(x, y, bw, bh, {
        glass: glasses[i % 4],
        side: bw * 0.18,
        lit: o.lit ?? 0,
        seed: seed + i,
        crown: i % 5 === 0 ? "spire" : i % 4 === 2 ? "step" : "flat",
        bandH: 18 * s + 6,
      });
    x += bw + (10 + r() * 30) * s;
  }
  return g(far, { opacity: 0.8 }) + near;
}
