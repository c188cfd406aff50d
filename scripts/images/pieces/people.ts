/**
 * Simplified, well-proportioned people (no faces): about 180 units tall at
 * scale 1, local origin between the feet. Arms are two segments whose angles
 * are measured from "hanging straight down"; positive swings away from the body.
 */
import { P } from "../lib/palette.ts";
import { at, circle, ellipse, g, path, rect, shade, shadow, stroke } from "../lib/svg.ts";
import { HELD, type Held } from "./tools.ts";

export type Headwear = "hardhat" | "cap" | "short" | "long" | "bun" | "bald";

export interface Person {
  skin?: string;
  hair?: string;
  head?: Headwear;
  hat?: string;
  shirt?: string;
  longSleeves?: boolean;
  pants?: string;
  shoes?: string;
  vest?: boolean;
  apron?: string;
  tool_belt?: boolean;
  /** [upper arm, forearm] angles in degrees for the figure's right (viewer's left) and left arm. */
  armR?: [number, number];
  armL?: [number, number];
  holdR?: Held;
  holdL?: Held;
  pose?: "stand" | "walk" | "kneel";
  slim?: boolean;
}

const rad = (d: number): number => (d * Math.PI) / 180;

function arm(
  side: -1 | 1,
  sy: number,
  [a1, a2]: [number, number],
  sleeve: string,
  skin: string,
  long: boolean,
): { art: string; hand: [number, number] } {
  const sx = side * 18;
  const ex = sx + side * Math.sin(rad(a1)) * 31;
  const ey = sy + Math.cos(rad(a1)) * 31;
  const hx = ex + side * Math.sin(rad(a2)) * 29;
  const hy = ey + Math.cos(rad(a2)) * 29;
  const art =
    stroke(
      [
        [sx, sy],
        [ex, ey],
      ],
      sleeve,
      12.5,
    ) +
    stroke(
      [
        [ex, ey],
        [hx, hy],
      ],
      long ? sleeve : skin,
      long ? 11.5 : 10,
    ) +
    circle(hx, hy, 5.6, skin);
  return { art, hand: [hx, hy] };
}

