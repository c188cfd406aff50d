/** Service cards: commercial construction. */
import { P } from "../../lib/palette.ts";
import { blur, circle, doc, ellipse, lin, path, rect } from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { clinic, school, storefront, warehouse } from "../../pieces/buildings.ts";
import { skyline, tower } from "../../pieces/commercial.ts";
import { towerCrane } from "../../pieces/site.ts";
import { pendantCluster } from "../../pieces/electrical.ts";
import { indoor, outdoor } from "../../pieces/frames.ts";
import { plant } from "../../pieces/interior.ts";
import { shrub, tree } from "../../pieces/nature.ts";
import { person } from "../../pieces/people.ts";
import { boxTruck, car, forklift, schoolBus, van } from "../../pieces/vehicles.ts";

const W = 1200;
const H = 900;

/** Street in front of buildings: sidewalk and asphalt from y down. */
const street = (y: number): string =>
  rect(0, y, W, 60, "#d6d0c6") +
  rect(0, y + 60, W, H - y - 60, lin(["#5a606a", "#454a53"])) +
  rect(0, y + 58, W, 6, "#b9b2a6") +
  Array.from({ length: 6 }, (_, i) =>
    rect(40 + i * 220, y + 170, 110, 10, "#f5d142", { rx: 3 }),
  ).join("");

function officeBuildings(): string {
  return doc(W, H, () => {
    const gy = 700;
    let s = outdoor(W, H, gy, { seed: 71, hills: false, lawn: "#9fbf80" });
    s += skyline(W, gy - 20, 9, { haze: "#bcd2e6", scale: 0.7 });
    s +=
      tower(140, gy, 300, 560, { glass: "#5e8fbd", seed: 3, crown: "step", side: 60 }) +
      tower(560, gy, 340, 460, { glass: "#7fb2d8", seed: 4, side: 70 });
    s += towerCrane(1000, gy, 620, -360, true);
    s += street(gy);
    s += tree(520, gy + 20, 1.1, P.leaf, 3) + tree(960, gy + 20, 1.1, P.leafLight, 4);
    s += car(300, 860, 0.9, "#dc2626") + car(860, 820, 0.9, P.navy400, true);
    return s + lightWash(W, H, 0.12);
  });
}

function retailSpaces(): string {
  return doc(W, H, () => {
    const gy = 720;
    let s = outdoor(W, H, gy, { seed: 72, hills: false });
    s +=
      storefront(0, gy, 420, 540, "#efe6d6", P.navy600, 1) +
      storefront(420, gy, 380, 500, "#c9795a", P.orange600, 2) +
      storefront(800, gy, 400, 560, "#d8dfe6", "#2f6f73", 3);
    s += street(gy);
    s += person(300, 800, 1.3, {
      head: "long",
      hair: P.hair[1],
      shirt: P.orange600,
      pants: P.navy800,
      slim: true,
      armR: [10, 4],
      armL: [20, 10],
    });
    s += person(680, 810, 1.3, {
      head: "short",
      hair: P.hair[0],
      shirt: "#e8eef5",
      pants: P.khaki,
      skin: P.skin[2],
      armR: [10, 4],
      armL: [14, 6],
    });
    s += tree(560, gy + 40, 1, P.leaf, 2) + van(980, 880, 0.7, P.white, P.orange600);
    return s + lightWash(W, H, 0.12);
  });
}

/** Restaurant chair seen from the front. */
const chair = (x: number, y: number): string =>
  rect(x - 24, y - 160, 48, 70, P.woodDark, { rx: 6 }) +
  rect(x - 28, y - 96, 56, 12, P.wood, { rx: 4 }) +
  path(`M${x - 22} ${y - 84} L${x - 26} ${y} M${x + 22} ${y - 84} L${x + 26} ${y}`, "none", {
    stroke: P.woodDark,
    "stroke-width": 6,
  });

