/** Skies, sun, clouds, distant hills and ground planes. */
import { P } from "../lib/palette.ts";
import { blur, circle, ellipse, g, linU, path, rad, rect, rng, shade } from "../lib/svg.ts";

export type Mood = "day" | "golden" | "dusk";

export function sky(w: number, h: number, mood: Mood = "day"): string {
  const stops =
    mood === "dusk"
      ? [
          P.duskTop,
          [P.duskMid, 0.55] as [string, number],
          [P.duskLow, 0.92] as [string, number],
          ["#f7c27a", 1] as [string, number],
        ]
      : mood === "golden"
        ? [
            "#6fa9d8",
            [P.skyMid, 0.45] as [string, number],
            ["#f6dcb4", 0.9] as [string, number],
            ["#f9e7c8", 1] as [string, number],
          ]
        : [P.skyTop, [P.skyMid, 0.5] as [string, number], [P.skyLow, 1] as [string, number]];
  return rect(0, 0, w, h, linU(stops, 0, 0, 0, h));
}

/** Sun (or dusk glow) with a soft halo. */
export function sun(x: number, y: number, r: number, mood: Mood = "day"): string {
  const core = mood === "dusk" ? "#ffd39a" : mood === "golden" ? "#fff1c9" : "#fffbea";
  return g(
    circle(
      x,
      y,
      r * 4,
      rad([
        [core, 0, 0.5],
        [core, 0.3, 0.16],
        [core, 1, 0],
      ]),
    ) +
      circle(
        x,
        y,
        r,
        rad([
          [core, 0.7, 0.95],
          [core, 1, 0.6],
        ]),
      ),
  );
}

/** A soft cumulus cloud, local origin at its base centre. */
export function cloud(x: number, y: number, s: number, opacity = 0.9, tint = "#ffffff"): string {
  const sh = shade(tint, -0.08);
  const body =
    ellipse(0, -12, 70, 16, sh) +
    circle(-38, -24, 24, tint) +
    circle(-6, -38, 34, tint) +
    circle(30, -26, 26, tint) +
    ellipse(0, -14, 68, 14, tint);
  return `<g transform="translate(${x} ${y}) scale(${s})" opacity="${opacity}">${body}</g>`;
}

/** Rolling hills as a smooth band between y and the bottom of the frame. */
export function hills(
  w: number,
  h: number,
  y: number,
  color: string,
  seed: number,
  amp = 30,
  bumps = 4,
): string {
  const r = rng(seed);
  const step = w / bumps;
  let d = `M0 ${h} L0 ${y + (r() - 0.5) * amp}`;
  for (let i = 0; i < bumps; i++) {
    const x0 = i * step;
    const peak = y - amp * (0.4 + r() * 0.6);
    const end = y + (r() - 0.5) * amp * 0.6;
    d += ` C${x0 + step * 0.3} ${peak} ${x0 + step * 0.7} ${peak} ${x0 + step} ${end}`;
  }
  d += ` L${w} ${h} Z`;
  return path(d, color);
}

/** A band of distant, slightly hazy tree canopies. */
export function treeLine(w: number, y: number, color: string, seed: number, size = 36): string {
  const r = rng(seed);
  let out = "";
  for (let x = -size; x < w + size; x += size * (0.55 + r() * 0.5)) {
    const s = size * (0.7 + r() * 0.6);
    out += circle(x, y - s * 0.5, s * 0.75, color);
  }
  return g(out + rect(0, y - 4, w, size * 2, color));
}

/** Lawn or ground plane from y down, with a gentle gradient. */
export function ground(w: number, h: number, y: number, color: string = P.grass): string {
  return rect(0, y, w, h - y, linU([shade(color, 0.12), color, shade(color, -0.12)], 0, y, 0, h));
}

/** Grass tufts scattered along a band (subtle texture). */
export function tufts(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  color: string,
  seed: number,
  count = 30,
): string {
  const r = rng(seed);
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = x0 + r() * (x1 - x0);
    const y = y0 + r() * (y1 - y0);
    const s = 4 + r() * 6;
    d += `M${x - s} ${y}q${s * 0.6} ${-s * 0.4} ${s * 0.5} ${-s * 1.6}q${s * 0.2} ${s} ${s * 0.5} ${s * 1.6}q${s * 0.3} ${-s * 0.9} ${s * 0.9} ${-s * 1.2}q${-s * 0.2} ${s * 0.7} ${s * 0.1} ${s * 1.2}Z`;
  }
  return path(d, color, { opacity: 0.55 });
}

/** A diffuse light wash from the upper left, laid over a whole scene. */
export function lightWash(w: number, h: number, strength = 0.16): string {
  return rect(
    0,
    0,
    w,
    h,
    linU(
      [
        ["#fff6e0", 0, strength],
        ["#fff6e0", 0.5, 0],
        ["#0b1a33", 1, strength * 0.6],
      ],
      0,
      0,
      w,
      h,
    ),
  );
}

/** Darkens the frame edges a touch to focus the subject. */
export function vignette(w: number, h: number, strength = 0.22): string {
  return rect(
    0,
    0,
    w,
    h,
    rad(
      [
        ["#0b1a33", 0.55, 0],
        ["#0b1a33", 1, strength],
      ],
      0.55,
      0.5,
      0.75,
    ),
  );
}

/** Soft blurred glow (lamp light, window light). */
export function glow(x: number, y: number, r: number, color: string, opacity = 0.5): string {
  return circle(x, y, r, color, { opacity, filter: blur(r / 2.5) });
}
