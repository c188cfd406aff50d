/** Service cards: home renovation. */
import { P } from "../../lib/palette.ts";
import { blur, circle, doc, ellipse, g, lin, path, rect, rng, shade } from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { shower, towel, tub, vanity } from "../../pieces/bath.ts";
import { indoor, outdoor } from "../../pieces/frames.ts";
import { door, windowUnit } from "../../pieces/openings.ts";
import { siding, tiles } from "../../pieces/materials.ts";
import { baseCabinets, counter, subway, upperCabinets } from "../../pieces/cabinetry.ts";
import { pendant, plant, viewWindow } from "../../pieces/interior.ts";
import { kitchen } from "../../pieces/kitchen.ts";
import { flowerBed, shrub } from "../../pieces/nature.ts";
import { person } from "../../pieces/people.ts";
import { ladder, toolbox } from "../../pieces/gear.ts";

const W = 1200;
const H = 900;

/** Bar stool seen from the front. */
const stool = (x: number, y: number): string =>
  ellipse(x + 6, y, 34, 6, "#0b1a33", { opacity: 0.2, filter: blur(3) }) +
  rect(x - 26, y - 190, 52, 16, P.woodDark, { rx: 8 }) +
  path(
    `M${x - 20} ${y - 176} L${x - 28} ${y} M${x + 20} ${y - 176} L${x + 28} ${y} M${x - 24} ${y - 80} H${x + 24}`,
    "none",
    { stroke: P.charcoal, "stroke-width": 6 },
  );

function kitchens(): string {
  return doc(W, H, () => {
    let s = kitchen({ w: W, h: 760, dated: false });
    s += rect(0, 600, W, 300, lin(["#c89a6a", "#a97d52"]));
    s +=
      pendant(380, 0, 300, P.charcoal) +
      pendant(600, 0, 300, P.charcoal) +
      pendant(820, 0, 300, P.charcoal);
    s += rect(180, 640, 840, 30, "#f3f1ec", { rx: 3 }) + rect(180, 640, 840, 6, "#ffffff");
    s += rect(200, 670, 800, 230, lin([P.navy600, P.navy800], 0, 0, 1, 0));
    for (let x = 220; x < 980; x += 130)
      s += rect(x, 690, 110, 200, "none", {
        stroke: shade(P.navy600, -0.25),
        "stroke-width": 4,
        rx: 3,
      });
    s += stool(330, 900) + stool(600, 900) + stool(870, 900);
    s +=
      ellipse(520, 630, 60, 12, P.woodLight) +
      circle(500, 620, 12, P.amber) +
      circle(530, 618, 11, "#e56b3a") +
      plant(760, 640, 90, P.white);
    return s + lightWash(W, H, 0.08);
  });
}

function bathrooms(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#efe9df", "tile", "#d9d3c8");
    s += rect(0, 0, 560, floorY, tiles("#e9e4da", 90, "#d6cfc3"));
    s += viewWindow(150, 120, 260, 240, P.white, "bw");
    s += tub(280, floorY, 440, P.white);
    s += plant(520, floorY, 150, "#d6cfc3");
    s += vanity(640, floorY, 320, P.woodLight, { wood: true });
    s += towel(1030, 360, 90, "#f1e4cf") + shower(1000, 1200, floorY, 120);
    s +=
      rect(660, floorY - 260, 40, 30, P.white, { rx: 6 }) +
      circle(900, floorY - 264, 10, "#a7d8f3");
    return s + lightWash(W, H, 0.1);
  });
}

/** Soft marble veining over a rectangle. */
function veins(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  seed: number,
  count = 5,
): string {
  const r = rng(seed);
  let out = "";
  for (let i = 0; i < count; i++) {
    const x0 = x + r() * w;
    const x1 = x0 + (r() - 0.5) * w * 0.8;
    out += path(
      `M${x0} ${y} C${x0 + (r() - 0.5) * w * 0.5} ${y + h * 0.35} ${x1 + (r() - 0.5) * w * 0.5} ${y + h * 0.6} ${x1} ${y + h}`,
      "none",
      { stroke: color, "stroke-width": 2 + r() * 4, opacity: 0.35 + r() * 0.3, filter: blur(1.2) },
    );
  }
  return out;
}

