/** Portfolio images: a contractor's finished work (deck, roof, kitchen, bathroom, patio, facade). */
import { P } from "../lib/palette.ts";
import { blur, circle, doc, ellipse, lin, line, path, rect, shade } from "../lib/svg.ts";
import { card, type ImageSpec } from "../lib/types.ts";
import { glow, lightWash } from "../pieces/backdrop.ts";
import { shower, towel, vanity } from "../pieces/bath.ts";
import { indoor, outdoor } from "../pieces/frames.ts";
import { deck, firePit, pavers, pergola } from "../pieces/hardscape.ts";
import { classicHouse } from "../pieces/house.ts";
import { door, windowUnit } from "../pieces/openings.ts";
import { siding, tiles } from "../pieces/materials.ts";
import { pendant, plant } from "../pieces/interior.ts";
import { kitchen } from "../pieces/kitchen.ts";
import { flowerBed, hedge, shrub, tree } from "../pieces/nature.ts";
import { umbrella } from "../pieces/poolside.ts";

const W = 1200;
const H = 900;

/** Outdoor chair seen from the front. */
const chair = (x: number, y: number, c: string): string =>
  ellipse(x + 8, y, 40, 6, "#0b1a33", { opacity: 0.2, filter: blur(3) }) +
  rect(x - 36, y - 150, 72, 80, c, { rx: 10 }) +
  rect(x - 42, y - 80, 84, 22, shade(c, 0.1), { rx: 6 }) +
  rect(x - 36, y - 58, 8, 58, P.charcoal) +
  rect(x + 28, y - 58, 8, 58, P.charcoal);

function project1Deck(): string {
  return doc(W, H, () => {
    let s = outdoor(W, H, 560, { seed: 91, mood: "golden" });
    s += tree(1080, 560, 1.6, P.leaf, 3) + tree(120, 560, 1.4, P.leafLight, 5);
    s +=
      rect(0, 120, 760, 420, siding("#e8e2d6")) +
      rect(0, 100, 780, 24, P.white) +
      rect(0, 124, 760, 20, "#0b1a33", { opacity: 0.15, filter: blur(5) });
    s +=
      rect(180, 240, 300, 300, P.charcoal) +
      rect(190, 250, 136, 290, lin(["#cfe6f6", "#7fb0da"])) +
      rect(334, 250, 136, 290, lin(["#cfe6f6", "#7fb0da"]));
    s += windowUnit(560, 250, 140, 160, { cols: 2, rows: 2 });
    s += deck(-20, 1220, 540, 230, { railing: false, stain: "#a8714a" });
    s +=
      chair(400, 720, P.navy600) +
      chair(800, 720, P.navy600) +
      rect(520, 640, 160, 14, P.woodDark, { rx: 3 }) +
      rect(592, 654, 16, 66, P.charcoal);
    s +=
      plant(90, 760, 180, "#d6cfc3") +
      plant(1100, 700, 150, P.charcoal) +
      umbrella(600, 640, 300, P.amber);
    s += circle(600, 630, 16, P.white) + rect(560, 610, 10, 30, "#b91c1c", { rx: 3 });
    return s + lightWash(W, H, 0.12);
  });
}

function project2Roof(): string {
  return doc(W, H, () => {
    const gy = 780;
    let s = outdoor(W, H, gy, { seed: 92 });
    s += tree(80, gy + 10, 1.6, P.leaf, 2) + tree(1130, gy + 20, 1.7, P.leafLight, 4);
    s += classicHouse(600, gy + 10, 1.5, {
      wall: "#f1ebdf",
      roof: "#3f4a5a",
      shutters: P.navy800,
      door: P.orange700,
    });
    s +=
      shrub(300, gy + 20, 140, P.leaf, 3, P.flowerPink) +
      shrub(880, gy + 20, 120, P.leafDark, 4) +
      flowerBed(420, gy + 40, 200, 7);
    return s + lightWash(W, H, 0.14);
  });
}

function project3Kitchen(): string {
  return doc(W, H, () => {
    let s = kitchen({
      w: W,
      h: 760,
      dated: false,
      low: "#6b8f71",
      up: "#f7f4ee",
      wallColor: "#f4efe6",
      floorColor: "#b98e63",
    });
    s += rect(0, 600, W, 300, lin(["#b98e63", "#9a7049"]));
    s += pendant(420, 0, 320, "#b08d57") + pendant(780, 0, 320, "#b08d57");
    s +=
      rect(220, 660, 760, 28, "#f5f3ef", { rx: 3 }) +
      rect(240, 688, 720, 212, lin([P.woodLight, P.wood], 0, 0, 1, 0));
    for (let x = 240; x < 960; x += 18)
      s += line(x, 688, x, 900, shade(P.wood, -0.15), 2, { opacity: 0.6 });
    s +=
      plant(300, 660, 100, P.white) +
      ellipse(700, 652, 60, 12, P.white) +
      circle(690, 640, 12, P.amber) +
      circle(712, 640, 11, P.leafLight);
    return s + lightWash(W, H, 0.08);
  });
}

