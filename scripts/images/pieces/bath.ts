/** Bathroom pieces in elevation: tub, toilet, vanity, mirror, shower, towels. */
import { P } from "../lib/palette.ts";
import { blur, circle, ellipse, lin, path, rect, shade, stroke } from "../lib/svg.ts";
import { faucet } from "./interior.ts";

/** Freestanding soaking tub, centred at x, standing on floorY, ~w wide. */
export function tub(x: number, floorY: number, w: number, color: string = P.white): string {
  const h = w * 0.34;
  return (
    ellipse(x + 16, floorY, w * 0.52, 12, "#0b1a33", { opacity: 0.2, filter: blur(6) }) +
    path(
      `M${x - w / 2} ${floorY - h} L${x + w / 2} ${floorY - h} Q${x + w / 2 - 10} ${floorY - 10} ${x + w / 2 - 60} ${floorY - 6} L${x - w / 2 + 60} ${floorY - 6} Q${x - w / 2 + 10} ${floorY - 10} ${x - w / 2} ${floorY - h} Z`,
      lin([color, shade(color, -0.15)], 0, 0, 1, 0),
    ) +
    rect(x - w / 2 - 6, floorY - h - 10, w + 12, 14, shade(color, 0.05), { rx: 7 }) +
    path(
      `M${x - w / 2 + 40} ${floorY - h + 12} Q${x} ${floorY - h + 30} ${x + w / 2 - 40} ${floorY - h + 12}`,
      "none",
      { stroke: "#ffffff", "stroke-width": 5, opacity: 0.6 },
    ) +
    stroke(
      [
        [x + w / 2 - 30, floorY - h - 8],
        [x + w / 2 - 30, floorY - h - 70],
        [x + w / 2 - 70, floorY - h - 70],
        [x + w / 2 - 70, floorY - h - 52],
      ],
      P.charcoal,
      6,
    ) +
    rect(x - w / 2 + 60, floorY - 6, 12, 6, P.charcoal) +
    rect(x + w / 2 - 72, floorY - 6, 12, 6, P.charcoal)
  );
}

/** Toilet seen from the front, origin floor centre, ~s scale (tank ~110 wide at 1). */
export function toilet(x: number, floorY: number, s = 1): string {
  const X = (v: number): number => x + v * s;
  const Y = (v: number): number => floorY - v * s;
  return (
    ellipse(X(10), floorY, 70 * s, 8 * s, "#0b1a33", { opacity: 0.2, filter: blur(4) }) +
    rect(X(-55), Y(300), 110 * s, 120 * s, lin([P.white, "#dcd8d0"], 0, 0, 1, 0), { rx: 10 * s }) +
    rect(X(-60), Y(306), 120 * s, 14 * s, P.white, { rx: 6 * s }) +
    rect(X(20), Y(286), 22 * s, 8 * s, P.steelLight, { rx: 3 }) +
    path(
      `M${X(-70)} ${Y(180)} L${X(70)} ${Y(180)} Q${X(68)} ${Y(110)} ${X(30)} ${Y(90)} L${X(26)} ${Y(0)} L${X(-26)} ${Y(0)} L${X(-30)} ${Y(90)} Q${X(-68)} ${Y(110)} ${X(-70)} ${Y(180)} Z`,
      lin([P.white, "#d6d2ca"], 0, 0, 1, 0),
    ) +
    rect(X(-74), Y(192), 148 * s, 16 * s, "#f6f4ef", { rx: 8 * s })
  );
}

