/** Interior elevations (≈7 px per inch): floors, rooms, windows with a view, faucets, lights, plants, art. */
import { P } from "../lib/palette.ts";
import {
  blur,
  circle,
  clip,
  ellipse,
  g,
  lin,
  line,
  linU,
  path,
  poly,
  rect,
  shade,
} from "../lib/svg.ts";
import { tree } from "./nature.ts";

export type FloorKind = "wood" | "tile" | "check" | "concrete" | "carpet";

/** Floor from y to h with plank/tile seams converging on a vanishing point above the centre. */
export function floor(w: number, h: number, y: number, kind: FloorKind, color: string): string {
  let out = rect(0, y, w, h - y, linU([shade(color, 0.08), shade(color, -0.12)], 0, y, 0, h));
  const vx = w / 2;
  const vy = y - 700;
  const seam = shade(color, -0.22);
  if (kind === "wood" || kind === "tile" || kind === "check") {
    const step = kind === "wood" ? 60 : 110;
    for (let x = -w; x <= 2 * w; x += step) {
      const k = (y - vy) / (h - vy);
      out += line(vx + (x - vx) * k, y, x, h, seam, kind === "wood" ? 1.5 : 2, { opacity: 0.7 });
    }
    if (kind === "wood") {
      let i = 0;
      for (let x = -w; x <= 2 * w; x += step, i++) {
        for (const r of [0.12 + ((i * 37) % 10) / 40, 0.5 + ((i * 53) % 10) / 30]) {
          const yy = y + (h - y) * r;
          const k = (yy - vy) / (h - vy);
          out += line(vx + (x - vx) * k, yy, vx + (x + step - vx) * k, yy, seam, 1.5, {
            opacity: 0.6,
          });
        }
      }
    } else {
      for (const r of [0.18, 0.42, 0.72])
        out += rect(0, y + (h - y) * r, w, 1.5, seam, { opacity: 0.5 });
    }
  }
  if (kind === "check") {
    const yy = [y, y + (h - y) * 0.18, y + (h - y) * 0.42, y + (h - y) * 0.72, h];
    for (let i = 0; i < 4; i++) {
      const y0 = yy[i] ?? 0;
      const y1 = yy[i + 1] ?? 0;
      for (let x = -w + (i % 2) * 110; x <= 2 * w; x += 220) {
        const k0 = (y0 - vy) / (h - vy);
        const k1 = (y1 - vy) / (h - vy);
        const px = (xx: number, k: number): number => vx + (xx - vx) * k;
        out += poly(
          [
            [px(x, k0), y0],
            [px(x + 110, k0), y0],
            [px(x + 110, k1), y1],
            [px(x, k1), y1],
          ],
          "#6f6a5c",
          { opacity: 0.35 },
        );
      }
    }
  }
  out += rect(0, y, w, 26, "#0b1a33", { opacity: 0.1, filter: blur(8) });
  return out;
}

/** Wall, baseboard and crown for an interior elevation; light falls from the upper left. */
export function room(
  w: number,
  h: number,
  floorY: number,
  wall: string,
  kind: FloorKind,
  floorColor: string,
): string {
  return (
    rect(0, 0, w, floorY, linU([shade(wall, 0.12), wall, shade(wall, -0.1)], 0, 0, w, floorY)) +
    rect(0, 0, w, 14, shade(wall, 0.2)) +
    rect(0, 14, w, 4, shade(wall, -0.1)) +
    floor(w, h, floorY, kind, floorColor) +
    rect(0, floorY - 18, w, 18, shade(wall, 0.25)) +
    rect(0, floorY - 2, w, 2, shade(wall, -0.3))
  );
}