function project4Bathroom(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#f1ede6", "tile", "#cfc9bf");
    s += rect(700, 0, 500, floorY, tiles(P.navy600, 70, "#dfe6ee"));
    s += shower(740, 1160, floorY, 100);
    s += vanity(120, floorY, 480, "#f7f4ee", {}) + towel(630, 420, 60, P.amber);
    s += plant(640, floorY, 140, P.white) + glow(360, 200, 120, "#fff3cf", 0.25);
    return s + lightWash(W, H, 0.1);
  });
}

function project5Patio(): string {
  return doc(W, H, () => {
    const gy = 420;
    let s = outdoor(W, H, gy, { seed: 95, mood: "golden" });
    s +=
      tree(100, gy, 1.4, P.leaf, 3) +
      hedge(0, gy + 20, 1200, 56, P.leafDark) +
      tree(1120, gy + 10, 1.5, P.leafLight, 8);
    s += pavers(0, W, gy + 20, H, "#dcc9a8", 160);
    s += pergola(240, 960, gy + 250, 280, "#8a5a3a");
    for (let i = 0; i < 14; i++)
      s +=
        circle(250 + i * 51, gy - 10 + Math.sin((i / 13) * Math.PI) * 40, 7, "#fff1c4") +
        glow(250 + i * 51, gy - 10 + Math.sin((i / 13) * Math.PI) * 40, 16, "#ffe3a0", 0.6);
    s += path(`M240 ${gy - 14} Q600 ${gy + 60} 960 ${gy - 14}`, "none", {
      stroke: P.charcoal,
      "stroke-width": 2,
    });
    s += firePit(600, 760, 1.3, true);
    s += chair(320, 800, P.navy600) + chair(880, 800, P.navy600);
    s += shrub(1080, 860, 160, P.leaf, 3, P.flowerPink) + shrub(120, 870, 160, P.leafLight, 5);
    return s + lightWash(W, H, 0.12);
  });
}

function project6Facade(): string {
  return doc(W, H, () => {
    const gy = 800;
    let s = outdoor(W, H, gy, { seed: 96 });
    let batten = rect(160, 230, 880, gy - 230, "#f7f5f0");
    for (let x = 170; x < 1040; x += 34) batten += rect(x, 230, 5, gy - 230, "#e2ded6");
    s +=
      batten +
      path(`M120 240 L600 40 L1080 240 L1040 240 L600 76 L160 240 Z`, P.charcoal) +
      path(`M160 240 L600 76 L1040 240 Z`, "#f7f5f0");
    s += windowUnit(530, 120, 140, 100, { cols: 2, rows: 1, frame: P.charcoal, sill: false });
    s +=
      windowUnit(220, 330, 170, 230, { cols: 2, rows: 2, frame: P.charcoal, sill: false }) +
      windowUnit(810, 330, 170, 230, { cols: 2, rows: 2, frame: P.charcoal, sill: false });
    s +=
      rect(480, 420, 240, 24, P.charcoal) +
      rect(470, 444, 260, 30, "#0b1a33", { opacity: 0.15, filter: blur(6) });
    s += door(540, 480, 120, gy - 480, "#a8714a", { glass: false, frame: P.charcoal });
    s +=
      rect(500, gy - 10, 200, 20, P.concrete) +
      rect(520, gy + 10, 160, 30, shade(P.concrete, -0.05));
    s +=
      shrub(240, gy + 10, 180, P.leaf, 3) +
      shrub(960, gy + 10, 180, P.leafDark, 4) +
      flowerBed(360, gy + 30, 140, 5) +
      flowerBed(700, gy + 30, 140, 6);
    s += tree(60, gy + 20, 1.5, P.leaf, 7) + tree(1150, gy + 20, 1.4, P.leafLight, 9);
    return s + lightWash(W, H, 0.12);
  });
}

export const PROJECTS: ImageSpec[] = [
  card("projects/project-1", project1Deck),
  card("projects/project-2", project2Roof),
  card("projects/project-3", project3Kitchen),
  card("projects/project-4", project4Bathroom),
  card("projects/project-5", project5Patio),
  card("projects/project-6", project6Facade),
];
