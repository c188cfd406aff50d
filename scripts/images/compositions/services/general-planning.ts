/** Service cards: general contractors — planning, design-build and safety (used by general.ts). */
import { P } from "../../lib/palette.ts";
import { circle, doc, g, lin, path, poly, rect, shade, shadow, stroke } from "../../lib/svg.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { blueprint, modelHouse, towerCrane } from "../../pieces/site.ts";
import { scaffold } from "../../pieces/construction.ts";
import { indoor, outdoor } from "../../pieces/frames.ts";
import { classicHouse } from "../../pieces/house.ts";
import { siding } from "../../pieces/materials.ts";
import { shrub, tree } from "../../pieces/nature.ts";
import { person } from "../../pieces/people.ts";
import { barrier, cone, toolbox } from "../../pieces/gear.ts";

const W = 1200;
const H = 900;

export function projectManagement(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#e8e4dc", "wood", "#b98e63");
    s +=
      rect(60, 90, 640, 400, P.white, { rx: 6 }) +
      rect(60, 90, 640, 400, "none", { stroke: P.steel, "stroke-width": 8, rx: 6 });
    const bars: Array<[number, number, string]> = [
      [0, 180, P.navy600],
      [120, 200, P.navy400],
      [200, 220, P.orange600],
      [320, 160, P.amber],
      [380, 160, P.navy600],
      [420, 140, "#34d399"],
    ];
    for (const [i, [x0, w, c]] of bars.entries())
      s +=
        rect(130, 130 + i * 52, 30, 10, "#cbd5e1", { rx: 3 }) +
        rect(180 + x0 * 0.9, 124 + i * 52, w * 0.9, 24, c, { rx: 6 });
    s += rect(180, 110, 2, 330, "#cbd5e1") + rect(420, 110, 3, 340, "#dc2626", { opacity: 0.7 });
    for (let x = 240; x < 680; x += 60) s += rect(x, 110, 1, 330, "#e5e7eb");
    s +=
      rect(770, 100, 360, 300, "#e6eef6", { rx: 4 }) +
      rect(780, 110, 340, 280, lin(["#a9d3f0", "#e3f1f9"]));
    s +=
      towerCrane(880, 390, 240, 180, false, P.amber) +
      rect(980, 260, 110, 130, P.navy400) +
      rect(780, 340, 340, 50, "#b8c7a4");
    s += rect(770, 100, 360, 300, "none", { stroke: P.white, "stroke-width": 10 });
    s +=
      poly(
        [
          [120, 640],
          [1080, 640],
          [1140, 700],
          [60, 700],
        ],
        P.woodDark,
      ) +
      rect(60, 700, 1080, 20, shade(P.woodDark, -0.3)) +
      rect(120, 720, 20, 160, P.charcoal) +
      rect(1060, 720, 20, 160, P.charcoal);
    s +=
      g(blueprint(0, 0, 300, 200), { transform: "translate(250 600) scale(1 0.25)" }) +
      rect(700, 610, 170, 12, P.charcoal, { rx: 3 }) +
      poly(
        [
          [710, 610],
          [860, 610],
          [850, 530],
          [720, 530],
        ],
        "#1f2937",
      ) +
      poly(
        [
          [726, 604],
          [846, 604],
          [838, 538],
          [732, 538],
        ],
        lin([P.navy400, P.navy600]),
      );
    s += person(980, 880, 1.75, {
      shirt: P.navy600,
      pants: P.khaki,
      hat: P.white,
      skin: P.skin[1],
      armR: [22, -100],
      holdR: "tablet",
      armL: [20, 10],
      vest: true,
    });
    s += lightWash(W, H, 0.1);
    return s;
  });
}
export function designBuild(): string {
  return doc(W, H, () => {
    const floorY = 700;
    let s = indoor(W, H, floorY, "#ece6db", "wood", "#c59a6b");
    s +=
      rect(80, 80, 300, 220, P.white) +
      rect(90, 90, 280, 200, lin(["#a9d3f0", "#e3f1f9"])) +
      classicHouse(230, 280, 0.3, { wall: "#f2ece0" });
    s += rect(80, 80, 300, 220, "none", { stroke: P.charcoal, "stroke-width": 8 });
    s +=
      rect(440, 90, 130, 170, P.cream) +
      rect(450, 100, 110, 150, "none", { stroke: P.navy600, "stroke-width": 2 }) +
      circle(505, 160, 26, "none", { stroke: P.navy600, "stroke-width": 2 });
    s += poly(
      [
        [0, 560],
        [W, 560],
        [W, H],
        [0, H],
      ],
      lin([shade(P.wood, 0.1), shade(P.wood, -0.1)]),
    );
    s += g(blueprint(0, 0, 520, 330, 0), {
      transform: "translate(120 600) skewX(-12) scale(1 0.72)",
    });
    s += modelHouse(860, 720, 1.35);
    s +=
      rect(600, 800, 220, 10, P.amber, { transform: "rotate(-14 700 800)" }) +
      rect(150, 830, 140, 8, P.orange600, { rx: 4, transform: "rotate(8 220 830)" });
    s += rect(540, 640, 120, 90, P.cream, { transform: "rotate(-8 600 680)" });
    s += lightWash(W, H, 0.1);
    return s;
  });
}
export function safetyCompliance(): string {
  return doc(W, H, () => {
    const gy = 700;
    let s = outdoor(W, H, gy, { seed: 25, lawn: "#b8ab8f", hills: false });
    s +=
      scaffold(60, gy, 420, 420, 3) +
      rect(60, gy - 420, 420, 420, siding("#d9d2c4"), { opacity: 0.5 });
    s += barrier(520, gy + 40, 300) + cone(870, gy + 50, 1.1) + cone(480, gy + 60, 1.1);
    s +=
      rect(760, 300, 360, 460, P.white, { rx: 10 }) +
      rect(760, 300, 360, 460, "none", { stroke: P.navy600, "stroke-width": 8, rx: 10 }) +
      rect(880, 280, 120, 40, P.charcoal, { rx: 8 });
    for (let i = 0; i < 6; i++) {
      const y = 360 + i * 62;
      s +=
        rect(790, y, 40, 40, i < 5 ? "#16a34a" : P.white, { rx: 8 }) +
        rect(790, y, 40, 40, "none", {
          stroke: i < 5 ? "#15803d" : P.steel,
          "stroke-width": 3,
          rx: 8,
        });
      if (i < 5)
        s += stroke(
          [
            [800, y + 20],
            [808, y + 28],
            [822, y + 12],
          ],
          P.white,
          6,
        );
      s +=
        rect(850, y + 8, 220 - (i % 3) * 40, 10, P.steel, { rx: 4 }) +
        rect(850, y + 24, 160 - (i % 2) * 40, 8, P.steelLight, { rx: 4 });
    }
    s += person(420, 880, 1.9, {
      shirt: P.navy800,
      pants: P.khaki,
      vest: true,
      hat: P.amber,
      skin: P.skin[2],
      armR: [25, 70],
      armL: [40, 80],
      tool_belt: true,
      longSleeves: true,
    });
    s +=
      rect(120, 800, 130, 90, P.white, { rx: 10 }) +
      rect(170, 820, 30, 50, "#16a34a") +
      rect(160, 830, 50, 30, "#16a34a") +
      rect(120, 800, 130, 16, shade(P.white, -0.1), { rx: 8 });
    s +=
      shadow(610, 885, 40, 6) +
      rect(590, 720, 44, 160, "#dc2626", { rx: 20 }) +
      rect(598, 690, 26, 34, P.charcoal, { rx: 4 }) +
      path("M624 700 q40 10 30 60", "none", { stroke: P.charcoal, "stroke-width": 8 }) +
      rect(596, 770, 32, 50, P.white, { rx: 3 });
    s +=
      toolbox(1060, 880, 0.9) +
      shrub(1160, gy + 30, 90, P.leaf, 3) +
      tree(1180, gy, 1.2, P.leaf, 4);
    s += lightWash(W, H, 0.12);
    return s;
  });
}
