/** Pool-side furniture, safety gear and equipment. */
import { P } from "../lib/palette.ts";
import {
  at,
  blur,
  circle,
  clip,
  ellipse,
  g,
  lin,
  line,
  path,
  rect,
  shade,
  shadow,
  stroke,
} from "../lib/svg.ts";

/** Chrome pool ladder at (x, y) on the coping. */
export const poolLadder = (x: number, y: number, s = 1): string =>
  at(
    x,
    y,
    s,
    stroke(
      [
        [0, 30],
        [0, -30],
        [12, -44],
        [22, -34],
      ],
      "#e5e9ee",
      6,
    ) +
      stroke(
        [
          [44, 30],
          [44, -30],
          [56, -44],
          [66, -34],
        ],
        "#c7ced6",
        6,
      ) +
      [6, 20].map((yy) => line(0, yy, 44, yy, "#b7c0ca", 4)).join(""),
  );
/** Pool lounger seen from the side, ~220 long, facing left. */
export const lounger = (x: number, y: number, s: number, fabric: string = P.white): string =>
  at(
    x,
    y,
    s,
    shadow(10, 0, 110, 8, 0.25, 4) +
      stroke(
        [
          [-90, 0],
          [-80, -30],
          [90, -30],
          [100, 0],
        ],
        P.woodDark,
        6,
      ) +
      rect(-80, -44, 150, 14, fabric, { rx: 6 }) +
      path("M70 -44 L110 -110 L124 -104 L84 -38 Z", fabric) +
      path("M70 -44 L110 -110 L116 -107 L78 -40 Z", "#0b1a33", { opacity: 0.08 }) +
      rect(92, -106, 30, 14, shade(fabric, -0.1), { rx: 6, transform: "rotate(-58 107 -99)" }),
  );
/** Patio umbrella, canopy `w` wide, pole base at (x, y). */
export const umbrella = (x: number, y: number, w: number, color: string = P.orange600): string =>
  shadow(x + w * 0.1, y, w * 0.2, 6, 0.25, 4) +
  line(x, y, x, y - w * 0.9, P.charcoal, 6) +
  path(
    `M${x - w / 2} ${y - w * 0.75} Q${x} ${y - w * 1.1} ${x + w / 2} ${y - w * 0.75} Z`,
    lin([shade(color, 0.1), shade(color, -0.15)], 0, 0, 1, 0),
  ) +
  path(
    `M${x - w / 2} ${y - w * 0.75} q${w / 8} 16 ${w / 4} 0 q${w / 8} 16 ${w / 4} 0 q${w / 8} 16 ${w / 4} 0 q${w / 8} 16 ${w / 4} 0`,
    shade(color, -0.1),
  );
/** Life ring. */
export const lifeRing = (x: number, y: number, r: number): string =>
  circle(x + 3, y + 4, r, "#0b1a33", { opacity: 0.2, filter: blur(3) }) +
  circle(x, y, r, "none", { stroke: P.white, "stroke-width": r * 0.5 }) +
  [0, 1, 2, 3]
    .map((i) =>
      path(
        `M${x + Math.cos((i * Math.PI) / 2) * r * 1.25} ${y + Math.sin((i * Math.PI) / 2) * r * 1.25} A${r * 1.25} ${r * 1.25} 0 0 1 ${x + Math.cos((i * Math.PI) / 2 + 0.6) * r * 1.25} ${y + Math.sin((i * Math.PI) / 2 + 0.6) * r * 1.25} L${x + Math.cos((i * Math.PI) / 2 + 0.6) * r * 0.75} ${y + Math.sin((i * Math.PI) / 2 + 0.6) * r * 0.75} A${r * 0.75} ${r * 0.75} 0 0 0 ${x + Math.cos((i * Math.PI) / 2) * r * 0.75} ${y + Math.sin((i * Math.PI) / 2) * r * 0.75} Z`,
        "#dc2626",
      ),
    )
    .join("");
