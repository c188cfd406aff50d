/** The nine category illustrations (1200×900, 4:3). */
import { P } from "../lib/palette.ts";
import { doc, rect } from "../lib/svg.ts";
import type { ImageSpec } from "../lib/types.ts";
import { lightWash } from "../pieces/backdrop.ts";
import { osb, scaffold, studWall, trussRow } from "../pieces/construction.ts";
import { slab } from "../pieces/site.ts";
import { indoor, outdoor } from "../pieces/frames.ts";
import { windowUnit } from "../pieces/openings.ts";
import { conifer, tree } from "../pieces/nature.ts";
import { person } from "../pieces/people.ts";
import { bucket, cone, ladder, lumberStack, toolbox } from "../pieces/gear.ts";
import { HELD } from "../pieces/tools.ts";
import { backsplash, baseCabinets, counter, upperCabinets } from "../pieces/cabinetry.ts";
import { faucet, viewWindow } from "../pieces/interior.ts";
import { siding } from "../pieces/materials.ts";
import { gutterRun, roofPlane, shingleBundle } from "../pieces/roofing.ts";
import { pipe } from "../pieces/plumbing.ts";
import { sinkBase } from "../pieces/plumbing-gear.ts";
import { lightSwitch, outlet, wireSpool } from "../pieces/devices.ts";
import { panel } from "../pieces/electrical.ts";
import { MORE_CATEGORY_SCENES } from "./categories-2.ts";

export const W = 1200;
export const H = 900;

export const category = (slug: string, svg: () => string): ImageSpec => ({
  name: `categories/${slug}`,
  width: W,
  height: H,
  widths: [400, 600, 800, 1200],
  formats: ["avif", "webp"],
  svg,
});

/** General contractors: a house being framed, the GC with plans, crew and site gear. */
export function generalContractors(): string {
  return doc(W, H, () => {
    const gy = 660;
    let s = outdoor(W, H, gy, { seed: 3, lawn: "#8fb86a" });
    s += rect(0, gy - 4, W, H - gy + 4, "#b79b74", { opacity: 0.35 });
    s += tree(80, gy + 10, 1.2, P.leaf, 3) + conifer(1140, gy + 10, 1.1);
    s += slab(260, 1000, gy + 6, 30);
    s += rect(260, gy - 330, 420, 306, osb());
    s += studWall(260, 1000, gy - 24, 300, [
      { x: 720, w: 110, top: 210, sill: 90 },
      { x: 880, w: 70, top: 220, sill: 0 },
      { x: 340, w: 120, top: 210, sill: 90 },
    ]);
    s += rect(340, gy - 24 - 210, 120, 120, "#1a2a44", { opacity: 0.85 });
    s += trussRow(630, gy - 324, 380, 190, 4, 22, -10);
    s += scaffold(900, gy + 4, 240, 300, 2);
    s += person(1010, gy - 146, 1.05, {
      shirt: P.navy600,
      pants: P.khaki,
      vest: true,
      hat: P.white,
      armR: [150, 170],
      holdR: "hammer",
      armL: [20, 10],
    });
    s += lumberStack(120, gy + 70, 240, 4);
    s += person(560, 850, 1.7, {
      shirt: P.navy800,
      pants: P.denim,
      vest: true,
      hat: P.amber,
      skin: P.skin[2],
      armR: [20, -120],
      armL: [40, -60],
      holdL: "plans",
      tool_belt: true,
    });
    s += person(780, 840, 1.6, {
      shirt: "#e8eef5",
      pants: P.khaki,
      hat: P.white,
      skin: P.skin[0],
      head: "hardhat",
      armR: [30, -90],
      holdR: "tablet",
      armL: [6, 2],
    });
    s += cone(260, 880, 1.1) + cone(960, 880, 1.1) + toolbox(1080, 880, 0.9);
    s += lightWash(W, H, 0.12);
    return s;
  });
}

/** Home renovation: a kitchen mid-refit, an installer fixing a new wall cabinet. */
export function homeRenovation(): string {
  return doc(W, H, () => {
    const floorY = 720;
    const top = floorY - 220;
    let s = indoor(W, H, floorY, "#f1ece3", "wood", "#c99c6c");
    s += viewWindow(470, 130, 200, 230, P.white, "rw");
    s += upperCabinets(700, 920, 110, top - 120, "#f7f4ee", "shaker", "#b08d57");
    s += upperCabinets(180, 400, 110, top - 120, "#f7f4ee", "shaker", "#b08d57");
    s += baseCabinets(120, 1000, top, floorY, P.navy600, "shaker", "#b08d57");
    s += counter(110, 1010, top, "quartz", 2);
    s += person(1040, floorY - 2, 1.75, {
      shirt: P.navy800,
      pants: P.khaki,
      head: "cap",
      hat: P.orange600,
      skin: P.skin[1],
      armR: [150, 160],
      armL: [160, 175],
      tool_belt: true,
      longSleeves: true,
    });
    s += upperCabinets(945, 1145, 110, top - 128, "#f7f4ee", "shaker", "#b08d57");
    s += ladder(40, floorY, 300, 0.05);
    s += toolbox(250, 880, 1) + HELD.level(560, top - 14, 1);
    s +=
      rect(620, 760, 220, 110, "#c8a77a", { rx: 4 }) +
      rect(620, 760, 220, 18, "#b48f5f", { rx: 3 }) +
      rect(700, 760, 60, 110, "#e3d3b4");
    s += lightWash(W, H, 0.1);
    return s;
  });
}