function marbleGranite(): string {
  return doc(W, H, () => {
    const floorY = 700;
    let s = indoor(W, H, floorY, "#efe9df", "wood", "#c39a6e");
    s +=
      upperCabinets(60, 540, 90, 280, "#f7f4ee", "flat", P.charcoal) +
      rect(60, 280, 480, 140, subway("#fbfaf7")) +
      baseCabinets(60, 540, 420, floorY, "#f7f4ee", "flat", P.charcoal) +
      counter(50, 550, 420, "granite", 8);
    const slab = (x: number, w: number, base: string, vein: string, seed: number): string =>
      ellipse(x + w / 2 + 10, floorY + 2, w * 0.55, 8, "#0b1a33", {
        opacity: 0.2,
        filter: blur(4),
      }) +
      rect(x, 170, w, floorY - 170, lin([shade(base, 0.08), shade(base, -0.06)], 0, 0, 1, 1), {
        rx: 3,
      }) +
      veins(x, 170, w, floorY - 170, vein, seed) +
      rect(x + w - 10, 170, 10, floorY - 170, "#0b1a33", { opacity: 0.12 });
    s +=
      slab(640, 160, "#f4f2ee", "#8f8a84", 2) +
      slab(820, 160, "#34302f", "#e7e5e4", 3) +
      slab(1000, 160, "#e9dfcf", "#a47b4a", 4);
    s += person(560, 820, 1.7, {
      shirt: P.navy800,
      pants: P.khaki,
      head: "cap",
      hat: P.orange600,
      skin: P.skin[1],
      armR: [40, -70],
      holdR: "level",
      armL: [20, 10],
    });
    let island = path("M140 740 L1060 740 L1110 800 L90 800 Z", "#f5f3ef");
    const r = rng(9);
    for (let i = 0; i < 6; i++) {
      const y0 = 744 + r() * 50;
      island += path(
        `M${90 + r() * 200} ${y0} C${400 + r() * 200} ${y0 - 20 + r() * 40} ${700 + r() * 200} ${y0 - 20 + r() * 40} 1100 ${744 + r() * 50}`,
        "none",
        { stroke: "#a39d96", "stroke-width": 1.5 + r() * 2.5, opacity: 0.45, filter: blur(1) },
      );
    }
    s += island;
    s +=
      rect(90, 800, 1020, 28, "#e7e4de") +
      rect(90, 828, 1020, 72, lin([P.navy600, P.navy800], 0, 0, 1, 0));
    s += rect(90, 800, 40, 100, "#eeebe5") + rect(1070, 800, 40, 100, "#dedad2");
    return s + lightWash(W, H, 0.1);
  });
}

function windowsDoors(): string {
  return doc(W, H, () => {
    const gy = 800;
    let s = outdoor(W, H, gy, { seed: 31, hills: false });
    s +=
      rect(0, 60, W, gy - 60, siding("#dfe6ea")) +
      rect(0, 60, W, 30, P.white) +
      rect(0, 90, W, 24, "#0b1a33", { opacity: 0.15, filter: blur(6) });
    s += windowUnit(90, 200, 250, 300, { cols: 2, rows: 3, frame: P.charcoal });
    s +=
      rect(470, 220, 300, 580, "#f6f3ee") +
      door(540, 320, 160, 480, P.orange700, { glass: true, frame: P.charcoal });
    s +=
      rect(500, 330, 30, 420, lin(["#d6ecfa", "#7fb0dc"])) +
      rect(710, 330, 30, 420, lin(["#d6ecfa", "#7fb0dc"])) +
      rect(480, 230, 280, 80, lin(["#d6ecfa", "#7fb0dc"])) +
      rect(480, 230, 280, 80, "none", { stroke: P.charcoal, "stroke-width": 8 });
    s +=
      rect(440, 790, 360, 30, P.concrete) +
      flowerBed(40, gy + 10, 340, 4) +
      shrub(380, gy + 10, 90, P.leaf, 3);
    s +=
      rect(860, 230, 240, 300, "#2a2f38") +
      rect(860, 230, 240, 300, "none", { stroke: "#c9a26b", "stroke-width": 8 });
    s += g(
      windowUnit(0, 0, 200, 250, { cols: 2, rows: 1, frame: P.white, sill: false }) +
        rect(0, 0, 200, 250, "#e0f2fe", { opacity: 0.35 }),
      { transform: "translate(930 300) rotate(-4)" },
    );
    s += person(1000, 880, 1.75, {
      shirt: P.navy600,
      pants: P.khaki,
      head: "cap",
      hat: P.navy800,
      skin: P.skin[2],
      armR: [100, 150],
      armL: [150, 170],
      tool_belt: true,
    });
    s += ladder(1110, 880, 380, -0.06) + toolbox(820, 890, 0.9);
    return s + lightWash(W, H, 0.12);
  });
}

export const RENOVATION: ImageSpec[] = [
  card("services/home-renovation/kitchens", kitchens),
  card("services/home-renovation/bathrooms", bathrooms),
  card("services/home-renovation/marble-granite", marbleGranite),
  card("services/home-renovation/windows-doors", windowsDoors),
];
