/** Service cards: paint. */
import { P } from "../../lib/palette.ts";
import {
  at,
  blur,
  circle,
  clip,
  doc,
  ellipse,
  g,
  lin,
  path,
  rect,
  shade,
  shadow,
  stroke,
} from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { warehouse } from "../../pieces/buildings.ts";
import { indoor, outdoor } from "../../pieces/frames.ts";
import { siding } from "../../pieces/materials.ts";
import { windowUnit } from "../../pieces/openings.ts";
import { artPrint, plant } from "../../pieces/interior.ts";
import { shrub } from "../../pieces/nature.ts";
import { person } from "../../pieces/people.ts";
import { ladder, paintCan } from "../../pieces/gear.ts";

const W = 1200;
const H = 900;

/** Drop cloth over the floor from y. */
const dropCloth = (y: number): string =>
  rect(0, y, W, H - y, "#f1efe9", { opacity: 0.9 }) +
  path(`M0 ${y + 40} Q300 ${y + 20} 600 ${y + 50} T1200 ${y + 30}`, "none", {
    stroke: "#dcd8cf",
    "stroke-width": 3,
  });

/** Paint tray with roller resting in it. */
const tray = (x: number, y: number, paint: string): string =>
  shadow(x + 70, y, 80, 6, 0.2, 3) +
  path(`M${x} ${y} L${x + 150} ${y} L${x + 130} ${y - 26} L${x + 20} ${y - 26} Z`, P.steelLight) +
  path(
    `M${x + 30} ${y - 22} L${x + 90} ${y - 22} L${x + 86} ${y - 6} L${x + 34} ${y - 6} Z`,
    paint,
  );

function interiorPainting(): string {
  return doc(W, H, () => {
    const floorY = 740;
    let s = indoor(W, H, floorY, "#eee6d8", "wood", "#c49a6c");
    s +=
      rect(560, 0, 640, floorY - 18, lin([shade("#6b8f71", 0.12), "#6b8f71"], 0, 0, 1, 1)) +
      rect(552, 0, 10, floorY - 18, "#3b82f6", { opacity: 0.5 });
    s += windowUnit(140, 180, 220, 300, { cols: 2, rows: 3 });
    s +=
      dropCloth(floorY + 6) +
      person(700, 880, 1.8, {
        shirt: P.white,
        pants: P.white,
        head: "cap",
        hat: P.navy600,
        skin: P.skin[2],
        armR: [150, 170],
        holdR: "roller",
        armL: [20, 10],
      });
    s +=
      tray(860, 880, "#6b8f71") + paintCan(1080, 880, 1.2, "#6b8f71") + ladder(420, 880, 380, 0.05);
    return s + lightWash(W, H, 0.1);
  });
}

function exteriorPainting(): string {
  return doc(W, H, () => {
    const gy = 820;
    let s = outdoor(W, H, gy, { seed: 81, hills: false });
    s +=
      rect(0, 100, 560, gy - 100, siding("#c9c2b5")) +
      rect(560, 100, 640, gy - 100, siding("#3f5f7f"));
    s += rect(0, 80, W, 26, P.white) + rect(0, 106, W, 20, "#0b1a33", { opacity: 0.15 });
    s +=
      windowUnit(160, 300, 200, 240, { cols: 2, rows: 2 }) +
      windowUnit(820, 300, 200, 240, { cols: 2, rows: 2 });
    s +=
      ladder(520, gy + 60, 600, 0.02) +
      person(600, 520, 1.6, {
        shirt: P.white,
        pants: P.white,
        head: "cap",
        hat: P.orange600,
        skin: P.skin[1],
        armR: [130, 160],
        holdR: "brush",
        armL: [30, 10],
        holdL: "toolbox",
      });
    s +=
      shrub(120, gy + 10, 160, P.leaf, 3) +
      shrub(1060, gy + 10, 170, P.leafDark, 5) +
      paintCan(760, 880, 1.2, "#3f5f7f");
    return s + lightWash(W, H, 0.12);
  });
}

