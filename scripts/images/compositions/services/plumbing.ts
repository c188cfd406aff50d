/** Service cards: plumbing. */
import { P } from "../../lib/palette.ts";
import { doc, ellipse, path, rect } from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { studWall } from "../../pieces/construction.ts";
import { indoor } from "../../pieces/frames.ts";

import { person } from "../../pieces/people.ts";
import { drainMachine } from "../../pieces/plumbing-gear.ts";
import { drip, pipe, puddle, spray, valve } from "../../pieces/plumbing.ts";
import { bucket, toolbox } from "../../pieces/gear.ts";
import { waterHeaterScene, leakDetection, bathroomPlumbing } from "./plumbing-fixtures.ts";

const W = 1200;
const H = 900;

/** Drywall with a cut-open bay showing studs (x0..x1, y0..y1). */
const openWall = (x0: number, x1: number, y0: number, y1: number): string =>
  rect(x0, y0, x1 - x0, y1 - y0, "#3b3f46") +
  studWall(x0, x1, y1, y1 - y0, [], 120, 14) +
  rect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8, "none", { stroke: "#d9d2c4", "stroke-width": 8 });

function emergencyPlumbing(): string {
  return doc(W, H, () => {
    const floorY = 740;
    let s = indoor(W, H, floorY, "#e5e9ec", "tile", "#d6d3cc");
    s += openWall(120, 620, 140, floorY - 18);
    s +=
      pipe(
        [
          [200, 140],
          [200, 420],
          [620, 420],
        ],
        "copper",
        18,
      ) +
      pipe(
        [
          [380, 140],
          [380, 330],
          [620, 330],
        ],
        "copper",
        18,
      );
    s +=
      rect(260, 404, 40, 32, "#7a4a2a", { rx: 4 }) +
      spray(280, 410, 340, 60, 3) +
      spray(280, 420, 200, 200, 7);
    s += puddle(440, floorY + 60, 380) + drip(250, 500, 1.4) + drip(320, 560, 1.2);
    s += person(880, 880, 1.75, {
      shirt: P.navy600,
      pants: P.denim,
      head: "cap",
      hat: P.navy800,
      skin: P.skin[2],
      pose: "walk",
      armR: [60, 70],
      holdR: "wrench",
      armL: [10, 4],
      holdL: "toolbox",
      tool_belt: true,
    });
    s +=
      valve(1080, 420, "#dc2626") +
      pipe(
        [
          [1080, 140],
          [1080, 400],
        ],
        "copper",
        14,
      ) +
      pipe(
        [
          [1080, 440],
          [1080, 720],
        ],
        "copper",
        14,
      );
    return s + lightWash(W, H, 0.1);
  });
}

function pipeInstallation(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#e9e4da", "concrete", "#c9c3b8");
    s += openWall(80, 880, 100, floorY - 18);
    s += pipe(
      [
        [160, 100],
        [160, 600],
        [300, 600],
        [300, floorY - 18],
      ],
      "pvc",
      34,
    );
    s +=
      pipe(
        [
          [420, floorY - 18],
          [420, 480],
          [760, 480],
          [760, 300],
        ],
        "pexRed",
        14,
      ) +
      pipe(
        [
          [470, floorY - 18],
          [470, 540],
          [820, 540],
          [820, 300],
        ],
        "pexBlue",
        14,
      );
    s +=
      pipe(
        [
          [560, 100],
          [560, 380],
          [700, 380],
        ],
        "copper",
        16,
      ) +
      valve(760, 300, "#dc2626", true) +
      valve(820, 300, "#2563eb", true);
    s += person(1000, 880, 1.8, {
      shirt: P.navy600,
      pants: P.khaki,
      head: "cap",
      hat: P.orange600,
      skin: P.skin[0],
      armR: [120, 150],
      holdR: "wrench",
      armL: [30, 20],
      tool_belt: true,
    });
    s +=
      toolbox(700, 890, 1) +
      rect(60, 830, 360, 16, P.copper, { rx: 8 }) +
      rect(80, 852, 300, 14, "#f1efe9", { rx: 7 });
    return s + lightWash(W, H, 0.1);
  });
}

function drainCleaning(): string {
  return doc(W, H, () => {
    const floorY = 640;
    let s = indoor(W, H, floorY, "#e2e0da", "concrete", "#b9b4ab");
    s +=
      pipe(
        [
          [860, 0],
          [860, 440],
          [700, 440],
          [700, floorY + 20],
        ],
        "pvc",
        36,
      ) + rect(840, 300, 40, 30, "#e2ded5", { rx: 6 });
    s += ellipse(360, 780, 70, 18, "#6b7078") + ellipse(360, 780, 54, 12, "#3a3f47");
    for (let i = 0; i < 5; i++)
      s += path(`M${346 + i * 7} 770 l0 18`, "none", { stroke: "#9aa3ad", "stroke-width": 2 });
    s +=
      drainMachine(700, 860, 1.3) +
      path("M570 740 C480 700 420 730 380 775", "none", {
        stroke: P.steel,
        "stroke-width": 6,
        "stroke-linecap": "round",
      });
    s += person(960, 880, 1.8, {
      shirt: P.navy600,
      pants: P.denim,
      head: "cap",
      hat: P.navy800,
      skin: P.skin[2],
      armR: [50, 70],
      armL: [20, 10],
      tool_belt: true,
    });
    s += bucket(180, 880, 1.2, P.orange600) + lightWash(W, H, 0.1);
    return s;
  });
}

export const PLUMBING: ImageSpec[] = [
  card("services/plumbing/emergency-plumbing", emergencyPlumbing),
  card("services/plumbing/pipe-installation", pipeInstallation),
  card("services/plumbing/drain-cleaning", drainCleaning),
  card("services/plumbing/water-heater", waterHeaterScene),
  card("services/plumbing/leak-detection", leakDetection),
  card("services/plumbing/bathroom-plumbing", bathroomPlumbing),
];
