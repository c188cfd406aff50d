/**
 * Tiny SVG-building kit used by every piece and composition: attribute
 * formatting, shape helpers, colour maths, a seeded random generator and a
 * per-document registry of gradients and filters (so pieces can ask for a
 * gradient by its colours and get back a `url(#…)` reference).
 */

export type Attrs = Record<string, string | number | undefined>;

let defs = new Map<string, string>();
let ids = 0;

/** Rounds to 2 decimals so the markup stays short and deterministic. */
export const n = (v: number): string => String(Math.round(v * 100) / 100);

export function attrs(a: Attrs): string {
  let out = "";
  for (const [k, v] of Object.entries(a)) {
    if (v === undefined) continue;
    out += ` ${k}="${typeof v === "number" ? n(v) : v}"`;
  }
  return out;
}

export function el(tag: string, a: Attrs, children?: string): string {
  return children === undefined
    ? `<${tag}${attrs(a)}/>`
    : `<${tag}${attrs(a)}>${children}</${tag}>`;
}

/** Builds one SVG document; gradients registered while `build` runs go in its <defs>. */
export function doc(width: number, height: number, build: () => string): string {
  defs = new Map();
  ids = 0;
  const body = build();
  const d = [...defs.values()].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${d}</defs>${body}</svg>`;
}

function register(key: string, make: (id: string) => string): string {
  let def = defs.get(key);
  let id: string;
  if (def === undefined) {
    id = `d${ids++}`;
    def = make(id);
    defs.set(key, def);
  } else {
    id = /id="([^"]+)"/.exec(def)?.[1] ?? "";
  }
  return `url(#${id})`;
}

export type Stop = string | [color: string, offset: number, opacity?: number];

function stops(list: Stop[]): string {
  return list
    .map((s, i) => {
      const [c, o, op] = typeof s === "string" ? [s, i / Math.max(1, list.length - 1), 1] : s;
      return `<stop offset="${n(o)}" stop-color="${c}"${op === undefined || op === 1 ? "" : ` stop-opacity="${n(op)}"`}/>`;
    })
    .join("");
}

/** Linear gradient; default top→bottom. Coordinates are in the shape's bounding box. */
export function lin(list: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
  const key = `L${JSON.stringify(list)}${x1},${y1},${x2},${y2}`;
  return register(
    key,
    (id) =>
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`,
  );
}

/** Linear gradient in user space (for gradients spanning many shapes). */
export function linU(list: Stop[], x1: number, y1: number, x2: number, y2: number): string {
  const key = `U${JSON.stringify(list)}${x1},${y1},${x2},${y2}`;
  return register(
    key,
    (id) =>
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(list)}</linearGradient>`,
  );
}

export function rad(list: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  const key = `R${JSON.stringify(list)}${cx},${cy},${r}`;
  return register(
    key,
    (id) =>
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`,
  );
}

/** Gaussian blur filter with a generous region (for soft shadows and glows). */
export function blur(sd: number): string {
  return register(
    `B${sd}`,
    (id) =>
      `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
  );
}

/** Registers a clip path made of `shape` markup and returns its url(). */
export function clip(key: string, shape: string): string {
  return register(`C${key}`, (id) => `<clipPath id="${id}">${shape}</clipPath>`);
}

export const rect = (
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  a: Attrs = {},
): string => el("rect", { x, y, width: w, height: h, fill, ...a });

export const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}): string =>
  el("circle", { cx, cy, r, fill, ...a });

export const ellipse = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  a: Attrs = {},
): string => el("ellipse", { cx, cy, rx, ry, fill, ...a });

export const path = (d: string, fill: string, a: Attrs = {}): string =>
  el("path", { d, fill, ...a });

export const poly = (pts: Array<[number, number]>, fill: string, a: Attrs = {}): string =>
  el("polygon", { points: pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" "), fill, ...a });

export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  w = 2,
  a: Attrs = {},
): string =>
  el("line", { x1, y1, x2, y2, stroke, "stroke-width": w, "stroke-linecap": "round", ...a });

/** Open polyline drawn as a round-capped stroke. */
export const stroke = (
  pts: Array<[number, number]>,
  color: string,
  w: number,
  a: Attrs = {},
): string =>
  el("polyline", {
    points: pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" "),
    fill: "none",
    stroke: color,
    "stroke-width": w,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    ...a,
  });

export const g = (children: string, a: Attrs = {}): string => el("g", a, children);

/** Places local-coordinate artwork at (x, y) with scale s (and optional mirror). */
export const at = (x: number, y: number, s: number, children: string, flip = false): string =>
  `<g transform="translate(${n(x)} ${n(y)}) scale(${n(flip ? -s : s)} ${n(s)})">${children}</g>`;

/** A soft contact shadow, offset to the lower right (light comes from the upper left). */
export const shadow = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  opacity = 0.28,
  sd = 6,
): string => ellipse(cx + rx * 0.12, cy, rx, ry, "#0b1a33", { opacity, filter: blur(sd) });

// ---------------------------------------------------------------- colour

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? h.replace(/(.)/g, "$1$1") : h;
  const v = parseInt(full, 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

const toHex = (rgb: [number, number, number]): string =>
  "#" +
  rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");

export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

/** Positive amount lightens towards warm white, negative darkens towards navy. */
export const shade = (hex: string, amt: number): string =>
  amt >= 0 ? mix(hex, "#fffaf2", amt) : mix(hex, "#0b1a33", -amt);

// ---------------------------------------------------------------- randomness

/** mulberry32: a small seeded PRNG so every run draws the same picture. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

/** A repeating pattern tile (user-space units) drawn with `tile` markup. */
export function pattern(
  key: string,
  w: number,
  h: number,
  tile: string,
  transform?: string,
): string {
  return register(
    `P${key}`,
    (id) =>
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${n(w)}" height="${n(h)}"${transform ? ` patternTransform="${transform}"` : ""}>${tile}</pattern>`,
  );
}