/** Roofing: a roofer laying shingles on a half-finished roof, ladder at the eave. */
export function roofing(): string {
  return doc(W, H, () => {
    let s = outdoor(W, H, 860, { seed: 5, hills: false });
    s += tree(60, 900, 1.8, P.leaf, 6) + tree(1150, 920, 2.1, P.leafLight, 9);
    s +=
      rect(120, 640, 960, 260, siding("#e9e2d4")) +
      windowUnit(220, 700, 150, 150, { cols: 2, rows: 2, shutters: P.navy800 }) +
      windowUnit(830, 700, 150, 150, { cols: 2, rows: 2, shutters: P.navy800 });
    s += roofPlane(80, 1120, 630, 420, { done: 0.55, inset: 120, key: "cr" });
    s += gutterRun(70, 1130, 636);
    s += shingleBundle(820, 360, 1.1) + shingleBundle(900, 352, 1.1) + shingleBundle(860, 330, 1.1);
    s += person(560, 470, 1.55, {
      shirt: P.navy600,
      pants: P.denim,
      head: "hardhat",
      hat: P.amber,
      skin: P.skin[2],
      pose: "kneel",
      armR: [60, 120],
      holdR: "hammer",
      armL: [30, -30],
      tool_belt: true,
      vest: false,
    });
    s += ladder(1010, 900, 300, -0.12);
    s += lightWash(W, H, 0.12);
    return s;
  });
}

/** Plumbing: a plumber working on the trap under a kitchen sink. */
export function plumbing(): string {
  return doc(W, H, () => {
    const floorY = 760;
    const top = floorY - 300;
    let s = indoor(W, H, floorY, "#e9eef2", "tile", "#d8d3c9");
    s += backsplash(0, W, top - 260, top - 12, "subway", "#fbfaf7");
    s += viewWindow(420, 80, 260, 230, P.white, "pw");
    s +=
      baseCabinets(0, 330, top, floorY, "#f5f1e9", "shaker") +
      baseCabinets(870, 1200, top, floorY, "#f5f1e9", "shaker");
    s += sinkBase(350, top, floorY, 500, "#f5f1e9");
    s += counter(-10, 1210, top, "granite", 5) + faucet(560, top - 10, P.steelLight);
    s += person(780, 890, 1.6, {
      shirt: P.navy600,
      pants: P.denim,
      head: "cap",
      hat: P.navy800,
      skin: P.skin[0],
      pose: "kneel",
      armR: [120, 150],
      holdR: "wrench",
      armL: [40, 20],
      tool_belt: true,
    });
    s += toolbox(1000, 880, 1.1) + bucket(210, 880, 1.1, P.steelLight);
    s += lightWash(W, H, 0.1);
    return s;
  });
}

/** Electrical: an electrician testing an open breaker panel. */
export function electrical(): string {
  return doc(W, H, () => {
    const floorY = 780;
    let s = indoor(W, H, floorY, "#e7e2d8", "concrete", "#b9b4aa");
    s += rect(0, 0, W, floorY - 18, "#d9d2c4", { opacity: 0.4 });
    s += panel(440, 160, 300, 460, { open: true, rows: 10 });
    s += outlet(880, 560, 1.2) + lightSwitch(960, 560, 1.2);
    s += pipe(
      [
        [300, 0],
        [300, 170],
        [440, 170],
      ],
      "steel",
      14,
    );
    s += person(890, 990, 2.1, {
      shirt: P.navy800,
      pants: P.khaki,
      head: "hardhat",
      hat: P.amber,
      skin: P.skin[1],
      armR: [70, 110],
      holdR: "meter",
      armL: [10, 4],
      tool_belt: true,
      vest: true,
    });
    s +=
      wireSpool(190, 860, 1.5, "#f5d142") +
      wireSpool(330, 880, 1.1, "#dc2626") +
      toolbox(1080, 890, 1);
    s += lightWash(W, H, 0.1);
    return s;
  });
}

export const CATEGORY_SCENES: Record<string, () => string> = {
  "general-contractors": generalContractors,
  "home-renovation": homeRenovation,
  roofing,
  plumbing,
  electrical,
  ...MORE_CATEGORY_SCENES,
};
