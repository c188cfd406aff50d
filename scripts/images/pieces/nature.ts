/** Trees, shrubs, hedges, flower beds and palms (local origin: base centre). */
import { P } from "../lib/palette.ts";
import { at, circle, clip, ellipse, g, lin, path, rect, rng, shade, shadow } from "../lib/svg.ts";

/** Three-tone canopy blob made of circles: shadow, body, highlight (light from upper left). */
function canopy(blobs: Array<[number, number, number]>, color: string): string {
  const dark = shade(color, -0.28);
  const light = shade(color, 0.22);
  let out = "";
  for (const [x, y, r] of blobs) out += circle(x + r * 0.08, y + r * 0.1, r, dark);
  for (const [x, y, r] of blobs) out += circle(x - r * 0.1, y - r * 0.12, r * 0.86, color);
  for (const [x, y, r] of blobs)
    out += circle(x - r * 0.32, y - r * 0.36, r * 0.42, light, { opacity: 0.85 });
  return out;
}

/** A rounded deciduous tree roughly 200 units tall at scale 1. */
export function tree(x: number, y: number, s: number, color: string = P.leaf, seed = 1): string {
  const r = rng(seed);
  const blobs: Array<[number, number, number]> = [];
  const count = 6;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + r() * 0.5;
    blobs.push([Math.cos(a) * 34, -140 + Math.sin(a) * 26, 30 + r() * 12]);
  }
  blobs.push([0, -150, 44]);
  blobs.push([-10, -172, 30]);
  const trunk =
    path("M-8 0 C-6 -40 -6 -70 -4 -110 L4 -110 C6 -70 6 -40 8 0 Z", P.woodDark) +
    path("M-2 -80 L-22 -118 L-17 -120 L1 -90 Z", P.woodDark) +
    path("M2 -92 L20 -124 L25 -121 L5 -86 Z", P.woodDark) +
    path("M2 0 C3 -40 3 -70 4 -110 L4 -110 C6 -70 6 -40 8 0 Z", shade(P.woodDark, -0.3));
  return at(x, y, s, shadow(4, 0, 46, 8, 0.22, 4) + trunk + canopy(blobs, color));
}

/** A conifer (spruce/fir) about 220 units tall. */
export function conifer(x: number, y: number, s: number, color: string = P.leafDark): string {
  const tiers: Array<[number, number, number]> = [
    [-10, 62, 90],
    [-70, 50, 80],
    [-125, 38, 70],
    [-172, 24, 56],
  ];
  let out = shadow(4, 0, 40, 7, 0.22, 4) + rect(-6, -30, 12, 30, P.woodDark);
  for (const [base, half, h] of tiers) {
    out += path(
      `M${-half} ${base} Q0 ${base + 10} ${half} ${base} L4 ${base - h} Q0 ${base - h - 6} -4 ${base - h} Z`,
      color,
    );
    out += path(
      `M0 ${base + 5} Q${half * 0.6} ${base + 6} ${half} ${base} L4 ${base - h} Q2 ${base - h - 3} 0 ${base - h - 2} Z`,
      shade(color, -0.25),
    );
    out += path(
      `M${-half * 0.8} ${base - 4} L-3 ${base - h + 10} L-8 ${base - h + 22} Z`,
      shade(color, 0.18),
      { opacity: 0.7 },
    );
  }
  return at(x, y, s, out);
}

