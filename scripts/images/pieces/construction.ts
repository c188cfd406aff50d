/** Timber framing: stud walls, OSB sheathing, truss rows and scaffolding. */
import { P } from "../lib/palette.ts";
import { pattern, rect, rng, shade, shadow, stroke } from "../lib/svg.ts";

const stud = (x: number, y: number, w: number, h: number, wood: string = P.woodLight): string =>
  rect(x, y, w, h, wood) +
  rect(x + w * 0.68, y, w * 0.32, h, shade(wood, -0.16)) +
  rect(x, y, w * 0.18, h, shade(wood, 0.18));

export interface Opening {
  x: number;
  w: number;
  /** Height from the floor to the header; sill height 0 means a door. */
  top: number;
  sill: number;
}

/** A stud wall (plates, studs at spacing, headers and sills around openings). */
export function studWall(
  x0: number,
  x1: number,
  y: number,
  h: number,
  openings: Opening[] = [],
  spacing = 34,
  t = 9,
): string {
  let out =
    stud(x0, y - t, x1 - x0, t) + stud(x0, y - h, x1 - x0, t) + stud(x0, y - h + t, x1 - x0, t);
  const inOpening = (x: number): Opening | undefined =>
    openings.find((o) => x + t > o.x && x < o.x + o.w);
  for (let x = x0; x <= x1 - t; x += spacing) {
    const o = inOpening(x);
    if (!o) out += stud(x, y - h + 2 * t, t, h - 3 * t);
    else {
      out += stud(x, y - h + 2 * t, t, h - 2 * t - o.top - 2 * t);
      if (o.sill > 0) out += stud(x, y - o.sill + t, t, o.sill - 2 * t);
    }
  }
  out += stud(x1 - t, y - h + 2 * t, t, h - 3 * t);
  for (const o of openings) {
    out +=
      stud(o.x - t, y - o.top - 2 * t, t, o.top + t) +
      stud(o.x + o.w, y - o.top - 2 * t, t, o.top + t);
    out += stud(o.x - t, y - o.top - 2 * t - 22, o.w + 2 * t, 22, shade(P.woodLight, -0.05));
    if (o.sill > 0) out += stud(o.x, y - o.sill, o.w, t);
  }
  return out;
}

/** OSB sheathing panel texture. */
export const osb = (): string => {
  const r = rng(11);
  let flakes = rect(0, 0, 60, 60, "#d8b27a");
  for (let i = 0; i < 22; i++)
    flakes += rect(
      r() * 60,
      r() * 60,
      6 + r() * 10,
      2 + r() * 3,
      r() > 0.5 ? "#c49a60" : "#e5c48f",
      { transform: `rotate(${Math.round(r() * 180)} 30 30)` },
    );
  return pattern("osb", 60, 60, flakes);
};

/** Receding row of gable trusses (front one fully drawn), apex at (cx, y - h). */
export function trussRow(
  cx: number,
  y: number,
  halfW: number,
  h: number,
  count: number,
  dx: number,
  dy: number,
): string {
  let out = "";
  for (let i = count - 1; i >= 0; i--) {
    const ox = cx + dx * i;
    const oy = y + dy * i;
    const wood = shade(P.woodLight, -0.05 - i * 0.04);
    const w = 8;
    const chord = (ax: number, ay: number, bx: number, by: number): string =>
      stroke(
        [
          [ax, ay],
          [bx, by],
        ],
        wood,
        w,
        { "stroke-linecap": "butt" },
      );
    out +=
      chord(ox - halfW, oy, ox + halfW, oy) +
      chord(ox - halfW - 10, oy + 6, ox, oy - h) +
      chord(ox, oy - h, ox + halfW + 10, oy + 6);
    out +=
      chord(ox, oy, ox, oy - h) +
      chord(ox - halfW * 0.5, oy, ox - halfW * 0.5, oy - h * 0.5) +
      chord(ox + halfW * 0.5, oy, ox + halfW * 0.5, oy - h * 0.5);
    out +=
      chord(ox - halfW * 0.5, oy, ox, oy - h * 0.55) +
      chord(ox + halfW * 0.5, oy, ox, oy - h * 0.55);
  }
  out += stroke(
    [
      [cx, y - h],
      [cx + dx * (count - 1), y - h + dy * (count - 1)],
    ],
    P.wood,
    7,
  );
  return out;
}

/** Tube-and-plank scaffolding, origin at bottom-left. */
export function scaffold(x: number, y: number, w: number, h: number, levels: number): string {
  const tube = P.steel;
  let out = shadow(x + w / 2, y, w * 0.55, 6, 0.2, 3);
  const bays = Math.max(1, Math.round(w / 140));
  for (let i = 0; i <= bays; i++)
    out += stroke(
      [
        [x + (w * i) / bays, y],
        [x + (w * i) / bays, y - h],
      ],
      i % 2 ? shade(tube, -0.15) : tube,
      5,
    );
  for (let l = 1; l <= levels; l++) {
    const ly = y - (h * l) / levels;
    out += rect(x - 6, ly, w + 12, 10, P.woodLight) + rect(x - 6, ly + 7, w + 12, 3, P.woodDark);
    out += stroke(
      [
        [x, ly - 40],
        [x + w, ly - 40],
      ],
      shade(tube, 0.1),
      3.5,
    );
    for (let i = 0; i < bays; i++)
      out += stroke(
        [
          [x + (w * i) / bays, ly + h / levels - 2],
          [x + (w * (i + 1)) / bays, ly + 10],
        ],
        shade(tube, -0.1),
        2.5,
        { opacity: 0.8 },
      );
  }
  return out;
}
