/** Service cards: landscaping. */
import { P } from "../../lib/palette.ts";
import { circle, doc, ellipse, g, lin, path, rect, rng, shade } from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { lightWash, sky, treeLine } from "../../pieces/backdrop.ts";
import { outdoor } from "../../pieces/frames.ts";
import { chainsaw, mower, sprinkler, stripedLawn } from "../../pieces/garden.ts";
import { firePit, pathLight, pavers, retainingWall, uplight } from "../../pieces/hardscape.ts";
import { classicHouse } from "../../pieces/house.ts";
import { conifer, flowerBed, hedge, shrub, tree } from "../../pieces/nature.ts";
import { person } from "../../pieces/people.ts";
import { ladder, wheelbarrow } from "../../pieces/gear.ts";

const W = 1200;
const H = 900;

function landscapeDesign(): string {
  return doc(W, H, () => {
    let s = outdoor(W, H, 330, { seed: 51 });
    s +=
      tree(120, 360, 1.2, P.leaf, 2) +
      shrub(400, 350, 120, P.leafLight, 3, P.flowerPink) +
      tree(1080, 360, 1.3, P.leafLight, 4);
    s += rect(0, 380, W, 520, lin([shade(P.wood, 0.1), shade(P.wood, -0.12)]));
    let plan =
      rect(0, 0, 760, 460, "#fbf8f1") +
      rect(14, 14, 732, 432, "none", { stroke: "#cbd5e1", "stroke-width": 2 });
    plan += path("M40 380 C200 300 260 420 420 330 S640 240 720 120 L720 430 L40 430 Z", "#d8c8ad");
    plan += path(
      "M60 60 C180 40 260 140 360 110 S560 60 700 80 L700 200 C560 230 420 170 300 230 S120 240 60 200 Z",
      "#bfe0a8",
    );
    plan += path("M300 440 C320 360 380 300 380 230 S420 120 470 30", "none", {
      stroke: "#e6dccb",
      "stroke-width": 34,
      "stroke-linecap": "round",
    });
    const r = rng(5);
    for (let i = 0; i < 9; i++) {
      const x = 60 + r() * 640;
      const y = 60 + r() * 320;
      const rr = 22 + r() * 30;
      plan +=
        circle(x, y, rr, i % 3 ? "#7fb85a" : "#4e8a3e", { opacity: 0.9 }) +
        circle(x, y, rr, "none", { stroke: "#2c5a36", "stroke-width": 2 }) +
        circle(x, y, 3, "#2c5a36");
    }
    plan +=
      ellipse(560, 330, 90, 50, P.pool) +
      ellipse(560, 330, 90, 50, "none", { stroke: P.poolDeep, "stroke-width": 3 });
    s += g(rect(8, 12, 760, 460, "#0b1a33", { opacity: 0.25 }) + plan, {
      transform: "translate(200 430) rotate(-3)",
    });
    s +=
      rect(880, 800, 200, 12, P.amber, { rx: 4, transform: "rotate(-20 980 806)" }) +
      rect(100, 820, 180, 10, P.navy600, { rx: 4, transform: "rotate(10 190 825)" });
    s += g(
      circle(0, 0, 36, "#ffffff") +
        [0, 1, 2, 3, 4, 5]
          .map((i) =>
            rect(
              -6,
              -34,
              12,
              34,
              [P.leaf, P.flowerPink, P.amber, P.navy400, P.leafLight, P.orange600][i] ?? P.leaf,
              { rx: 4, transform: `rotate(${i * 22 - 50})` },
            ),
          )
          .join(""),
      { transform: "translate(1040 560)" },
    );
    return s + lightWash(W, H, 0.1);
  });
}

function lawnCare(): string {
  return doc(W, H, () => {
    const gy = 430;
    let s = outdoor(W, H, gy, { seed: 52 });
    s +=
      classicHouse(820, gy + 10, 0.75, { wall: "#f0e8da", roof: "#56606e", shutters: P.navy600 }) +
      tree(200, gy + 20, 1.5, P.leaf, 3);
    s += hedge(0, gy + 40, 1200, 40, P.leafDark);
    s += stripedLawn(W, gy + 40, H, P.grass);
    s +=
      person(380, 840, 1.7, {
        shirt: "#3f7a45",
        pants: P.khaki,
        head: "cap",
        hat: P.khaki,
        skin: P.skin[1],
        armR: [8, 4],
        armL: [40, 60],
      }) + mower(653, 864, 1.5);
    s += flowerBed(40, gy + 90, 280, 4) + flowerBed(900, gy + 90, 260, 6);
    return s + lightWash(W, H, 0.12);
  });
}

function irrigation(): string {
  return doc(W, H, () => {
    const gy = 460;
    let s = outdoor(W, H, gy, { seed: 53 });
    s +=
      tree(140, gy + 10, 1.4, P.leaf, 2) +
      conifer(1100, gy + 20, 1) +
      shrub(600, gy + 10, 160, P.leafLight, 3, P.flowerYellow);
    s += stripedLawn(W, gy, H, "#74b052");
    s += sprinkler(300, 720, 240, 2) + sprinkler(860, 640, 200, 3) + sprinkler(620, 860, 260, 4);
    s += flowerBed(40, gy + 60, 300, 7) + flowerBed(820, gy + 50, 320, 8);
    s +=
      rect(1040, 520, 120, 150, "#e5e7eb", { rx: 10 }) +
      rect(1056, 540, 88, 50, "#0f172a", { rx: 4 }) +
      rect(1064, 552, 40, 8, "#38bdf8", { rx: 3 }) +
      circle(1100, 630, 16, P.steel);
    return s + lightWash(W, H, 0.12);
  });
}

