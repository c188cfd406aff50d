/**
 * The three home-page hero slides (1920×1080). The left ~45% sits under the
 * headline on a dark overlay, so every subject lives on the right.
 */
import { cloud, ground, hills, lightWash, sky, sun, treeLine, tufts } from "../pieces/backdrop.ts";
import { classicHouse, walkway } from "../pieces/house.ts";
import { conifer, flowerBed, palm, shrub, tree } from "../pieces/nature.ts";
import { person } from "../pieces/people.ts";
import { cone, ladder, lumberStack, sawhorse, toolbox } from "../pieces/gear.ts";
import { osb, scaffold, studWall, trussRow } from "../pieces/construction.ts";
import { slab } from "../pieces/site.ts";
import { modernHouse } from "../pieces/modern.ts";
import { pool } from "../pieces/pool.ts";
import { pathLight } from "../pieces/hardscape.ts";
import { van } from "../pieces/vehicles.ts";
import { P } from "../lib/palette.ts";
import { doc, lin, rect } from "../lib/svg.ts";
import type { ImageSpec } from "../lib/types.ts";

const W = 1920;
const H = 1080;
const hero = (name: string, svg: () => string): ImageSpec => ({
  name,
  width: W,
  height: H,
  widths: [640, 960, 1280, 1920],
  formats: ["avif", "webp"],
  svg,
});

/** "Find Expert Contractors": a contractor greeting a homeowner in front of a house. */
function hero1(): string {
  return doc(W, H, () => {
    const gy = 760;
    let s = sky(W, H, "golden") + sun(260, 170, 70, "golden");
    s += cloud(560, 250, 1.4, 0.7) + cloud(1250, 170, 1.1, 0.8) + cloud(1700, 290, 0.9, 0.7);
    s += hills(W, H, 700, "#a9c79a", 4, 40, 3) + treeLine(W, 742, "#7fa877", 8, 34);
    s += ground(W, H, gy - 10, P.grass) + tufts(0, W, 800, 1060, P.grassDark, 9, 60);
    s += conifer(930, gy, 1.1) + tree(1030, gy + 8, 1.35, P.leaf, 4);
    s += walkway(1760, 560, H, 1650, 200, gy, P.concrete);
    s += walkway(1250, 200, H, 1332, 84, gy, "#d6cfc3");
    s += classicHouse(1400, gy, 1.22, {
      wall: "#efe6d6",
      roof: "#4f5a6b",
      door: P.navy600,
      shutters: P.navy800,
    });
    s += shrub(1110, gy + 6, 110, P.leaf, 2, P.flowerPink) + shrub(1250, gy + 6, 80, P.leafDark, 3);
    s += flowerBed(1290, gy + 18, 110, 6);
    s += tree(1840, gy + 24, 1.7, P.leaf, 7);
    s += person(1255, 990, 1.7, {
      shirt: P.navy800,
      pants: P.khaki,
      vest: true,
      head: "hardhat",
      hat: P.amber,
      skin: P.skin[1],
      armR: [12, -110],
      holdR: "clipboard",
      armL: [38, 78],
      tool_belt: true,
    });
    s += person(1450, 990, 1.66, {
      shirt: "#e8eef5",
      pants: P.denim,
      head: "short",
      hair: P.hair[1],
      skin: P.skin[0],
      armR: [38, 78],
      armL: [8, 4],
    });
    s += van(1720, 1010, 1.05, P.white, P.orange600, true);
    s += toolbox(1110, 1000, 0.85);
    s += lightWash(W, H, 0.12);
    return s;
  });
}