/** Safety fence run from x0 to x1 at ground y: posts, rails and mesh; optional self-closing gate. */
export function safetyFence(
  x0: number,
  x1: number,
  y: number,
  h: number,
  gateAt?: number,
  key = "fence",
): string {
  const mesh = path(
    Array.from(
      { length: Math.ceil((x1 - x0) / 14) },
      (_, i) => `M${x0 + i * 14} ${y - h} V${y}`,
    ).join(" "),
    "none",
    { stroke: "#1f2937", "stroke-width": 2, opacity: 0.55 },
  );
  let out =
    shadow((x0 + x1) / 2, y + 4, (x1 - x0) * 0.5, 5, 0.15, 3) +
    g(rect(x0, y - h, x1 - x0, h, "#0b1a33", { opacity: 0.1 }) + mesh, {
      "clip-path": clip(key, rect(x0, y - h, x1 - x0, h, "#000")),
    });
  out +=
    rect(x0, y - h, x1 - x0, 6, P.charcoal, { rx: 2 }) + rect(x0, y - 10, x1 - x0, 5, P.charcoal);
  for (let x = x0; x <= x1; x += 120)
    out += rect(x - 4, y - h - 8, 8, h + 8, P.charcoal, { rx: 2 });
  if (gateAt !== undefined) {
    out +=
      rect(gateAt, y - h - 6, 90, h, "none", { stroke: P.charcoal, "stroke-width": 7, rx: 3 }) +
      rect(gateAt + 72, y - h + 10, 14, 24, P.amber, { rx: 3 }) +
      rect(gateAt - 6, y - h + 30, 12, 30, P.steel, { rx: 2 });
  }
  return out;
}
/** Pool equipment pad: pump, cartridge filter, heater and valves (~520 wide). */
export function equipmentPad(x: number, y: number, s: number): string {
  const pvc = "#f1efe9";
  const pipeS = (pts: Array<[number, number]>): string =>
    stroke(pts, shade(pvc, -0.3), 20) + stroke(pts, pvc, 17);
  return at(
    x,
    y,
    s,
    rect(-280, -16, 560, 24, lin([shade(P.concrete, 0.1), shade(P.concrete, -0.2)])) +
      shadow(0, -16, 270, 8, 0.2, 4) +
      pipeS([
        [-250, -120],
        [-170, -120],
        [-170, -220],
        [20, -220],
        [20, -170],
      ]) +
      pipeS([
        [-110, -90],
        [-40, -90],
      ]) +
      pipeS([
        [110, -250],
        [110, -300],
        [240, -300],
      ]) +
      // pump
      rect(-220, -110, 130, 90, lin(["#e5e7eb", "#9ca3af"]), { rx: 12 }) +
      circle(-200, -110, 48, lin(["#f3f4f6", "#b6bcc4"])) +
      rect(-234, -166, 66, 40, "#d1d5db", { rx: 6 }) +
      ellipse(-200, -166, 30, 6, "#9ca3af") +
      // filter tank
      rect(-40, -260, 120, 240, lin([P.navy400, P.navy600, P.navy800], 0, 0, 1, 0), { rx: 50 }) +
      rect(-10, -290, 60, 34, P.charcoal, { rx: 6 }) +
      circle(20, -300, 14, P.steelLight) +
      rect(-30, -240, 16, 200, "#ffffff", { opacity: 0.18, rx: 8 }) +
      // heater
      rect(110, -240, 150, 220, lin(["#f3f4f6", "#c7ccd3"], 0, 0, 1, 0), { rx: 8 }) +
      rect(126, -220, 118, 60, P.charcoal, { rx: 4 }) +
      rect(136, -206, 50, 24, "#0ea5e9", { opacity: 0.8, rx: 2 }) +
      Array.from({ length: 6 }, (_, i) =>
        rect(130, -140 + i * 16, 110, 6, "#aab1ba", { rx: 2 }),
      ).join("") +
      circle(-110, -90, 14, "#e5e7eb") +
      rect(-114, -118, 8, 22, "#2563eb", { rx: 3 }),
  );
}
/** Robotic pool cleaner seen from above (for water scenes). */
export const robotCleaner = (x: number, y: number, s: number): string =>
  at(
    x,
    y,
    s,
    rect(-50, -30, 100, 60, lin(["#f9fafb", "#cbd5e1"]), { rx: 22 }) +
      rect(-54, -34, 20, 68, P.charcoal, { rx: 8 }) +
      rect(34, -34, 20, 68, P.charcoal, { rx: 8 }) +
      rect(-22, -16, 44, 22, P.navy600, { rx: 8 }) +
      path("M0 -30 q40 -60 120 -80", "none", { stroke: "#1e3a5f", "stroke-width": 4 }),
  );