function restaurants(): string {
  return doc(W, H, () => {
    const floorY = 690;
    let s = indoor(W, H, floorY, "#3b2f2a", "wood", "#a0714a");
    s += rect(0, 0, W, 300, lin(["#2a211d", "#3b2f2a"]));
    for (let i = 0; i < 3; i++)
      s +=
        rect(80, 120 + i * 90, 520, 10, P.woodLight) +
        Array.from({ length: 9 }, (_, k) =>
          rect(
            100 + k * 54,
            72 + i * 90,
            18,
            48,
            k % 3 === 0 ? "#7c2d12" : k % 3 === 1 ? "#166534" : "#a16207",
            { rx: 5 },
          ),
        ).join("");
    s +=
      rect(40, 450, 620, 40, P.woodDark) +
      rect(60, 490, 580, floorY - 490, lin([P.navy800, P.navy900])) +
      rect(40, 450, 620, 8, P.woodLight);
    s += pendantCluster(360, 0, true) + pendantCluster(900, 0, true);
    s +=
      rect(720, 120, 420, 300, lin(["#f3b867", "#c2703a"])) +
      rect(720, 120, 420, 300, "none", { stroke: P.charcoal, "stroke-width": 12 }) +
      rect(926, 120, 8, 300, P.charcoal);
    s +=
      chair(760, 860) +
      chair(1040, 860) +
      rect(800, 720, 200, 16, P.woodLight, { rx: 3 }) +
      rect(892, 736, 16, 124, P.charcoal) +
      ellipse(900, 860, 60, 8, P.charcoal);
    s +=
      circle(860, 712, 14, "#f5f3ef") +
      circle(940, 712, 14, "#f5f3ef") +
      rect(896, 690, 8, 24, "#fcd34d", { rx: 3 }) +
      circle(900, 686, 8, "#ffcc66", { opacity: 0.6, filter: blur(4) });
    s += person(380, floorY + 30, 1.5, {
      head: "short",
      hair: P.hair[0],
      shirt: P.white,
      pants: P.charcoal,
      apron: P.charcoal,
      skin: P.skin[2],
      armR: [20, -90],
      armL: [8, 4],
    });
    s += plant(1140, floorY + 10, 200, P.charcoal);
    return s + lightWash(W, H, 0.06);
  });
}

function industrialFacilities(): string {
  return doc(W, H, () => {
    const gy = 700;
    let s = outdoor(W, H, gy, { seed: 73, hills: false, lawn: "#a9b28f" });
    s += warehouse(60, gy, 1080, 420, 4);
    s += rect(0, gy, W, H - gy, lin(["#9aa0a8", "#7b818a"]));
    s += boxTruck(520, 830, 0.9, P.white, true) + forklift(960, 860, 1.1, true);
    s += person(220, 860, 1.5, {
      shirt: P.navy600,
      vest: true,
      hat: P.amber,
      pants: P.denim,
      armR: [25, -100],
      holdR: "clipboard",
      armL: [10, 4],
    });
    return s + lightWash(W, H, 0.12);
  });
}

function healthcareFacilities(): string {
  return doc(W, H, () => {
    const gy = 720;
    let s = outdoor(W, H, gy, { seed: 74, hills: false });
    s += clinic(200, gy, 720, 520);
    s += shrub(300, gy + 10, 140, P.leaf, 3) + shrub(600, gy + 10, 120, P.leafDark, 4);
    s += tree(100, gy + 20, 1.4, P.leaf, 3) + tree(1100, gy + 20, 1.5, P.leafLight, 5);
    s += street(gy);
    s += van(820, 860, 0.8, P.white, "#dc2626");
    return s + lightWash(W, H, 0.12);
  });
}

function educationalBuildings(): string {
  return doc(W, H, () => {
    const gy = 680;
    let s = outdoor(W, H, gy, { seed: 75 });
    s += school(120, gy, 820, 360) + tree(1130, gy + 20, 1.4, P.leaf, 4);
    s +=
      rect(0, gy + 10, W, 60, "#d6d0c6") +
      rect(0, gy + 70, W, H - gy - 70, lin(["#5a606a", "#454a53"]));
    s +=
      schoolBus(560, 860, 0.95) +
      shrub(180, gy + 10, 130, P.leaf, 3) +
      shrub(900, gy + 10, 120, P.leaf, 5);
    return s + lightWash(W, H, 0.12);
  });
}

export const COMMERCIAL: ImageSpec[] = [
  card("services/commercial-construction/office-buildings", officeBuildings),
  card("services/commercial-construction/retail-spaces", retailSpaces),
  card("services/commercial-construction/restaurants", restaurants),
  card("services/commercial-construction/industrial-facilities", industrialFacilities),
  card("services/commercial-construction/healthcare-facilities", healthcareFacilities),
  card("services/commercial-construction/educational-buildings", educationalBuildings),
];
