/**
 * Hand-held tools. `HELD` items are drawn at a hand position in a person's
 * local space (side: -1 = the figure's right hand, 1 = its left hand).
 */
import { P } from "../lib/palette.ts";
import { circle, ellipse, g, lin, line, path, rect, stroke } from "../lib/svg.ts";
import { toolbox } from "./gear.ts";

export type Held =
  | "clipboard"
  | "tablet"
  | "drill"
  | "hammer"
  | "wrench"
  | "roller"
  | "brush"
  | "toolbox"
  | "level"
  | "plans"
  | "phone"
  | "net"
  | "rake"
  | "shears"
  | "flashlight"
  | "meter"
  | "plank";

const hand = (x: number, y: number, c = "#0000"): string => circle(x, y, 5.6, c);

export const HELD: Record<Held, (x: number, y: number, side: number) => string> = {
  clipboard: (x, y) =>
    rect(x - 12, y - 26, 26, 34, P.woodDark, { rx: 2 }) +
    rect(x - 10, y - 22, 22, 28, "#fbfaf6") +
    rect(x - 4, y - 28, 10, 6, P.graphite, { rx: 1.5 }) +
    [0, 1, 2, 3].map((i) => rect(x - 7, y - 16 + i * 6, i === 3 ? 9 : 15, 1.8, P.steel)).join("") +
    hand(x, y + 2, "#0000"),
  tablet: (x, y) =>
    rect(x - 14, y - 22, 28, 36, P.charcoal, { rx: 3 }) +
    rect(x - 11, y - 19, 22, 29, lin([P.navy400, P.navy600])) +
    rect(x - 8, y - 14, 10, 2, "#ffffff", { opacity: 0.7 }) +
    rect(x - 8, y - 9, 16, 8, P.amber, { opacity: 0.8, rx: 1 }),
  drill: (x, y, side) =>
    g(
      rect(-4, -4, 10, 20, P.charcoal, { rx: 3 }) +
        path(
          "M-8 -18 L24 -18 Q30 -18 30 -12 L30 -6 Q30 -2 24 -2 L-2 -2 Q-8 -2 -8 -8 Z",
          P.orange600,
        ) +
        rect(30, -13, 12, 5, P.steel) +
        line(42, -10.5, 52, -10.5, P.steelLight, 2.5) +
        rect(-6, 14, 14, 8, P.charcoal, { rx: 2 }),
      { transform: `translate(${x} ${y}) scale(${side} 1)` },
    ),
  hammer: (x, y, side) =>
    g(
      rect(-2.5, -34, 5, 44, P.wood, { rx: 2 }) +
        path("M-14 -40 L12 -40 L14 -34 L-12 -32 Q-18 -32 -18 -36 Z", P.graphite),
      {
        transform: `translate(${x} ${y}) scale(${side} 1)`,
      },
    ),
  wrench: (x, y, side) =>
    g(
      rect(-3, -36, 6, 44, P.steel, { rx: 3 }) +
        path("M-9 -46 Q-10 -34 0 -32 Q10 -34 9 -46 L4 -46 L3 -39 L-3 -39 L-4 -46 Z", P.steel) +
        rect(-1, -30, 2, 30, "#ffffff", { opacity: 0.35 }),
      {
        transform: `translate(${x} ${y}) scale(${side} 1)`,
      },
    ),
  roller: (x, y, side) =>
    g(
      rect(-3, -6, 6, 16, P.charcoal, { rx: 2 }) +
        stroke(
          [
            [0, -6],
            [0, -30],
            [16, -30],
            [16, -38],
          ],
          P.steelLight,
          3,
        ) +
        rect(-4, -52, 40, 15, P.white, { rx: 7 }) +
        rect(-4, -46, 40, 9, "#0000", { rx: 4 }),
      { transform: `translate(${x} ${y}) scale(${side} 1)` },
    ),
  brush: (x, y, side) =>
    g(
      rect(-3, -18, 6, 24, P.wood, { rx: 2 }) +
        rect(-6, -24, 12, 7, P.steel) +
        path("M-6 -24 L6 -24 L5 -38 L-5 -38 Z", "#e8d9b8"),
      {
        transform: `translate(${x} ${y}) scale(${side} 1)`,
      },
    ),
  toolbox: (x, y) => toolbox(x, y + 30, 0.55),
  level: (x, y, side) =>
    g(
      rect(-4, -16, 60, 10, P.amber, { rx: 2 }) +
        rect(22, -14, 10, 6, "#c7f0d8", { rx: 2 }) +
        rect(-4, -16, 60, 3, "#ffffff", { opacity: 0.3 }),
      {
        transform: `translate(${x} ${y}) scale(${side} 1)`,
      },
    ),
  plans: (x, y, side) =>
    g(
      rect(-6, -8, 54, 12, "#dbe7f3", { rx: 6 }) +
        ellipse(48, -2, 4, 6, "#b8cbe0") +
        rect(-6, -8, 54, 3, "#ffffff", { opacity: 0.6 }),
      {
        transform: `translate(${x} ${y}) rotate(${-18 * side}) scale(${side} 1)`,
      },
    ),
  phone: (x, y) =>
    rect(x - 6, y - 14, 12, 20, P.charcoal, { rx: 2.5 }) +
    rect(x - 4.5, y - 12, 9, 15, P.navy400, { rx: 1 }),
  net: (x, y, side) =>
    g(
      stroke(
        [
          [0, 30],
          [0, -270],
        ],
        P.steelLight,
        4,
      ) +
        path("M-20 -300 Q-22 -268 0 -266 Q22 -268 20 -300 Z", "#e0f2fe", { opacity: 0.85 }) +
        path("M-20 -300 Q-22 -268 0 -266 Q22 -268 20 -300", "none", {
          stroke: P.steel,
          "stroke-width": 3,
        }),
      {
        transform: `translate(${x} ${y}) rotate(${-118 * -side})`,
      },
    ),
  rake: (x, y, side) =>
    g(
      stroke(
        [
          [0, -60],
          [0, 60],
        ],
        P.wood,
        4,
      ) +
        rect(-22, 58, 44, 5, P.graphite, { rx: 2 }) +
        [0, 1, 2, 3, 4, 5, 6].map((i) => rect(-20 + i * 6.4, 62, 2.2, 9, P.graphite)).join(""),
      {
        transform: `translate(${x} ${y}) rotate(${14 * side})`,
      },
    ),
  shears: (x, y, side) =>
    g(
      stroke(
        [
          [0, 0],
          [10, -30],
        ],
        P.orange600,
        5,
      ) +
        stroke(
          [
            [6, 2],
            [12, -30],
          ],
          P.orange700,
          5,
        ) +
        path("M8 -30 L4 -62 L16 -30 Z", P.steelLight) +
        path("M14 -30 L24 -60 L18 -30 Z", P.steel),
      {
        transform: `translate(${x} ${y}) scale(${side} 1)`,
      },
    ),
  flashlight: (x, y, side) =>
    g(
      rect(-4, -4, 26, 9, P.charcoal, { rx: 3 }) +
        rect(20, -6, 8, 13, P.amber, { rx: 2 }) +
        path("M28 -6 L80 -22 L80 24 L28 7 Z", "#fff7d1", { opacity: 0.35 }),
      {
        transform: `translate(${x} ${y}) scale(${side} 1)`,
      },
    ),
  meter: (x, y) =>
    rect(x - 9, y - 26, 18, 30, P.amber, { rx: 3 }) +
    rect(x - 6, y - 22, 12, 9, "#c7f0d8", { rx: 1 }) +
    circle(x, y - 6, 3, P.charcoal) +
    line(x - 4, y - 26, x - 6, y - 42, P.charcoal, 2) +
    line(x + 4, y - 26, x + 6, y - 42, P.charcoal, 2),
  plank: (x, y, side) =>
    g(
      rect(-70, -10, 150, 12, P.woodLight, { rx: 1 }) +
        rect(-70, -10, 150, 3, "#ffffff", { opacity: 0.3 }),
      { transform: `translate(${x} ${y}) rotate(${-8 * side})` },
    ),
};
