/** Service cards: general contractors. */
import { P } from "../../lib/palette.ts";
import { doc, g, lin, line, path, rect } from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { slab, towerCrane } from "../../pieces/site.ts";
import { osb, scaffold, studWall, trussRow } from "../../pieces/construction.ts";
import { indoor, outdoor } from "../../pieces/frames.ts";
import { classicHouse } from "../../pieces/house.ts";
import { plant } from "../../pieces/interior.ts";
import { tree } from "../../pieces/nature.ts";
import { person } from "../../pieces/people.ts";
import { cone, ladder, lumberStack, sawhorse, toolbox } from "../../pieces/gear.ts";
import { projectManagement, designBuild, safetyCompliance } from "./general-planning.ts";

const W = 1200;
const H = 900;

function newConstruction(): string {
  return doc(W, H, () => {
    const gy = 640;
    let s = outdoor(W, H, gy, { seed: 21, lawn: "#9cbf73" });
    s += rect(0, gy + 40, W, 70, "#b9ab93");
    s += slab(140, 1060, gy + 10, 24) + rect(140, gy - 250, 460, 236, osb());
    s += studWall(140, 1060, gy - 14, 240, [
      { x: 220, w: 110, top: 170, sill: 70 },
      { x: 420, w: 110, top: 170, sill: 70 },
      { x: 690, w: 80, top: 190, sill: 0 },
      { x: 860, w: 120, top: 170, sill: 70 },
    ]);
    s +=
      rect(220, gy - 14 - 170, 110, 100, "#1a2a44", { opacity: 0.8 }) +
      rect(420, gy - 14 - 170, 110, 100, "#1a2a44", { opacity: 0.8 });
    s += studWall(200, 1000, gy - 262, 200, [
      { x: 300, w: 100, top: 150, sill: 60 },
      { x: 560, w: 100, top: 150, sill: 60 },
      { x: 800, w: 100, top: 150, sill: 60 },
    ]);
    s += rect(140, gy - 270, 920, 14, P.woodLight);
    s += towerCrane(1110, gy + 40, 560, -420, false, P.amber);
    s +=
      line(790, 80, 790, 240, P.graphite, 2) +
      g(trussRow(790, 300, 130, 60, 1, 0, 0), { opacity: 1 });
    s += lumberStack(60, gy + 150, 260, 5) + sawhorse(520, gy + 150, 1);
    s += person(720, 850, 1.55, {
      shirt: P.navy600,
      pants: P.khaki,
      vest: true,
      hat: P.amber,
      skin: P.skin[2],
      armR: [30, 150],
      armL: [20, -150],
      holdR: "plank",
      tool_belt: true,
    });
    s += person(950, 860, 1.6, {
      shirt: "#e8eef5",
      pants: P.denim,
      hat: P.white,
      skin: P.skin[0],
      armR: [25, -100],
      holdR: "clipboard",
      armL: [8, 4],
    });
    s += cone(1120, 880, 1) + lightWash(W, H, 0.12);
    return s;
  });
}

