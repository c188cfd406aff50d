/** Service cards: roofing. */
import { P } from "../../lib/palette.ts";
import { blur, circle, doc, ellipse, lin, path, poly, rect } from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { glow, lightWash, sky } from "../../pieces/backdrop.ts";
import { bolt } from "../../pieces/electrical.ts";
import { outdoor } from "../../pieces/frames.ts";
import { classicHouse } from "../../pieces/house.ts";
import { siding } from "../../pieces/materials.ts";
import { windowUnit } from "../../pieces/openings.ts";
import { shrub, tree } from "../../pieces/nature.ts";
import { person } from "../../pieces/people.ts";
import {
  downspout,
  gutterRun,
  rain,
  roofPlane,
  roofVent,
  shingleBundle,
  solarOnRoof,
  tarp,
} from "../../pieces/roofing.ts";
import { ladder } from "../../pieces/gear.ts";
import { van } from "../../pieces/vehicles.ts";

const W = 1200;
const H = 900;

/** A house front whose roof fills the upper frame; returns the roof quad for placing things on it. */
function roofScene(o: {
  done?: number;
  damaged?: boolean;
  moss?: boolean;
  mood?: "day" | "golden";
  seed?: number;
  color?: string;
  wall?: string;
  zoom?: number;
}): string {
  const z = o.zoom ?? 1;
  let s = outdoor(W, H, 880, { seed: o.seed ?? 41, hills: false, mood: o.mood ?? "day" });
  let house = rect(110, 640, 980, 260, siding(o.wall ?? "#e9e2d4"));
  house +=
    windowUnit(220, 700, 150, 160, { cols: 2, rows: 2, shutters: P.navy800 }) +
    windowUnit(830, 700, 150, 160, { cols: 2, rows: 2, shutters: P.navy800 });
  house += roofPlane(60, 1140, 630, 430, {
    done: o.done,
    damaged: o.damaged,
    moss: o.moss,
    inset: 130,
    key: `r${o.seed ?? 0}`,
    color: o.color,
  });
  s +=
    z === 1
      ? house
      : `<g transform="translate(${W / 2} ${H}) scale(${z}) translate(${-W / 2} ${-H})">${house}</g>`;
  return s;
}

function roofInstallation(): string {
  return doc(W, H, () => {
    let s = roofScene({ done: 0.45, seed: 42 });
    s += rect(700, 300, 90, 30, "#e6e9ed", { rx: 12 }) + ellipse(790, 315, 12, 15, "#cfd5db");
    s += gutterRun(50, 1150, 636) + shingleBundle(250, 330, 1.2) + shingleBundle(330, 318, 1.2);
    s += person(520, 520, 1.45, {
      shirt: P.navy600,
      pants: P.denim,
      hat: P.amber,
      skin: P.skin[2],
      pose: "kneel",
      armR: [60, 120],
      holdR: "hammer",
      armL: [35, 60],
      tool_belt: true,
    });
    s += person(820, 480, 1.35, {
      shirt: P.orange600,
      pants: P.khaki,
      hat: P.white,
      skin: P.skin[0],
      pose: "kneel",
      armR: [40, 80],
      armL: [50, 100],
      holdL: "drill",
      tool_belt: true,
    });
    s += ladder(1030, 900, 300, -0.12);
    return s + lightWash(W, H, 0.12);
  });
}

function roofRepair(): string {
  return doc(W, H, () => {
    let s = roofScene({ damaged: true, seed: 43, color: "#6d5d52", wall: "#dfe7ea", zoom: 1.3 });
    s += gutterRun(-50, 1250, 557);
    s += person(520, 430, 1.7, {
      shirt: P.navy800,
      pants: P.khaki,
      hat: P.amber,
      skin: P.skin[1],
      pose: "kneel",
      armR: [70, 110],
      holdR: "hammer",
      armL: [60, 100],
      tool_belt: true,
    });
    s += shingleBundle(960, 470, 1.3) + shingleBundle(300, 500, 1.3) + ladder(60, 900, 340, 0.1);
    return s + lightWash(W, H, 0.12);
  });
}

function roofMaintenance(): string {
  return doc(W, H, () => {
    let s = roofScene({ moss: true, seed: 44, color: "#4f5b57", wall: "#efe4d2", mood: "golden" });
    s += roofVent(420, 330) + roofVent(900, 360);
    s += gutterRun(50, 1150, 636);
    for (let i = 0; i < 14; i++)
      s += ellipse(120 + i * 70, 642, 16, 6, i % 2 ? "#b7791f" : "#9a6b2f", {
        transform: `rotate(${i * 23} ${120 + i * 70} 642)`,
      });
    s += person(640, 540, 1.5, {
      shirt: P.navy600,
      pants: P.denim,
      hat: P.white,
      skin: P.skin[2],
      armR: [25, -100],
      holdR: "clipboard",
      armL: [40, 60],
      holdL: "brush",
      tool_belt: true,
    });
    s += ladder(1030, 900, 300, -0.12);
    return s + lightWash(W, H, 0.12);
  });
}

