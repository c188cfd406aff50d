/** Wiring devices and smart-home gear: outlets, switches, boxes, wire, thermostat, phone. */
import { P } from "../lib/palette.ts";
import { blur, circle, ellipse, g, lin, path, rect, shade, stroke } from "../lib/svg.ts";

/** Duplex outlet (GFCI with test buttons when gfci). */
export function outlet(x: number, y: number, s = 1, gfci = false): string {
  const w = 52 * s;
  const h = 84 * s;
  let out =
    rect(x - w / 2 + 3, y - h / 2 + 4, w, h, "#0b1a33", { opacity: 0.15, filter: blur(3) }) +
    rect(x - w / 2, y - h / 2, w, h, P.white, { rx: 5 * s }) +
    rect(x - w / 2, y - h / 2, w, h, "none", { stroke: "#d6d1c7", "stroke-width": 1.5, rx: 5 * s });
  if (gfci) {
    out +=
      rect(x - 16 * s, y - 32 * s, 32 * s, 64 * s, "#f5f3ee", { rx: 4 * s }) +
      rect(x - 9 * s, y - 6 * s, 18 * s, 5 * s, P.charcoal, { rx: 1 }) +
      rect(x - 9 * s, y + 2 * s, 18 * s, 5 * s, "#dc2626", { rx: 1 });
  }
  for (const dy of gfci ? [-20, 20] : [-18, 18]) {
    out +=
      rect(x - 9 * s, y + (dy - 6) * s, 3.5 * s, 10 * s, P.charcoal, { rx: 1 }) +
      rect(x + 5.5 * s, y + (dy - 6) * s, 3.5 * s, 10 * s, P.charcoal, { rx: 1 }) +
      path(
        `M${x - 3 * s} ${y + (dy + 8) * s} a3 3 0 0 1 ${6 * s} 0 v${3 * s} h${-6 * s} Z`,
        P.charcoal,
      );
  }
  return out;
}
export const lightSwitch = (x: number, y: number, s = 1): string =>
  rect(x - 24 * s, y - 40 * s, 48 * s, 80 * s, P.white, { rx: 5 * s }) +
  rect(x - 24 * s, y - 40 * s, 48 * s, 80 * s, "none", {
    stroke: "#d6d1c7",
    "stroke-width": 1.5,
    rx: 5 * s,
  }) +
  rect(x - 10 * s, y - 20 * s, 20 * s, 40 * s, "#f4f1ea", { rx: 3 * s }) +
  rect(x - 10 * s, y - 20 * s, 20 * s, 16 * s, "#ffffff", { rx: 3 * s });
/** Blue plastic electrical box nailed to a stud, with cable coming out. */
export const deviceBox = (x: number, y: number, cable: string = "#f5d142"): string =>
  rect(x, y, 36, 56, "#2f7fd9", { rx: 3 }) +
  rect(x + 4, y + 4, 28, 48, "#1f5fae", { rx: 2 }) +
  path(`M${x + 18} ${y + 52} q6 30 -10 60`, "none", {
    stroke: cable,
    "stroke-width": 7,
    "stroke-linecap": "round",
  }) +
  stroke(
    [
      [x + 10, y + 10],
      [x + 4, y + 34],
    ],
    P.white,
    2,
  ) +
  stroke(
    [
      [x + 26, y + 10],
      [x + 32, y + 30],
    ],
    P.charcoal,
    2,
  );
/** Spool of building wire. */
export const wireSpool = (x: number, y: number, s: number, color: string = "#f5d142"): string =>
  g(
    ellipse(6, 0, 64, 8, "#0b1a33", { opacity: 0.2, filter: blur(4) }) +
      circle(0, -60, 60, P.woodDark) +
      circle(0, -60, 48, color) +
      [38, 30, 22]
        .map((r) =>
          circle(0, -60, r + 8, "none", { stroke: shade(color, -0.2), "stroke-width": 2 }),
        )
        .join("") +
      circle(0, -60, 16, P.woodLight) +
      circle(0, -60, 6, P.woodDark),
    { transform: `translate(${x} ${y}) scale(${s})` },
  );
/** Smart thermostat (round, glowing ring). */
export const thermostat = (x: number, y: number, r: number): string =>
  circle(x + 3, y + 4, r, "#0b1a33", { opacity: 0.2, filter: blur(4) }) +
  circle(x, y, r, lin([P.steelLight, P.steel], 0, 0, 1, 1)) +
  circle(x, y, r * 0.82, "#111827") +
  path(
    `M${x - r * 0.6} ${y + r * 0.35} A${r * 0.68} ${r * 0.68} 0 1 1 ${x + r * 0.6} ${y + r * 0.35}`,
    "none",
    { stroke: P.amber, "stroke-width": r * 0.1, "stroke-linecap": "round" },
  ) +
  circle(x, y, r * 0.3, P.orange600, { opacity: 0.9 });
/** Phone showing a smart-home dashboard of tiles (no text). */
export function phoneUi(x: number, y: number, w: number, rot = 0): string {
  const h = w * 2;
  let tiles = "";
  const tw = (w - 36) / 2;
  const icons = [P.amber, P.navy400, "#34d399", P.orange600, "#60a5fa", P.amberLight];
  for (let i = 0; i < 6; i++) {
    const tx = 12 + (i % 2) * (tw + 12);
    const ty = h * 0.22 + Math.floor(i / 2) * (tw * 0.8 + 12);
    tiles +=
      rect(tx, ty, tw, tw * 0.8, i % 3 === 0 ? "#ffffff" : "#e8eef6", { rx: 8 }) +
      circle(tx + tw * 0.28, ty + tw * 0.3, tw * 0.14, icons[i] ?? P.amber) +
      rect(tx + tw * 0.15, ty + tw * 0.56, tw * 0.6, 5, "#9aa5b1", { rx: 2 });
  }
  const art =
    rect(8, 10, w, h, "#0b1a33", { opacity: 0.25, filter: blur(8) }) +
    rect(0, 0, w, h, P.charcoal, { rx: w * 0.14 }) +
    rect(6, 6, w - 12, h - 12, "#f4f7fb", { rx: w * 0.11 }) +
    rect(12, h * 0.06, w * 0.45, 10, P.navy800, { rx: 4 }) +
    rect(12, h * 0.1, w - 24, h * 0.08, lin([P.navy600, P.navy400], 0, 0, 1, 0), { rx: 8 }) +
    tiles +
    rect(w * 0.35, h - 22, w * 0.3, 5, P.charcoal, { rx: 2 });
  return g(art, { transform: `translate(${x} ${y}) rotate(${rot})` });
}
