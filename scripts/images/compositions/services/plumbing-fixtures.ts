/** Service cards: plumbing — water heater, leak detection, bathroom plumbing (used by plumbing.ts). */
import { P } from "../../lib/palette.ts";
import { blur, circle, doc, ellipse, lin, rect } from "../../lib/svg.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { toilet, vanity } from "../../pieces/bath.ts";
import { indoor } from "../../pieces/frames.ts";
import { tiles } from "../../pieces/materials.ts";
import { plant } from "../../pieces/interior.ts";
import { person } from "../../pieces/people.ts";
import { expansionTank, waterHeater } from "../../pieces/plumbing-gear.ts";
import { drip, pipe, puddle, valve } from "../../pieces/plumbing.ts";
import { bucket, toolbox } from "../../pieces/gear.ts";

const W = 1200;
const H = 900;

export function waterHeaterScene(): string {
  return doc(W, H, () => {
    const floorY = 780;
    let s = indoor(W, H, floorY, "#e6e2d8", "concrete", "#c2bcb1");
    s += rect(0, 0, W, floorY - 18, "#ddd6c8", { opacity: 0.35 });
    s +=
      pipe(
        [
          [0, 96],
          [W, 96],
        ],
        "copper",
        18,
      ) +
      pipe(
        [
          [0, 140],
          [W, 140],
        ],
        "pexBlue",
        12,
      );
    s += waterHeater(520, floorY + 40, 1.25);
    s +=
      pipe(
        [
          [472, 96],
          [472, 180],
        ],
        "copper",
        18,
      ) +
      pipe(
        [
          [568, 96],
          [568, 180],
        ],
        "copper",
        18,
      );
    s +=
      expansionTank(310, 330, 1.2) +
      pipe(
        [
          [310, 96],
          [310, 90],
        ],
        "copper",
        12,
      );
    s += person(860, 880, 1.85, {
      shirt: P.navy600,
      pants: P.khaki,
      head: "cap",
      hat: P.orange600,
      skin: P.skin[1],
      armR: [60, 100],
      holdR: "wrench",
      armL: [25, -90],
      holdL: "clipboard",
      tool_belt: true,
    });
    s += toolbox(1080, 890, 1);
    return s + lightWash(W, H, 0.1);
  });
}
export function leakDetection(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#ece7dc", "wood", "#c59a6b");
    s +=
      ellipse(420, 220, 170, 110, "#c8b48a", { opacity: 0.55, filter: blur(10) }) +
      ellipse(420, 220, 110, 70, "#b89f70", { opacity: 0.5, filter: blur(6) }) +
      ellipse(430, 280, 50, 70, "#a89066", { opacity: 0.4, filter: blur(8) });
    s +=
      drip(430, 330, 1.6) +
      drip(436, 430, 1.3) +
      drip(430, 560, 1.4) +
      bucket(430, floorY + 70, 1.3, P.steelLight) +
      puddle(430, floorY + 86, 90);
    s +=
      rect(760, 240, 220, 300, P.charcoal, { rx: 16 }) +
      rect(774, 256, 192, 240, lin(["#1e3a8a", "#1d4ed8"]), { rx: 6 });
    s +=
      ellipse(860, 350, 70, 56, "#22d3ee", { opacity: 0.85, filter: blur(14) }) +
      ellipse(860, 350, 34, 26, "#a5f3fc", { filter: blur(6) }) +
      ellipse(800, 460, 60, 30, "#f59e0b", { opacity: 0.6, filter: blur(14) }) +
      circle(870, 518, 12, "#374151");
    s += person(640, 880, 1.8, {
      shirt: P.navy600,
      pants: P.denim,
      head: "cap",
      hat: P.navy800,
      skin: P.skin[2],
      armR: [20, -70],
      holdR: "meter",
      armL: [60, 110],
      tool_belt: true,
    });
    return s + lightWash(W, H, 0.1);
  });
}
export function bathroomPlumbing(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#eef0ee", "tile", "#d8d4cc");
    s += rect(0, 0, W, floorY - 18, tiles("#eef0ee", 80, "#d3d6d2"));
    s += toilet(260, floorY, 1.05) + vanity(560, floorY, 360, "#f5f1e9", {});
    s +=
      rect(594, floorY - 230, 292, 170, "#2a2f38") +
      pipe(
        [
          [700, floorY - 230],
          [700, floorY - 150],
          [760, floorY - 150],
          [760, floorY - 120],
          [886, floorY - 120],
        ],
        "pvc",
        16,
      );
    s += valve(640, floorY - 100, "#dc2626", true) + valve(840, floorY - 100, "#2563eb", true);
    s += person(1000, 880, 1.8, {
      shirt: P.navy600,
      pants: P.khaki,
      head: "cap",
      hat: P.orange600,
      skin: P.skin[0],
      pose: "kneel",
      armR: [110, 140],
      holdR: "wrench",
      armL: [30, 20],
      tool_belt: true,
    });
    s += plant(80, floorY, 150, P.white) + toolbox(440, 880, 0.9);
    return s + lightWash(W, H, 0.1);
  });
}