function commercialRemodeling(): string {
  return doc(W, H, () => {
    const floorY = 740;
    let s = indoor(W, H, floorY, "#e9e6df", "concrete", "#c5c0b6");
    let ceiling = rect(0, 0, W, 120, "#f3f1ec");
    for (let x = 0; x <= W; x += 120) ceiling += rect(x - 2, 0, 4, 120, "#c9c5bc");
    ceiling +=
      rect(0, 58, W, 4, "#c9c5bc") +
      rect(0, 116, W, 4, "#c9c5bc") +
      rect(482, 62, 116, 54, "#5b6472") +
      rect(250, 4, 100, 50, "#fffbea") +
      rect(850, 4, 100, 50, "#fffbea");
    s += ceiling;
    s +=
      rect(60, 180, 340, 440, lin(["#cfe6f6", "#88b3d6"])) +
      rect(60, 180, 340, 440, "none", { stroke: P.charcoal, "stroke-width": 10 }) +
      rect(226, 180, 8, 440, P.charcoal);
    s +=
      rect(700, 120, 16, floorY - 120, P.charcoal) +
      rect(1000, 120, 16, floorY - 120, P.charcoal) +
      rect(
        716,
        130,
        284,
        floorY - 140,
        lin(
          [
            ["#e0f2fe", 0, 0.45],
            ["#bae6fd", 1, 0.3],
          ],
          0,
          0,
          1,
          1,
        ),
      );
    s += path(`M730 ${floorY - 20} L860 140 L900 140 L770 ${floorY - 20} Z`, "#ffffff", {
      opacity: 0.25,
    });
    s +=
      rect(740, floorY - 170, 240, 16, P.woodLight) +
      rect(750, floorY - 154, 10, 154, P.charcoal) +
      rect(960, floorY - 154, 10, 154, P.charcoal);
    s +=
      rect(800, floorY - 270, 120, 80, P.charcoal, { rx: 4 }) +
      rect(806, floorY - 264, 108, 66, lin([P.navy400, P.navy600])) +
      rect(852, floorY - 190, 16, 20, P.charcoal);
    s += rect(492, 232, 130, 12, "#f3f1ec", { rx: 2 }) + rect(492, 244, 130, 4, "#c9c5bc");
    s += ladder(480, 880, 420, 0.08);
    s += person(560, 520, 1.4, {
      shirt: P.navy600,
      pants: P.khaki,
      hat: P.white,
      vest: true,
      skin: P.skin[1],
      armR: [160, 170],
      armL: [150, 175],
      tool_belt: true,
    });
    s += person(1080, 880, 1.6, {
      shirt: P.charcoal,
      pants: P.khaki,
      hat: P.amber,
      skin: P.skin[2],
      armR: [30, -95],
      holdR: "tablet",
      armL: [10, 4],
    });
    s += toolbox(160, 880, 1) + plant(660, floorY + 20, 160, P.charcoal) + lightWash(W, H, 0.1);
    return s;
  });
}

function buildingAdditions(): string {
  return doc(W, H, () => {
    const gy = 700;
    let s = outdoor(W, H, gy, { seed: 23 });
    s += tree(1140, gy + 20, 1.6, P.leaf, 5);
    s += classicHouse(380, gy, 1.05, {
      wall: "#e6dccb",
      roof: "#56606e",
      shutters: P.navy600,
      garage: false,
    });
    s += slab(520, 1020, gy + 6, 20) + rect(520, gy - 250, 200, 236, osb());
    s += studWall(520, 1020, gy - 14, 240, [
      { x: 600, w: 120, top: 170, sill: 70 },
      { x: 820, w: 130, top: 170, sill: 70 },
    ]);
    s += rect(600, gy - 184, 120, 100, "#1a2a44", { opacity: 0.8 });
    s += trussRow(770, gy - 254, 270, 130, 5, 20, -8);
    s += scaffold(860, gy + 8, 220, 240, 2);
    s += person(960, gy - 232, 0.95, {
      shirt: P.navy600,
      vest: true,
      hat: P.amber,
      armR: [150, 170],
      holdR: "hammer",
      armL: [30, 20],
    });
    s += person(700, 860, 1.55, {
      shirt: P.navy800,
      pants: P.khaki,
      vest: true,
      hat: P.white,
      skin: P.skin[2],
      armR: [20, -110],
      holdR: "clipboard",
      armL: [30, 60],
    });
    s += person(840, 870, 1.5, {
      shirt: "#e8eef5",
      pants: P.denim,
      head: "long",
      hair: P.hair[2],
      skin: P.skin[0],
      slim: true,
      armR: [35, 80],
      armL: [8, 4],
    });
    s += lumberStack(60, 880, 260, 4) + cone(1140, 880, 1) + lightWash(W, H, 0.12);
    return s;
  });
}

export const GENERAL: ImageSpec[] = [
  card("services/general-contractors/new-construction", newConstruction),
  card("services/general-contractors/commercial-remodeling", commercialRemodeling),
  card("services/general-contractors/building-additions", buildingAdditions),
  card("services/general-contractors/project-management", projectManagement),
  card("services/general-contractors/design-build", designBuild),
  card("services/general-contractors/safety-compliance", safetyCompliance),
];