/** A wall window showing a sunny garden. */
export function viewWindow(
  x: number,
  y: number,
  w: number,
  h: number,
  frame: string = P.white,
  key = "vw",
): string {
  const view =
    rect(x, y, w, h, lin(["#9fd0f0", "#dff0fa"])) +
    ellipse(x + w * 0.5, y + h * 1.05, w * 0.9, h * 0.38, P.grassLight) +
    tree(x + w * 0.2, y + h * 0.95, h / 330, P.leaf, 2) +
    tree(x + w * 0.85, y + h, h / 280, P.leafLight, 5);
  return (
    rect(x + 8, y + 8, w + 8, h + 8, P.navy900, { opacity: 0.12 }) +
    rect(x - 10, y - 10, w + 20, h + 20, frame, { rx: 2 }) +
    g(view, { "clip-path": clip(`${key}${x},${y}`, rect(x, y, w, h, "#000")) }) +
    poly(
      [
        [x + w * 0.1, y + h],
        [x + w * 0.45, y],
        [x + w * 0.6, y],
        [x + w * 0.25, y + h],
      ],
      "#ffffff",
      { opacity: 0.18 },
    ) +
    rect(x + w / 2 - 3, y, 6, h, frame) +
    rect(x - 16, y + h + 8, w + 32, 10, shade(frame, -0.06), { rx: 2 })
  );
}

/** Gooseneck faucet and undermount sink line on a counter at y. */
export function faucet(x: number, y: number, finish: string = P.steelLight): string {
  return (
    rect(x - 6, y - 24, 12, 24, finish, { rx: 3 }) +
    path(
      `M${x} ${y - 20} L${x} ${y - 60} Q${x} ${y - 78} ${x + 18} ${y - 78} Q${x + 36} ${y - 78} ${x + 36} ${y - 60} L${x + 36} ${y - 50}`,
      "none",
      { stroke: finish, "stroke-width": 7, "stroke-linecap": "round" },
    ) +
    rect(x + 8, y - 36, 16, 5, finish, { rx: 2 })
  );
}

export function pendant(x: number, top: number, len: number, color: string, lit = true): string {
  return (
    line(x, top, x, top + len, P.charcoal, 2) +
    (lit ? circle(x, top + len + 30, 60, "#ffe8b0", { opacity: 0.35, filter: blur(20) }) : "") +
    path(
      `M${x - 34} ${top + len + 30} Q${x - 32} ${top + len} ${x} ${top + len} Q${x + 32} ${top + len} ${x + 34} ${top + len + 30} Z`,
      lin([shade(color, 0.15), shade(color, -0.15)], 0, 0, 1, 0),
    ) +
    ellipse(x, top + len + 30, 34, 5, lit ? "#fff3cf" : shade(color, -0.3))
  );
}

/** Potted plant, ~h tall. */
export function plant(x: number, y: number, h: number, pot: string = P.white): string {
  const s = h / 100;
  const leaves = [
    [-30, -90],
    [-14, -104],
    [6, -100],
    [26, -88],
    [34, -66],
    [-36, -64],
  ] as const;
  let out = ellipse(x + 6 * s, y, 26 * s, 5 * s, "#0b1a33", { opacity: 0.18, filter: blur(3) });
  for (const [dx, dy] of leaves)
    out += path(
      `M${x} ${y - 36 * s} Q${x + dx * s * 0.2} ${y + dy * s * 0.6} ${x + dx * s} ${y + dy * s} Q${x + dx * s * 0.7} ${y + dy * s * 0.4} ${x} ${y - 36 * s} Z`,
      dx < 0 ? P.leafLight : P.leaf,
    );
  out += path(
    `M${x - 22 * s} ${y - 38 * s} L${x + 22 * s} ${y - 38 * s} L${x + 17 * s} ${y} L${x - 17 * s} ${y} Z`,
    lin([shade(pot, 0.05), shade(pot, -0.15)], 0, 0, 1, 0),
  );
  return out;
}

/** Simple framed art print. */
export function artPrint(
  x: number,
  y: number,
  w: number,
  h: number,
  accent: string = P.amber,
): string {
  return (
    rect(x + 5, y + 6, w, h, "#0b1a33", { opacity: 0.15, filter: blur(3) }) +
    rect(x, y, w, h, P.charcoal) +
    rect(x + 8, y + 8, w - 16, h - 16, P.cream) +
    circle(x + w * 0.62, y + h * 0.4, Math.min(w, h) * 0.16, accent) +
    path(
      `M${x + 8} ${y + h - 8} L${x + w * 0.35} ${y + h * 0.5} L${x + w * 0.6} ${y + h - 8} Z`,
      P.navy600,
    ) +
    path(
      `M${x + w * 0.4} ${y + h - 8} L${x + w * 0.7} ${y + h * 0.58} L${x + w - 8} ${y + h - 8} Z`,
      P.navy400,
    )
  );
}