function hardscaping(): string {
  return doc(W, H, () => {
    const gy = 400;
    let s = outdoor(W, H, gy, { seed: 54 });
    s += tree(1080, gy + 20, 1.4, P.leaf, 6) + shrub(200, gy + 10, 160, P.leaf, 2);
    s +=
      retainingWall(0, 760, gy + 170, 170, "#b9a78b") +
      shrub(120, gy + 20, 120, P.leafLight, 3, P.flowerPink) +
      shrub(480, gy + 20, 140, P.leaf, 4);
    s += pavers(0, W, gy + 170, H, "#d9c6a6", 120);
    s += firePit(620, 700, 1.4, true);
    s += person(980, 860, 1.6, {
      shirt: P.navy600,
      pants: P.khaki,
      head: "cap",
      hat: P.orange600,
      skin: P.skin[2],
      pose: "kneel",
      armR: [40, 60],
      armL: [50, 80],
      tool_belt: true,
    });
    s +=
      rect(820, 830, 60, 40, "#cdb894", { rx: 3 }) +
      rect(1090, 840, 60, 40, "#cdb894", { rx: 3 }) +
      wheelbarrow(220, 860, 1.1, "#cdb894");
    return s + lightWash(W, H, 0.12);
  });
}

function treeServices(): string {
  return doc(W, H, () => {
    const gy = 760;
    let s = outdoor(W, H, gy, { seed: 55 });
    s += tree(560, gy + 20, 3.9, P.leaf, 11);
    s +=
      ladder(650, gy + 20, 420, -0.2) +
      person(640, 420, 1.5, {
        shirt: P.orange600,
        pants: P.khaki,
        hat: P.amber,
        skin: P.skin[1],
        armR: [150, 130],
        armL: [130, 100],
      }) +
      chainsaw(600, 232, -35);
    for (const [x, y, r] of [
      [200, 850, 34],
      [268, 850, 30],
      [232, 800, 30],
      [130, 856, 26],
    ] as const)
      s +=
        circle(x, y, r, "#9a6b43") +
        circle(x, y, r * 0.72, "#e2c08d") +
        circle(x, y, r * 0.4, "none", { stroke: "#c9a06a", "stroke-width": 2 });
    s +=
      path("M360 860 L520 800 M420 838 l30 -40 M470 818 l40 -10", "none", {
        stroke: P.woodDark,
        "stroke-width": 9,
        "stroke-linecap": "round",
      }) +
      circle(520, 796, 26, P.leafLight) +
      circle(452, 794, 20, P.leaf) +
      circle(512, 806, 18, P.leaf);
    s += person(980, 880, 1.7, {
      shirt: P.navy600,
      pants: P.khaki,
      hat: P.white,
      vest: true,
      skin: P.skin[2],
      armR: [30, 60],
      armL: [10, 4],
    });
    return s + lightWash(W, H, 0.12);
  });
}

function outdoorLighting(): string {
  return doc(W, H, () => {
    const gy = 560;
    let s = sky(W, H, "dusk") + treeLine(W, gy - 10, "#263650", 3, 40);
    s += rect(0, gy - 10, W, H - gy + 10, lin(["#2f4a3a", "#1f3328"]));
    s += classicHouse(700, gy + 20, 0.9, {
      wall: "#9aa0ac",
      roof: "#2f3744",
      lit: true,
      shutters: P.navy900,
    });
    s +=
      tree(180, gy + 80, 1.6, "#35603f", 4) +
      uplight(180, gy + 80, 250) +
      tree(1100, gy + 60, 1.3, "#35603f", 7) +
      uplight(1100, gy + 60, 200);
    s += path(
      `M520 ${H} C560 760 640 680 620 ${gy + 40} L660 ${gy + 40} C700 680 700 760 760 ${H} Z`,
      "#8a8578",
    );
    for (const [x, y, sc] of [
      [480, 860, 1.3],
      [800, 860, 1.3],
      [540, 720, 1],
      [740, 720, 1],
      [580, 630, 0.8],
      [690, 630, 0.8],
    ] as const)
      s += pathLight(x, y, sc);
    s += shrub(340, gy + 120, 120, "#2f5a3a", 3) + shrub(980, gy + 140, 140, "#2f5a3a", 4);
    return s;
  });
}

export const LANDSCAPING: ImageSpec[] = [
  card("services/landscaping/landscape-design", landscapeDesign),
  card("services/landscaping/lawn-care", lawnCare),
  card("services/landscaping/irrigation", irrigation),
  card("services/landscaping/hardscaping", hardscaping),
  card("services/landscaping/tree-services", treeServices),
  card("services/landscaping/outdoor-lighting", outdoorLighting),
];