/** "Quality Construction": a framing crew raising a two-storey house. */
function hero2(): string {
  return doc(W, H, () => {
    const gy = 820;
    let s = sky(W, H, "day") + sun(300, 180, 50, "day");
    s += cloud(620, 260, 1.2, 0.6) + cloud(1500, 160, 1, 0.75);
    s += hills(W, H, gy - 90, "#b4cfa6", 12, 40, 3) + treeLine(W, gy - 20, "#86ad7d", 13, 34);
    s +=
      ground(W, H, gy - 8, "#a7b884") +
      rect(0, gy, W, H - gy, "#b79b74", { opacity: 0.3 }) +
      tufts(0, W, gy + 20, H - 10, P.grassDark, 14, 50);
    s += slab(980, 1880, gy + 8, 26) + rect(980, gy - 300, 380, 282, osb());
    s += studWall(980, 1880, gy - 18, 290, [
      { x: 1060, w: 130, top: 210, sill: 90 },
      { x: 1440, w: 90, top: 230, sill: 0 },
      { x: 1640, w: 140, top: 210, sill: 90 },
    ]);
    s += rect(1060, gy - 18 - 210, 130, 120, "#1a2a44", { opacity: 0.8 });
    s += rect(980, gy - 322, 900, 16, P.woodLight);
    s += studWall(1040, 1820, gy - 322, 250, [
      { x: 1160, w: 120, top: 180, sill: 70 },
      { x: 1420, w: 120, top: 180, sill: 70 },
      { x: 1640, w: 120, top: 180, sill: 70 },
    ]);
    s += trussRow(1430, gy - 572, 420, 150, 3, 26, -12);
    s += scaffold(1560, gy + 8, 300, 320, 2);
    s += person(1700, gy - 312, 1.15, {
      shirt: P.navy600,
      pants: P.khaki,
      vest: true,
      hat: P.amber,
      skin: P.skin[1],
      armR: [150, 170],
      holdR: "hammer",
      armL: [40, 30],
      tool_belt: true,
    });
    s +=
      ladder(1330, gy + 8, 330, 0.05) +
      person(1390, gy - 200, 1.15, {
        shirt: P.orange600,
        pants: P.denim,
        hat: P.white,
        skin: P.skin[2],
        armR: [120, 160],
        holdR: "drill",
        armL: [40, 60],
        tool_belt: true,
      });
    s += lumberStack(840, 1000, 300, 5) + sawhorse(1250, 1010, 1.2);
    s += person(1120, 1030, 1.75, {
      shirt: P.navy800,
      pants: P.khaki,
      vest: true,
      hat: P.amber,
      skin: P.skin[2],
      armR: [30, 150],
      armL: [20, -150],
      holdR: "plank",
      tool_belt: true,
    });
    s += person(1560, 1040, 1.8, {
      shirt: "#e8eef5",
      pants: P.denim,
      hat: P.white,
      skin: P.skin[0],
      armR: [25, -100],
      holdR: "clipboard",
      armL: [30, -80],
      holdL: "plans",
    });
    s += cone(1800, 1050, 1.2) + toolbox(1440, 1050, 1);
    s += lightWash(W, H, 0.12);
    return s;
  });
}

/** "Premium Construction": a finished contemporary home at dusk with a pool. */
function hero3(): string {
  return doc(W, H, () => {
    const gy = 760;
    let s = sky(W, H, "dusk") + sun(520, 640, 60, "dusk");
    s += cloud(700, 220, 1.4, 0.18, "#f7c7a5") + cloud(1400, 140, 1.1, 0.2, "#f7c7a5");
    s += hills(W, H, gy - 60, "#3a3f63", 15, 40, 3) + treeLine(W, gy - 10, "#27304d", 16, 36);
    s += rect(0, gy - 10, W, H - gy + 10, lin(["#2f4a3a", "#1d3028"]));
    s += conifer(920, gy + 10, 1.4, "#22402e") + tree(1860, gy + 20, 1.8, "#2f5a3a", 8);
    s += modernHouse(1400, gy + 10, 0.95, true);
    s += rect(880, gy + 40, 1040, 300, lin(["#c9bfae", "#a89e8e"]));
    s += pool(
      { x0: 980, x1: 1880, yTop: 850, yBot: 1040, inset: 40 },
      { key: "h3", coping: "#d8cfbf", seed: 4, night: true },
    );
    s += rect(
      980,
      850,
      900,
      190,
      lin([
        ["#ffcf7a", 0, 0.25],
        ["#ffcf7a", 1, 0],
      ]),
      { opacity: 0.6 },
    );
    for (const x of [930, 1200, 1500, 1800]) s += pathLight(x, 830, 1.1);
    s += shrub(1000, gy + 30, 120, "#2f5a3a", 3) + shrub(1840, gy + 40, 140, "#2f5a3a", 4);
    s += palm(1900, 1000, 1.2, -0.4);
    return s;
  });
}

export const HEROES: ImageSpec[] = [
  hero("hero/hero-1", hero1),
  hero("hero/hero-2", hero2),
  hero("hero/hero-3", hero3),
];
