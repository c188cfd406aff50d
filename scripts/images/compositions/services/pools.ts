/** Service cards: pools. */
import { P } from "../../lib/palette.ts";
import { circle, doc, ellipse, lin, path, rect } from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { outdoor } from "../../pieces/frames.ts";
import { pavers, pergola } from "../../pieces/hardscape.ts";
import { hedge, palm, shrub, tree } from "../../pieces/nature.ts";
import { person } from "../../pieces/people.ts";
import {
  equipmentPad,
  lifeRing,
  lounger,
  poolLadder,
  robotCleaner,
  safetyFence,
  umbrella,
} from "../../pieces/poolside.ts";
import { persp, pool, type PoolFrame } from "../../pieces/pool.ts";
import { bucket, toolbox } from "../../pieces/gear.ts";

const W = 1200;
const H = 900;

/** Sunny backyard ground: sky, a modern house wall and a paver deck from gy down. */
function backyard(gy: number, seed: number, house = true): string {
  let s = outdoor(W, H, gy, { seed, hills: false });
  if (house)
    s +=
      rect(0, gy - 300, 560, 300, "#f4f1ea") +
      rect(0, gy - 300, 560, 20, P.charcoal) +
      rect(60, gy - 240, 420, 240, lin(["#cfe6f6", "#7fb0da"])) +
      rect(266, gy - 240, 6, 240, P.charcoal);
  return s + pavers(0, W, gy, H, "#eadfca", 0);
}

function customPools(): string {
  return doc(W, H, () => {
    const gy = 400;
    let s = backyard(gy, 61, false);
    s +=
      tree(120, gy + 10, 1.3, P.leaf, 2) +
      palm(1080, gy + 20, 1.1, -0.4) +
      hedge(0, gy + 4, 1200, 50, P.leafDark);
    const f: PoolFrame = { x0: 120, x1: 1000, yTop: 470, yBot: 850, inset: 110 };
    s += pool(f, { shape: "kidney", key: "kp", seed: 4, coping: "#efe3cf" });
    s +=
      ellipse(980, 520, 110, 46, "#efe3cf") +
      ellipse(980, 522, 92, 36, lin([P.poolLight, P.pool])) +
      circle(960, 515, 4, "#ffffff", { opacity: 0.8 }) +
      circle(1000, 525, 3, "#ffffff", { opacity: 0.8 });
    for (const [x, y, r, c] of [
      [350, 456, 34, "#a89a86"],
      [400, 440, 40, "#b8aa95"],
      [456, 446, 36, "#9c8e7a"],
      [500, 462, 28, "#b3a590"],
      [420, 470, 30, "#8f8270"],
    ] as const)
      s +=
        circle(x, y, r, c) +
        circle(x - r * 0.3, y - r * 0.35, r * 0.4, "#ffffff", { opacity: 0.15 });
    s +=
      path(
        "M392 436 Q420 426 448 436 L452 520 Q420 530 388 520 Z",
        lin([
          ["#e0f2fe", 0, 0.95],
          ["#bae6fd", 1, 0.6],
        ]),
      ) + ellipse(420, 524, 50, 10, "#ffffff", { opacity: 0.6 });
    s += lounger(220, 880, 1.1) + umbrella(1080, 880, 240, P.navy600);
    return s + lightWash(W, H, 0.12);
  });
}

function poolRenovation(): string {
  return doc(W, H, () => {
    const gy = 380;
    let s = backyard(gy, 62);
    const f: PoolFrame = { x0: 80, x1: 1120, yTop: 450, yBot: 880, inset: 100 };
    s += pool(f, { empty: true, key: "ep" });
    const [ax, ay] = persp(f, 0.05, 0.06);
    const [bx] = persp(f, 0.6, 0.06);
    s +=
      rect(ax, ay + 20, bx - ax, 22, "#2563a8") +
      rect(ax, ay + 20, (bx - ax) * 0.6, 22, "none", {
        stroke: "#ffffff",
        "stroke-width": 1,
        "stroke-dasharray": "18 2",
        opacity: 0.7,
      });
    s += person(720, 780, 1.6, {
      shirt: P.navy600,
      pants: P.khaki,
      head: "cap",
      hat: P.orange600,
      skin: P.skin[2],
      pose: "kneel",
      armR: [150, 170],
      armL: [60, 90],
      tool_belt: true,
    });
    s +=
      bucket(400, 800, 1.1, P.white) + bucket(470, 810, 1, P.orange600) + toolbox(1000, 420, 0.8);
    return s + lightWash(W, H, 0.12);
  });
}