/** A palm tree about 260 units tall; `lean` bends the trunk right (negative: left). */
export function palm(x: number, y: number, s: number, lean = 1): string {
  const tx = 40 * lean;
  let out = shadow(40 * lean, 0, 60, 8, 0.2, 5);
  out += path(
    `M-9 0 Q${tx * 0.2} -130 ${tx} -240 L${tx + 8} -238 Q${tx * 0.3 + 9} -130 9 0 Z`,
    "#a58057",
  );
  for (let i = 1; i < 14; i++) {
    const t = i / 14;
    const cx = tx * t * t + 0 * (1 - t);
    out += path(`M${cx - 8} ${-t * 240} q8 -4 16 0`, "none", {
      stroke: "#7d5e3c",
      "stroke-width": 2,
    });
  }
  const hx = tx + 4;
  const hy = -242;
  const fronds: Array<[number, number]> = [
    [-120, 30],
    [-80, 60],
    [-30, 75],
    [30, 70],
    [85, 55],
    [125, 25],
    [-60, -10],
    [60, -15],
  ];
  for (const [dx, dy] of fronds) {
    const mx = hx + dx * 0.5;
    const my = hy - 40 + Math.abs(dx) * 0.05;
    const tipX = hx + dx;
    const tipY = hy + dy;
    out += path(
      `M${hx} ${hy} Q${mx} ${my} ${tipX} ${tipY} Q${mx + dx * 0.05} ${my + 22} ${hx} ${hy + 4} Z`,
      dy < 0 ? P.leafLight : P.leaf,
    );
    out += path(`M${hx} ${hy} Q${mx} ${my} ${tipX} ${tipY}`, "none", {
      stroke: shade(P.leaf, -0.35),
      "stroke-width": 1.5,
    });
  }
  out += circle(hx, hy + 4, 9, "#6b4a2c");
  return at(x, y, s, out);
}

/** A rounded shrub `w` units wide. */
export function shrub(
  x: number,
  y: number,
  w: number,
  color: string = P.leaf,
  seed = 3,
  flowers?: string,
): string {
  const r = rng(seed);
  const blobs: Array<[number, number, number]> = [];
  const k = Math.max(3, Math.round(w / 28));
  for (let i = 0; i < k; i++) {
    const t = k === 1 ? 0.5 : i / (k - 1);
    const rr = w * (0.22 + r() * 0.08);
    blobs.push([(t - 0.5) * w * 0.68, -rr * (0.75 + r() * 0.35), rr]);
  }
  let out = shadow(w * 0.05, 0, w * 0.55, w * 0.08, 0.22, 3) + canopy(blobs, color);
  if (flowers) {
    for (let i = 0; i < k * 4; i++) {
      const b = blobs[i % k];
      if (!b) continue;
      out += circle(
        b[0] + (r() - 0.5) * b[2] * 1.3,
        b[1] + (r() - 0.6) * b[2] * 1.1,
        w * 0.025 + 1,
        flowers,
      );
    }
  }
  return g(out, { transform: `translate(${x} ${y})` });
}

/** A trimmed rectangular hedge. */
export function hedge(x: number, y: number, w: number, h: number, color: string = P.leaf): string {
  const body = path(
    `M${x} ${y} L${x} ${y - h + 10} Q${x} ${y - h} ${x + 10} ${y - h} L${x + w - 10} ${y - h} Q${x + w} ${y - h} ${x + w} ${y - h + 10} L${x + w} ${y} Z`,
    lin([shade(color, 0.15), shade(color, -0.2)]),
  );
  const top = rect(x + 4, y - h + 2, w - 8, 8, shade(color, 0.28), { rx: 4, opacity: 0.6 });
  return shadow(x + w / 2, y, w * 0.52, 6, 0.2, 3) + body + top;
}

/** A mulched bed with dotted flowers, `w` wide. */
export function flowerBed(
  x: number,
  y: number,
  w: number,
  seed = 5,
  colors: string[] = [P.flowerPink, P.flowerYellow, P.flowerWhite],
): string {
  const r = rng(seed);
  let out = ellipse(x + w / 2, y, w / 2, 10, "#6b4a35");
  let leaves = "";
  let dots = "";
  for (let i = 0; i < w / 7; i++) {
    const fx = x + 6 + r() * (w - 12);
    const fy = y - 4 - r() * 16;
    leaves += circle(fx, fy + 4, 6 + r() * 3, i % 2 ? P.leaf : P.grassDark);
    dots += circle(
      fx + (r() - 0.5) * 4,
      fy - 2,
      2.6 + r() * 1.4,
      colors[i % colors.length] ?? P.flowerPink,
    );
  }
  out += leaves + dots;
  return out;
}

/** Clips arbitrary artwork to a rectangle (used for framed windows of landscape). */
export function clipped(
  key: string,
  x: number,
  y: number,
  w: number,
  h: number,
  art: string,
): string {
  return g(art, { "clip-path": clip(key, rect(x, y, w, h, "#000")) });
}