/** Floating vanity with an undermount sink, faucet and a mirror above. */
export function vanity(
  x: number,
  floorY: number,
  w: number,
  color: string,
  o: { mirror?: boolean; wood?: boolean; dated?: boolean } = {},
): string {
  const top = floorY - 250;
  const cx = x + w / 2;
  let out = "";
  if (o.mirror ?? true) {
    out +=
      rect(cx - w * 0.32 + 8, top - 330 + 10, w * 0.64, 260, "#0b1a33", {
        opacity: 0.15,
        filter: blur(6),
      }) +
      rect(cx - w * 0.32, top - 330, w * 0.64, 260, o.dated ? "#d9cfae" : P.charcoal, {
        rx: o.dated ? 4 : 20,
      });
    out +=
      rect(cx - w * 0.32 + 8, top - 322, w * 0.64 - 16, 244, lin(["#e6f1f8", "#b9d2e4"]), {
        rx: o.dated ? 2 : 14,
      }) +
      path(
        `M${cx - w * 0.2} ${top - 100} L${cx - w * 0.05} ${top - 320} L${cx + w * 0.04} ${top - 320} L${cx - w * 0.11} ${top - 100} Z`,
        "#ffffff",
        { opacity: 0.35 },
      );
    out +=
      circle(cx - w * 0.42, top - 230, 40, "#ffe8b0", { opacity: 0.35, filter: blur(14) }) +
      circle(cx + w * 0.42, top - 230, 40, "#ffe8b0", { opacity: 0.35, filter: blur(14) }) +
      rect(cx - w * 0.43, top - 270, 14, 80, "#f8f1df", { rx: 7 }) +
      rect(cx + w * 0.41, top - 270, 14, 80, "#f8f1df", { rx: 7 });
  }
  const cabBottom = o.dated ? floorY : floorY - 60;
  out += rect(x + 16, cabBottom - 6, w, 18, "#0b1a33", { opacity: 0.18, filter: blur(8) });
  out += rect(
    x,
    top + 12,
    w,
    cabBottom - top - 12,
    lin([shade(color, 0.08), shade(color, -0.1)], 0, 0, 1, 0),
    { rx: 3 },
  );
  const dw = w / 2;
  for (const i of [0, 1]) {
    out += rect(x + 8 + i * dw, top + 24, dw - 16, cabBottom - top - 36, "none", {
      stroke: shade(color, -0.2),
      "stroke-width": 3,
      rx: 2,
    });
    out += rect(x + i * dw + dw / 2 - 22, top + 40, 44, 6, o.wood ? P.charcoal : "#b08d57", {
      rx: 3,
    });
  }
  out +=
    rect(x - 10, top, w + 20, 16, o.dated ? "#e5dcc1" : "#f5f3ef", { rx: 2 }) +
    rect(x - 10, top, w + 20, 4, "#ffffff", { opacity: 0.6 });
  out += faucet(cx - 18, top, o.dated ? "#cfc8b8" : P.charcoal);
  return out;
}

/** Glass walk-in shower with rain head and niche; panel from x0..x1, floor to top. */
export function shower(x0: number, x1: number, floorY: number, top: number): string {
  const w = x1 - x0;
  return (
    stroke(
      [
        [x0 + w * 0.6, top + 10],
        [x0 + w * 0.6, top + 40],
        [x0 + w * 0.5, top + 40],
      ],
      P.charcoal,
      6,
    ) +
    ellipse(x0 + w * 0.5, top + 46, 34, 8, P.charcoal) +
    rect(x0 + w * 0.57, top + 200, 30, 50, P.charcoal, { rx: 4 }) +
    rect(x0 + w * 0.15, top + 150, w * 0.3, 80, "#e8e2d6", { rx: 4 }) +
    rect(x0 + w * 0.15, top + 150, w * 0.3, 10, "#0b1a33", { opacity: 0.15 }) +
    rect(
      x0,
      top,
      w,
      floorY - top,
      lin(
        [
          ["#e0f2fe", 0, 0.28],
          ["#ffffff", 0.5, 0.12],
          ["#bae6fd", 1, 0.25],
        ],
        0,
        0,
        1,
        1,
      ),
    ) +
    rect(x0, top, 6, floorY - top, P.charcoal) +
    rect(x1 - 6, top, 6, floorY - top, P.charcoal) +
    rect(x0, top, w, 6, P.charcoal) +
    path(
      `M${x0 + w * 0.15} ${floorY} L${x0 + w * 0.55} ${top} L${x0 + w * 0.65} ${top} L${x0 + w * 0.25} ${floorY} Z`,
      "#ffffff",
      { opacity: 0.15 },
    )
  );
}

/** Towel hanging from a bar. */
export const towel = (x: number, y: number, w: number, color: string): string =>
  rect(x - 10, y - 4, w + 20, 6, P.charcoal, { rx: 3 }) +
  rect(x, y, w, w * 1.3, lin([shade(color, 0.08), shade(color, -0.08)], 0, 0, 1, 0), { rx: 4 }) +
  rect(x, y + w * 1.05, w, 8, shade(color, -0.15));
