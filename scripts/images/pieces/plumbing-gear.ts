/** Plumbing equipment: water heater, expansion tank, sink base, drain machine. */
import { P } from "../lib/palette.ts";
import { at, blur, circle, ellipse, lin, path, rect, shade, shadow, stroke } from "../lib/svg.ts";
import { pipe, valve } from "./plumbing.ts";

/** 50-gallon tank water heater (~140 wide, ~380 tall at s=1), origin floor centre. */
export function waterHeater(x: number, y: number, s: number, gas = true): string {
  const body = lin(["#f6f3ec", "#e4ded2", "#b9b2a4"], 0, 0, 1, 0);
  let out =
    shadow(12, 0, 90, 10, 0.3, 6) +
    ellipse(0, -4, 84, 10, P.steel) +
    rect(-82, -14, 164, 10, P.steelLight, { rx: 3 });
  out +=
    rect(-70, -340, 140, 320, body, { rx: 10 }) +
    path("M-70 -330 Q-70 -356 0 -360 Q70 -356 70 -330 Z", lin(["#fbf9f4", "#d8d1c3"], 0, 0, 1, 0));
  out +=
    rect(-70, -300, 140, 4, "#0b1a33", { opacity: 0.08 }) +
    rect(-70, -60, 140, 4, "#0b1a33", { opacity: 0.08 });
  out +=
    rect(-40, -250, 56, 70, P.white, { rx: 3 }) +
    rect(-34, -244, 44, 10, P.navy600) +
    rect(-34, -228, 40, 4, P.steel) +
    rect(-34, -220, 32, 4, P.steel) +
    rect(-34, -212, 36, 4, P.steel);
  if (gas) {
    out +=
      rect(-28, -110, 56, 44, P.charcoal, { rx: 6 }) +
      circle(-8, -88, 11, "#dc2626") +
      circle(-8, -88, 4, P.charcoal) +
      rect(10, -100, 10, 24, P.steelLight, { rx: 2 });
    out +=
      stroke(
        [
          [28, -92],
          [110, -92],
          [110, 0],
        ],
        P.charcoal,
        10,
      ) + rect(88, -104, 20, 24, "#e6c14d", { rx: 3 });
    out +=
      rect(-18, -420, 36, 62, lin([P.steelLight, P.steel], 0, 0, 1, 0)) +
      rect(-24, -430, 48, 14, P.steel, { rx: 3 });
  } else {
    out +=
      rect(-26, -120, 52, 40, P.white, { rx: 3 }) +
      rect(-20, -112, 40, 24, "none", { stroke: P.steel, "stroke-width": 2 });
  }
  out +=
    pipe(
      [
        [-38, -356],
        [-38, -470],
      ],
      "copper",
      18,
    ) +
    pipe(
      [
        [38, -356],
        [38, -470],
      ],
      "copper",
      18,
    );
  out += valve(-38, -410, "#2f7fd9");
  out +=
    rect(-86, -300, 20, 16, "#c9a24a", { rx: 3 }) +
    pipe(
      [
        [-82, -292],
        [-100, -292],
        [-100, -30],
      ],
      "copper",
      12,
    );
  out += rect(-12, -36, 24, 14, "#c9a24a", { rx: 3 });
  out += rect(-60, -300, 10, 240, "#ffffff", { opacity: 0.35, rx: 5 });
  return at(x, y, s, out);
}
/** Expansion tank hanging from a pipe. */
export const expansionTank = (x: number, y: number, s: number): string =>
  at(
    x,
    y,
    s,
    pipe(
      [
        [0, -200],
        [0, -120],
      ],
      "copper",
      12,
    ) +
      rect(-36, -124, 72, 104, lin(["#dbe7f3", "#6e8fb3"], 0, 0, 1, 0), { rx: 30 }) +
      rect(-8, -132, 16, 12, "#c9a24a"),
  );
/** An open sink base cabinet showing the trap and supply lines. */
export function sinkBase(x: number, top: number, floorY: number, w: number, color: string): string {
  const h = floorY - top;
  const cx = x + w / 2;
  let out =
    rect(x, top, w, h, shade(color, -0.2)) + rect(x + 12, top + 14, w - 24, h - 34, "#2a2f38");
  out += rect(x + 12, top + 14, w - 24, 26, "#0b1a33", { opacity: 0.5, filter: blur(6) });
  out +=
    rect(cx - 120, top + 14, 240, 70, lin([P.steelLight, P.steel]), { rx: 18 }) +
    rect(cx - 120, top + 14, 240, 12, P.steel);
  out += circle(cx + 150, top + 150, 20, P.steelLight) + circle(cx + 150, top + 150, 12, "#1f2530");
  out += path(
    `M${cx} ${top + 84} V${top + 150} a30 30 0 0 0 60 0 V${top + 136} H${cx + 150}`,
    "none",
    { stroke: shade("#f1efe9", -0.3), "stroke-width": 22, "stroke-linejoin": "round" },
  );
  out += path(
    `M${cx} ${top + 84} V${top + 150} a30 30 0 0 0 60 0 V${top + 136} H${cx + 150}`,
    "none",
    { stroke: "#f1efe9", "stroke-width": 18, "stroke-linejoin": "round" },
  );
  out +=
    rect(cx - 14, top + 120, 28, 10, "#e2ded5", { rx: 3 }) +
    rect(cx + 46, top + 124, 28, 10, "#e2ded5", { rx: 3 });
  for (const [sx, lever] of [
    [cx - 170, "#d9412f"],
    [cx - 80, "#2f7fd9"],
  ] as const) {
    out +=
      circle(sx, top + 220, 15, P.steelLight) +
      rect(sx - 5, top + 190, 10, 30, P.steelLight, { rx: 3 }) +
      valve(sx, top + 190, lever, true);
    out += path(
      `M${sx} ${top + 180} C${sx} ${top + 130} ${sx + (cx - 40 - sx) * 0.6} ${top + 120} ${sx + (cx - 40 - sx) * 0.7} ${top + 84}`,
      "none",
      { stroke: P.steel, "stroke-width": 7, "stroke-linecap": "round", "stroke-dasharray": "2 2" },
    );
  }
  out +=
    rect(x - 18, top + 14, 18, h - 34, color, { opacity: 0.95 }) +
    rect(x + w, top + 14, 18, h - 34, shade(color, -0.1));
  return out;
}
/** Drum drain-cleaning machine with its cable running out to the left. */
export function drainMachine(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    shadow(10, 0, 90, 9, 0.3, 5) +
      stroke(
        [
          [-70, -20],
          [-20, -200],
          [30, -200],
        ],
        P.graphite,
        8,
      ) +
      circle(-50, -30, 30, P.charcoal) +
      circle(-50, -30, 12, P.steel) +
      ellipse(30, -110, 70, 70, lin([P.orange600, P.orange700], 0, 0, 1, 1)) +
      ellipse(30, -110, 46, 46, shade(P.orange700, -0.2)) +
      circle(30, -110, 14, P.steelLight) +
      rect(80, -150, 60, 70, P.charcoal, { rx: 8 }) +
      rect(88, -140, 30, 10, P.graphite) +
      circle(30, -110, 36, "none", {
        stroke: P.steel,
        "stroke-width": 3,
        "stroke-dasharray": "6 6",
      }),
  );
}