/** Scissor lift, platform at height h above y. */
function scissorLift(x: number, y: number, h: number): string {
  let out =
    shadow(x + 120, y, 140, 8, 0.3, 4) +
    rect(x, y - 50, 240, 40, P.orange600, { rx: 6 }) +
    circle(x + 40, y - 14, 16, P.charcoal) +
    circle(x + 200, y - 14, 16, P.charcoal);
  const seg = (h - 60) / 3;
  for (let i = 0; i < 3; i++) {
    const y0 = y - 50 - i * seg;
    out +=
      stroke(
        [
          [x + 30, y0],
          [x + 210, y0 - seg],
        ],
        P.charcoal,
        8,
      ) +
      stroke(
        [
          [x + 210, y0],
          [x + 30, y0 - seg],
        ],
        P.graphite,
        8,
      );
  }
  out +=
    rect(x - 10, y - h - 10, 260, 20, P.orange600, { rx: 3 }) +
    stroke(
      [
        [x - 4, y - h - 10],
        [x - 4, y - h - 90],
        [x + 244, y - h - 90],
        [x + 244, y - h - 10],
      ],
      P.amber,
      6,
    ) +
    stroke(
      [
        [x - 4, y - h - 50],
        [x + 244, y - h - 50],
      ],
      P.amber,
      4,
    );
  return out;
}

function commercialPainting(): string {
  return doc(W, H, () => {
    const gy = 820;
    let s = outdoor(W, H, gy, { seed: 82, hills: false, lawn: "#a9a39a" });
    s += warehouse(-40, gy, 1280, 640, 0);
    s +=
      rect(-40, gy - 640, 620, 570, lin([P.navy400, P.navy600]), { opacity: 0.92 }) +
      rect(-40, gy - 640, 1280, 16, P.navy800);
    s += scissorLift(520, gy + 40, 380);
    s += person(640, gy - 350, 1.4, {
      shirt: P.white,
      pants: P.white,
      hat: P.white,
      head: "hardhat",
      vest: true,
      skin: P.skin[2],
      armR: [150, 175],
      holdR: "roller",
      armL: [30, 20],
    });
    s += paintCan(1000, 880, 1.3, P.navy600) + paintCan(1100, 880, 1.1, P.navy600);
    return s + lightWash(W, H, 0.12);
  });
}

function specialtyFinishes(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#efe8dc", "wood", "#b98e63");
    let plaster = rect(0, 0, 760, floorY - 18, lin(["#b7794f", "#8f5a3a"], 0, 0, 1, 1));
    for (let i = 0; i < 18; i++)
      plaster += ellipse(
        (i * 173) % 760,
        (i * 97) % 720,
        90 + (i % 4) * 30,
        50 + (i % 3) * 20,
        i % 2 ? "#cf9467" : "#7d4d31",
        { opacity: 0.3, filter: blur(18) },
      );
    for (let i = 0; i < 7; i++)
      plaster += path(`M${40 + i * 100} ${120 + (i % 3) * 180} q80 -30 170 -10`, "none", {
        stroke: "#f1c7a0",
        "stroke-width": 10,
        opacity: 0.18,
        "stroke-linecap": "round",
        filter: blur(3),
      });
    s +=
      g(plaster, { "clip-path": clip("plaster", rect(0, 0, 760, floorY - 18, "#000")) }) +
      rect(760, 0, 12, floorY - 18, "#d9cdb9");
    s += artPrint(900, 200, 200, 260, P.orange600) + plant(1100, floorY, 200, "#d6cfc3");
    s += person(620, 880, 1.8, {
      shirt: P.navy800,
      pants: P.khaki,
      head: "bun",
      hair: P.hair[2],
      skin: P.skin[0],
      slim: true,
      armR: [140, 160],
      armL: [30, -40],
      holdL: "brush",
    });
    s += rect(500, 520, 84, 14, P.steel, { rx: 3 }) + rect(528, 530, 10, 16, P.woodDark, { rx: 3 });
    const fan = [P.navy600, "#2f6f73", "#6b8f71", P.amber, P.orange600, "#b7794f", "#8f5a3a"];
    s += at(
      300,
      860,
      1,
      fan
        .map((c, i) => rect(-12, -160, 24, 160, c, { rx: 6, transform: `rotate(${-45 + i * 15})` }))
        .join("") + circle(0, 0, 10, P.charcoal),
    );
    return s + lightWash(W, H, 0.1);
  });
}

export const PAINT: ImageSpec[] = [
  card("services/paint/interior-painting", interiorPainting),
  card("services/paint/exterior-painting", exteriorPainting),
  card("services/paint/commercial-painting", commercialPainting),
  card("services/paint/specialty-finishes", specialtyFinishes),
];