function poolMaintenance(): string {
  return doc(W, H, () => {
    const gy = 380;
    let s = backyard(gy, 63);
    s += palm(1120, gy + 30, 1, -0.5);
    const f: PoolFrame = { x0: 60, x1: 1000, yTop: 470, yBot: 900, inset: 90 };
    s += pool(f, { key: "mp", seed: 6 }) + robotCleaner(480, 760, 1.2);
    s += person(1080, 880, 1.75, {
      shirt: "#e8eef5",
      pants: P.navy800,
      head: "cap",
      hat: P.navy600,
      skin: P.skin[1],
      armR: [50, 40],
      holdR: "net",
      armL: [10, 4],
    });
    s +=
      rect(880, 420, 70, 40, P.white, { rx: 6 }) +
      rect(890, 400, 10, 24, "#fde047", { rx: 3 }) +
      rect(906, 400, 10, 24, "#f87171", { rx: 3 }) +
      rect(922, 400, 10, 24, "#60a5fa", { rx: 3 });
    return s + lightWash(W, H, 0.12);
  });
}

function poolEquipment(): string {
  return doc(W, H, () => {
    const gy = 470;
    let s = outdoor(W, H, gy, { seed: 64, hills: false });
    s += rect(0, 120, W, gy - 120, "#e9e2d5") + rect(0, 120, W, 16, "#c9bfae");
    for (let x = 0; x < W; x += 60) s += rect(x, 136, 4, gy - 136, "#ded5c5");
    s += shrub(80, gy + 20, 140, P.leaf, 2) + shrub(1120, gy + 30, 160, P.leafDark, 3);
    s += equipmentPad(560, 760, 1.45);
    s += person(1040, 880, 1.75, {
      shirt: P.navy600,
      pants: P.khaki,
      head: "cap",
      hat: P.navy800,
      skin: P.skin[2],
      armR: [60, 100],
      holdR: "wrench",
      armL: [10, 4],
      tool_belt: true,
    });
    s += toolbox(140, 880, 1);
    return s + lightWash(W, H, 0.12);
  });
}

function poolSafety(): string {
  return doc(W, H, () => {
    const gy = 380;
    let s = backyard(gy, 65);
    const f: PoolFrame = { x0: 160, x1: 1040, yTop: 470, yBot: 760, inset: 90 };
    s += pool(f, { key: "sp", seed: 7 }) + poolLadder(880, 470, 0.9);
    s += safetyFence(60, 1140, 440, 110, undefined, "f1");
    s += safetyFence(40, 1160, 850, 150, 520, "f2");
    s += rect(1060, 640, 10, 210, P.charcoal) + lifeRing(1065, 640, 44);
    return s + lightWash(W, H, 0.12);
  });
}

function poolLandscaping(): string {
  return doc(W, H, () => {
    const gy = 380;
    let s = backyard(gy, 66, false);
    s += pergola(80, 520, gy + 40, 260) + hedge(520, gy + 20, 680, 60, P.leafDark);
    s +=
      palm(640, gy + 30, 1, 0.3) +
      palm(1040, gy + 40, 1.1, -0.4) +
      tree(300, gy, 1.2, P.leafLight, 8);
    const f: PoolFrame = { x0: 80, x1: 1120, yTop: 500, yBot: 900, inset: 100 };
    s += pool(f, { key: "lp", seed: 8, coping: "#f2e9d8" });
    for (const x of [170, 1030])
      s +=
        rect(x - 50, 420, 100, 70, lin(["#d8cbb5", "#b9a88d"]), { rx: 4 }) +
        shrub(x, 426, 110, P.leafLight, x, P.flowerPink);
    s += lounger(290, 470, 0.9) + lounger(460, 470, 0.9);
    return s + lightWash(W, H, 0.12);
  });
}

export const POOLS: ImageSpec[] = [
  card("services/pools/custom-pools", customPools),
  card("services/pools/pool-renovation", poolRenovation),
  card("services/pools/pool-maintenance", poolMaintenance),
  card("services/pools/pool-equipment", poolEquipment),
  card("services/pools/pool-safety", poolSafety),
  card("services/pools/pool-landscaping", poolLandscaping),
];