function gutterInstallation(): string {
  return doc(W, H, () => {
    let s = outdoor(W, H, 860, { seed: 45, hills: false });
    s += poly(
      [
        [0, 60],
        [W, 160],
        [W, 330],
        [0, 330],
      ],
      "#56606e",
    );
    s += roofPlane(-40, 1240, 330, 300, { inset: 0, key: "gi", ridge: false });
    s +=
      rect(0, 340, W, 30, P.white) +
      rect(0, 370, W, 560, siding("#dbe3e8")) +
      rect(0, 370, W, 30, "#0b1a33", { opacity: 0.15, filter: blur(6) });
    s += windowUnit(120, 470, 260, 260, { cols: 2, rows: 2 });
    s += gutterRun(-10, 1210, 352, "#f3f4f6") + downspout(1040, 374, 880, "#f3f4f6");
    s += ladder(640, 900, 560, -0.06);
    s += person(700, 620, 1.5, {
      shirt: P.navy600,
      pants: P.khaki,
      hat: P.amber,
      skin: P.skin[1],
      armR: [150, 160],
      holdR: "drill",
      armL: [160, 175],
      tool_belt: true,
    });
    s += rect(820, 880, 380, 18, "#f3f4f6", { rx: 4 }) + shrub(300, 880, 160, P.leaf, 4);
    return s + lightWash(W, H, 0.12);
  });
}

function solarRoof(): string {
  return doc(W, H, () => {
    const gy = 760;
    let s = outdoor(W, H, gy, { seed: 46, sunAt: [150, 110] });
    for (let i = 0; i < 8; i++)
      s += path(
        `M150 110 L${150 + Math.cos(i * 0.4 - 0.2) * 900} ${110 + Math.sin(i * 0.4 - 0.2) * 900}`,
        "none",
        { stroke: "#fff7d6", "stroke-width": 30, opacity: 0.07 },
      );
    s += tree(1130, gy + 10, 1.5, P.leaf, 3) + tree(70, gy + 10, 1.3, P.leafLight, 7);
    s +=
      rect(240, 470, 720, 290, siding("#ece5d8")) +
      windowUnit(300, 560, 130, 140, { shutters: P.navy600 }) +
      windowUnit(770, 560, 130, 140, { shutters: P.navy600 });
    s += rect(530, 580, 100, 180, P.navy600) + rect(520, 570, 120, 12, P.white);
    const q: [[number, number], [number, number], [number, number], [number, number]] = [
      [330, 220],
      [870, 220],
      [1000, 470],
      [200, 470],
    ];
    s += roofPlane(200, 1000, 470, 250, { inset: 130, key: "sr" });
    s += solarOnRoof(q, 0.08, 0.92, 0.12, 0.9, 6, 2);
    s +=
      rect(180, 472, 840, 22, P.white, { rx: 3 }) +
      shrub(300, gy + 10, 120, P.leaf, 5) +
      shrub(880, gy + 10, 120, P.leafDark, 6);
    s += person(1000, 880, 1.5, {
      shirt: P.navy600,
      pants: P.khaki,
      hat: P.white,
      skin: P.skin[0],
      armR: [25, -100],
      holdR: "tablet",
      armL: [10, 4],
    });
    return s + lightWash(W, H, 0.12);
  });
}

function emergencyService(): string {
  return doc(W, H, () => {
    let s = sky(W, H, "dusk") + rect(0, 0, W, H, "#0b1a33", { opacity: 0.45 });
    s += bolt(980, 30, 1.1) + glow(1000, 120, 140, "#fff4c2", 0.2);
    s += rect(0, 800, W, 100, "#2c3e3a");
    s += classicHouse(520, 810, 1.45, {
      wall: "#a9a3b0",
      roof: "#3d4552",
      lit: true,
      garage: false,
      shutters: P.navy900,
    });
    s += tarp([
      [320, 300],
      [560, 300],
      [600, 420],
      [280, 420],
    ]);
    s +=
      path("M40 420 L620 250 L640 270 L80 470 Z", "#5a4330") +
      path("M300 330 q-60 -40 -110 -20 M420 300 q-30 -60 -80 -60", "none", {
        stroke: "#5a4330",
        "stroke-width": 12,
        "stroke-linecap": "round",
      });
    s +=
      circle(200, 320, 60, "#2c4a36") +
      circle(260, 290, 50, "#2c4a36") +
      circle(160, 360, 40, "#2c4a36");
    s +=
      van(960, 860, 0.9, P.white, P.orange600, true) +
      circle(1050, 665, 30, P.amber, { opacity: 0.5, filter: blur(12) });
    s += person(820, 880, 1.6, {
      shirt: P.navy600,
      pants: P.charcoal,
      hat: P.amber,
      vest: true,
      skin: P.skin[2],
      armR: [70, 80],
      holdR: "flashlight",
      armL: [10, 4],
    });
    s += rain(0, 0, W, H, 5, 220);
    return (
      s +
      rect(
        0,
        0,
        W,
        H,
        lin([
          ["#0b1a33", 0, 0.2],
          ["#0b1a33", 1, 0],
        ]),
      )
    );
  });
}

export const ROOFING: ImageSpec[] = [
  card("services/roofing/roof-installation", roofInstallation),
  card("services/roofing/roof-repair", roofRepair),
  card("services/roofing/roof-maintenance", roofMaintenance),
  card("services/roofing/gutter-installation", gutterInstallation),
  card("services/roofing/solar-roof", solarRoof),
  card("services/roofing/emergency-service", emergencyService),
];