export function person(x: number, y: number, s: number, o: Person = {}, flip = false): string {
  const skin = o.skin ?? P.skin[1];
  const hair = o.hair ?? P.hair[0];
  const shirt = o.shirt ?? P.navy600;
  const pants = o.pants ?? P.denim;
  const shoes = o.shoes ?? P.charcoal;
  const head = o.head ?? "hardhat";
  const pose = o.pose ?? "stand";
  const drop = pose === "kneel" ? 34 : 0;
  const hipY = -88 + drop;
  const top = -150 + drop;
  const w = o.slim ? 16 : 19;
  let out = shadow(6, 0, 34, 5, 0.3, 3);

  // legs
  const legs: Array<Array<[number, number]>> =
    pose === "kneel"
      ? [
          [
            [-8, hipY],
            [-9, -7],
          ],
          [
            [8, hipY],
            [17, -40],
            [17, -5],
          ],
        ]
      : pose === "walk"
        ? [
            [
              [-7, hipY],
              [-12, -46],
              [-20, -5],
            ],
            [
              [7, hipY],
              [10, -46],
              [16, -5],
            ],
          ]
        : [
            [
              [-8, hipY],
              [-9, -46],
              [-10, -5],
            ],
            [
              [8, hipY],
              [9, -46],
              [10, -5],
            ],
          ];
  for (const [i, leg] of legs.entries()) {
    const col = i === 1 ? shade(pants, -0.12) : pants;
    out += stroke(leg, col, 15);
    if (pose === "kneel" && i === 1) out += circle(17, -40, 8.5, col);
    const foot = leg[2];
    if (!foot) continue;
    const dir = i === 0 ? -1 : 1;
    out += path(
      `M${foot[0] - 8} ${foot[1] + 5} q0 -10 9 -10 q${8 * dir + 4} 0 ${9 * dir + 4} 10 z`,
      shoes,
    );
  }
  // torso
  const torso = `M${-w} ${top + 6} Q${-w} ${top} ${-w + 7} ${top} L${w - 7} ${top} Q${w} ${top} ${w} ${top + 6} L${w - 2} ${hipY + 4} L${-w + 2} ${hipY + 4} Z`;
  out += path(torso, shirt);
  out += path(
    `M3 ${top} L${w - 7} ${top} Q${w} ${top} ${w} ${top + 6} L${w - 2} ${hipY + 4} L3 ${hipY + 4} Z`,
    "#0b1a33",
    { opacity: 0.14 },
  );
  out += rect(-w + 2, hipY, (w - 2) * 2, 5, shade(pants, -0.35), { rx: 2 });
  if (o.vest) {
    const vest = "#f2741d";
    out += path(
      `M${-w} ${top + 6} Q${-w} ${top} ${-w + 7} ${top} L-6 ${top} L-4 ${hipY} L${-w + 2} ${hipY} Z`,
      vest,
    );
    out += path(
      `M${w} ${top + 6} Q${w} ${top} ${w - 7} ${top} L6 ${top} L4 ${hipY} L${w - 2} ${hipY} Z`,
      shade(vest, -0.12),
    );
    out += rect(-w + 1, top + 34, 15, 4, "#f4f1e8") + rect(w - 16, top + 34, 15, 4, "#e6e1d6");
    out += rect(-w + 1, top + 46, 15, 4, "#f4f1e8") + rect(w - 16, top + 46, 15, 4, "#e6e1d6");
  }
  if (o.apron)
    out += path(`M-14 ${top + 14} L14 ${top + 14} L16 ${hipY + 26} L-16 ${hipY + 26} Z`, o.apron);
  if (o.tool_belt) {
    out += rect(-w - 1, hipY - 2, (w + 1) * 2, 7, "#7a5533", { rx: 2 });
    out +=
      rect(-w - 3, hipY + 3, 11, 14, "#8e6540", { rx: 3 }) +
      rect(w - 8, hipY + 3, 11, 14, "#8e6540", { rx: 3 });
    out += rect(w - 5, hipY - 6, 3, 12, P.graphite);
  }
  // neck and head
  const hy = top - 18;
  out += rect(-4.5, top - 10, 9, 12, shade(skin, -0.1), { rx: 3 });
  out += circle(0, hy, 12.5, skin);
  out += circle(4, hy + 1, 12, "#0b1a33", { opacity: 0.08, "clip-path": undefined });
  if (head === "hardhat" || head === "cap") {
    out += path(
      `M-12 ${hy + 2} Q-14 ${hy - 4} -10 ${hy - 4} L10 ${hy - 4} Q14 ${hy - 4} 12 ${hy + 2} Z`,
      hair,
    );
  }
  if (head === "hardhat") {
    const hat = o.hat ?? P.amber;
    out += path(`M-14 ${hy - 3} Q-14 ${hy - 20} 0 ${hy - 21} Q14 ${hy - 20} 14 ${hy - 3} Z`, hat);
    out += rect(-17, hy - 5, 34, 4.5, shade(hat, -0.12), { rx: 2.2 });
    out += path(`M-3 ${hy - 20} L3 ${hy - 20} L2.5 ${hy - 4} L-2.5 ${hy - 4} Z`, shade(hat, 0.2), {
      opacity: 0.8,
    });
    out += ellipse(-7, hy - 13, 3, 5, "#ffffff", { opacity: 0.35 });
  } else if (head === "cap") {
    const hat = o.hat ?? P.navy600;
    out += path(`M-13 ${hy - 2} Q-13 ${hy - 17} 0 ${hy - 17} Q13 ${hy - 17} 13 ${hy - 2} Z`, hat);
    out += path(`M-13 ${hy - 3} L-22 ${hy - 1} Q-22 ${hy - 5} -12 ${hy - 7} Z`, shade(hat, -0.2));
  } else if (head === "short") {
    out += path(
      `M-13 ${hy + 1} Q-15 ${hy - 16} 0 ${hy - 15} Q15 ${hy - 16} 13 ${hy + 1} Q12 ${hy - 7} 4 ${hy - 8} Q-6 ${hy - 9} -13 ${hy + 1} Z`,
      hair,
    );
  } else if (head === "long") {
    out =
      path(
        `M-15 ${hy - 2} Q-17 ${hy + 26} -13 ${hy + 30} L13 ${hy + 30} Q17 ${hy + 26} 15 ${hy - 2} Z`,
        shade(hair, -0.1),
      ) + out;
    out += path(
      `M-14 ${hy + 4} Q-16 ${hy - 17} 0 ${hy - 16} Q16 ${hy - 17} 14 ${hy + 4} Q10 ${hy - 8} 0 ${hy - 9} Q-9 ${hy - 8} -14 ${hy + 4} Z`,
      hair,
    );
  } else if (head === "bun") {
    out += circle(0, hy - 15, 7, hair);
    out += path(
      `M-13 ${hy + 1} Q-15 ${hy - 15} 0 ${hy - 14} Q15 ${hy - 15} 13 ${hy + 1} Q10 ${hy - 8} 0 ${hy - 8} Q-10 ${hy - 8} -13 ${hy + 1} Z`,
      hair,
    );
  }
  // arms (drawn after the torso so gestures read clearly)
  const sleeve = shade(shirt, -0.04);
  const sy = top + 6;
  const r = arm(-1, sy, o.armR ?? [8, 4], sleeve, skin, o.longSleeves ?? false);
  const l = arm(1, sy, o.armL ?? [8, 4], shade(sleeve, -0.1), skin, o.longSleeves ?? false);
  if (o.vest) {
    out += path(
      `M${-w} ${top + 6} Q${-w} ${top} ${-w + 7} ${top} L-10 ${top} L-14 ${top + 14} Z`,
      "#f2741d",
    );
    out += path(
      `M${w} ${top + 6} Q${w} ${top} ${w - 7} ${top} L10 ${top} L14 ${top + 14} Z`,
      "#d9651a",
    );
  }
  out += r.art + l.art;
  if (o.holdR) out += HELD[o.holdR](r.hand[0], r.hand[1], -1);
  if (o.holdL) out += HELD[o.holdL](l.hand[0], l.hand[1], 1);
  return at(x, y, s, g(out), flip);
}
