/** Category illustrations, part two: landscaping, pools, commercial construction, paint. */
import { P } from "../lib/palette.ts";
import { doc, lin, path, poly, rect, shade } from "../lib/svg.ts";
import { lightWash } from "../pieces/backdrop.ts";
import { skyline, tower } from "../pieces/commercial.ts";
import { towerCrane } from "../pieces/site.ts";
import { indoor, outdoor } from "../pieces/frames.ts";
import { pavers, steppingStones } from "../pieces/hardscape.ts";
import { stripedLawn } from "../pieces/garden.ts";
import { classicHouse } from "../pieces/house.ts";
import { windowUnit } from "../pieces/openings.ts";
import { artPrint, plant } from "../pieces/interior.ts";
import { conifer, flowerBed, hedge, palm, shrub, tree } from "../pieces/nature.ts";
import { person } from "../pieces/people.ts";
import { modernHouse } from "../pieces/modern.ts";
import { lounger, poolLadder, umbrella } from "../pieces/poolside.ts";
import { pool } from "../pieces/pool.ts";
import { barrier, cone, ladder, paintCan, wheelbarrow } from "../pieces/gear.ts";

const W = 1200;
const H = 900;

/** Landscaping: a finished garden with curving beds and a gardener with a wheelbarrow. */
function landscaping(): string {
  return doc(W, H, () => {
    const gy = 520;
    let s = outdoor(W, H, gy, { seed: 7 });
    s += classicHouse(860, gy + 10, 0.8, {
      wall: "#e8eef0",
      roof: "#5b6472",
      shutters: P.leafDark,
      door: P.orange700,
    });
    s += tree(180, gy + 40, 1.6, P.leaf, 2) + conifer(1150, gy + 30, 1.2);
    s += stripedLawn(W, gy + 10, H, P.grass);
    s += path(
      `M0 ${gy + 120} Q300 ${gy + 60} 560 ${gy + 110} Q760 ${gy + 150} 720 ${gy + 200} Q560 ${gy + 240} 0 ${gy + 230} Z`,
      "#6b4a35",
    );
    s +=
      flowerBed(40, gy + 180, 240, 3) +
      flowerBed(300, gy + 170, 220, 4, [P.flowerYellow, P.orange600, P.flowerWhite]) +
      flowerBed(520, gy + 170, 160, 5);
    s +=
      shrub(120, gy + 140, 110, P.leaf, 4) +
      shrub(420, gy + 130, 90, P.leafLight, 5, P.flowerPink) +
      shrub(640, gy + 150, 80, P.leafDark, 6);
    s += steppingStones(900, 880, 6, 60);
    s += hedge(560, gy + 36, 560, 44, P.leafDark);
    s += wheelbarrow(360, 860, 1.2, "#6b4a35");
    s += person(560, 870, 1.65, {
      shirt: "#3f7a45",
      pants: P.khaki,
      head: "cap",
      hat: P.khaki,
      skin: P.skin[2],
      armR: [60, 80],
      armL: [30, 60],
      holdL: "rake",
    });
    s += lightWash(W, H, 0.12);
    return s;
  });
}

/** Pools: a sunny backyard pool with loungers, umbrella and palms. */
function pools(): string {
  return doc(W, H, () => {
    const gy = 430;
    let s = outdoor(W, H, gy, { seed: 9, hills: false });
    s += tree(560, gy + 10, 1.3, P.leafLight, 4) + modernHouse(860, gy + 20, 0.62, false);
    s +=
      palm(120, gy + 60, 1.2, 0.6) +
      palm(1130, gy + 80, 1.05, -0.5) +
      shrub(470, gy + 30, 120, P.leaf, 3);
    s += pavers(0, W, gy + 20, H, "#e9dcc5", 160);
    s += pool({ x0: 120, x1: 1080, yTop: 540, yBot: 830, inset: 90 }, { key: "cp", seed: 2 });
    s += poolLadder(930, 540, 1);
    s +=
      lounger(290, 510, 1, P.white) +
      lounger(520, 510, 1, P.white) +
      umbrella(410, 500, 230, P.orange600);
    s += lightWash(W, H, 0.12);
    return s;
  });
}

/** Commercial construction: a glass tower topping out, steel frame above, crane alongside. */
function commercialConstruction(): string {
  return doc(W, H, () => {
    const gy = 820;
    let s = outdoor(W, H, gy, { seed: 11, hills: false, lawn: "#a9a39a" });
    s += skyline(W, gy - 60, 4, { haze: "#b9cfe2", scale: 0.9 });
    s += rect(0, gy - 70, W, 80, "#c9c3b8");
    s += tower(380, gy, 360, 420, { seed: 3, side: 70 });
    const top = gy - 420;
    let frame = "";
    for (let l = 0; l < 4; l++) frame += rect(376, top - (l + 1) * 60, 368, 10, P.orange700);
    for (let x = 380; x <= 740; x += 60) frame += rect(x - 5, top - 240, 10, 240, P.orange600);
    frame += poly(
      [
        [740, top - 240],
        [810, top - 215],
        [810, top],
        [740, top],
      ],
      "#0b1a33",
      { opacity: 0 },
    );
    s += frame;
    s += towerCrane(900, gy, 760, -560, true);
    s +=
      person(600, top - 60, 0.9, {
        shirt: P.navy600,
        vest: true,
        hat: P.white,
        armR: [20, 10],
        armL: [40, 30],
      }) +
      person(480, top - 120, 0.9, {
        shirt: P.navy800,
        vest: true,
        hat: P.amber,
        armR: [140, 160],
        holdR: "wrench",
      });
    s += barrier(80, 880, 260) + cone(420, 885, 1.1) + cone(860, 885, 1.1) + barrier(940, 880, 220);
    s += lightWash(W, H, 0.12);
    return s;
  });
}

/** Paint: a painter rolling a fresh colour onto a living-room wall. */
function paint(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#efe7d8", "wood", "#c69a6d");
    s += rect(0, 0, 640, floorY - 18, lin([shade("#2f6f73", 0.15), "#2f6f73"], 0, 0, 1, 1));
    s += path(
      `M640 0 L640 ${floorY - 18} L660 ${floorY - 18} Q650 500 668 420 Q652 300 664 200 Q650 100 660 0 Z`,
      "#2f6f73",
    );
    s += rect(630, 0, 8, floorY, "#4f8a8d", { opacity: 0.5 });
    s += windowUnit(820, 170, 220, 300, { cols: 2, rows: 3 });
    s += artPrint(180, 200, 200, 150, P.amber) + plant(100, floorY, 170, P.white);
    s +=
      rect(0, floorY - 6, W, H - floorY + 6, "#eef0ee", { opacity: 0.85 }) +
      path(
        `M0 ${floorY + 30} Q300 ${floorY + 10} 600 ${floorY + 40} T1200 ${floorY + 20}`,
        "none",
        { stroke: "#d9dcd8", "stroke-width": 3 },
      );
    s += ladder(860, 880, 360, 0.04);
    s += person(560, 880, 1.75, {
      shirt: P.white,
      pants: P.white,
      head: "cap",
      hat: P.navy600,
      skin: P.skin[1],
      armR: [150, 175],
      holdR: "roller",
      armL: [20, 10],
      longSleeves: false,
    });
    s += paintCan(760, 880, 1.2, "#2f6f73") + paintCan(300, 870, 1, P.amber);
    s += lightWash(W, H, 0.1);
    return s;
  });
}

export const MORE_CATEGORY_SCENES: Record<string, () => string> = {
  landscaping,
  pools,
  "commercial-construction": commercialConstruction,
  paint,
};
