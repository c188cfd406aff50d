/** Service cards: electrical. */
import { P } from "../../lib/palette.ts";
import { blur, circle, doc, ellipse, lin, path, rect, shade, stroke } from "../../lib/svg.ts";
import { card, type ImageSpec } from "../../lib/types.ts";
import { lightWash } from "../../pieces/backdrop.ts";
import { studWall } from "../../pieces/construction.ts";
import { bolt, panel, pendantCluster, recessed, sconce, sparks } from "../../pieces/electrical.ts";
import {
  deviceBox,
  lightSwitch,
  outlet,
  phoneUi,
  thermostat,
  wireSpool,
} from "../../pieces/devices.ts";
import { indoor } from "../../pieces/frames.ts";
import { artPrint, plant } from "../../pieces/interior.ts";
import { baseCabinets, counter, subway } from "../../pieces/cabinetry.ts";
import { person } from "../../pieces/people.ts";
import { rain } from "../../pieces/roofing.ts";
import { ladder, toolbox } from "../../pieces/gear.ts";

const W = 1200;
const H = 900;

/** A sofa seen from the front. */
export const sofa = (x: number, y: number, w: number, color: string): string =>
  ellipse(x + w / 2 + 14, y, w * 0.55, 10, "#0b1a33", { opacity: 0.22, filter: blur(6) }) +
  rect(x, y - 190, w, 110, color, { rx: 24 }) +
  rect(x - 20, y - 120, w + 40, 90, color, { rx: 18 }) +
  rect(x + 10, y - 120, w / 2 - 14, 40, lin([color, "#0b1a33"]), { rx: 12, opacity: 0.25 }) +
  rect(x - 30, y - 150, 50, 130, color, { rx: 18 }) +
  rect(x + w - 20, y - 150, 50, 130, color, { rx: 18 }) +
  rect(x + 20, y - 30, 14, 30, P.woodDark) +
  rect(x + w - 34, y - 30, 14, 30, P.woodDark) +
  rect(x + 40, y - 172, 110, 80, P.amber, { rx: 16, opacity: 0.9 });

function electricalInstallation(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#e8e2d6", "concrete", "#c5bfb4");
    s +=
      rect(60, 100, 820, floorY - 118, "#3b3f46") +
      studWall(60, 880, floorY - 18, floorY - 118, [], 136, 16);
    s +=
      deviceBox(232, 520, "#f5d142") +
      deviceBox(504, 520, "#f5d142") +
      deviceBox(640, 300, "#f5d142");
    s +=
      path("M250 520 C250 420 400 380 522 380 C600 380 640 360 658 300", "none", {
        stroke: "#f5d142",
        "stroke-width": 7,
      }) +
      path("M522 520 L522 380", "none", { stroke: "#f5d142", "stroke-width": 7 }) +
      path("M658 300 C660 200 700 140 880 130", "none", { stroke: "#f5d142", "stroke-width": 7 });
    s += wireSpool(980, 880, 1.5) + toolbox(170, 890, 1);
    s += person(760, 880, 1.85, {
      shirt: P.navy600,
      pants: P.khaki,
      hat: P.amber,
      skin: P.skin[2],
      armR: [130, 150],
      armL: [100, 130],
      tool_belt: true,
    });
    s += path("M700 470 C760 470 800 520 860 600", "none", {
      stroke: "#f5d142",
      "stroke-width": 7,
    });
    return s + lightWash(W, H, 0.1);
  });
}

function emergencyElectrical(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s =
      indoor(W, H, floorY, "#6b7280", "wood", "#5c4a3a") +
      rect(0, 0, W, H, "#0b1a33", { opacity: 0.55 });
    s +=
      rect(700, 120, 320, 360, "#1a2540") +
      rect(700, 120, 320, 360, "none", { stroke: "#3b4560", "stroke-width": 14 }) +
      rain(700, 120, 320, 360, 3, 60) +
      bolt(860, 140, 0.9) +
      rect(856, 120, 8, 360, "#3b4560");
    s += outlet(360, 560, 1.4) + sparks(360, 540, 40);
    s += person(600, 880, 1.85, {
      shirt: P.navy600,
      pants: P.charcoal,
      hat: P.amber,
      vest: true,
      skin: P.skin[1],
      armR: [60, 75],
      holdR: "flashlight",
      armL: [10, 4],
      holdL: "toolbox",
      tool_belt: true,
    });
    return s;
  });
}

function panelUpgrades(): string {
  return doc(W, H, () => {
    const floorY = 820;
    let s = indoor(W, H, floorY, "#e3ded3", "concrete", "#bdb7ac");
    s +=
      rect(150, 200, 170, 230, "#8b8f94", { rx: 4 }) +
      rect(165, 215, 140, 200, "#5f646b") +
      [0, 1, 2, 3]
        .map((i) => circle(205 + (i % 2) * 60, 270 + Math.floor(i / 2) * 80, 20, "#c7a44a"))
        .join("");
    s += stroke(
      [
        [235, 200],
        [235, 60],
      ],
      P.steel,
      14,
    );
    s += panel(470, 110, 360, 600, { open: true, rows: 12 });
    s += person(1000, 900, 1.95, {
      shirt: P.navy600,
      pants: P.khaki,
      hat: P.amber,
      skin: P.skin[2],
      armR: [60, 100],
      holdR: "meter",
      armL: [10, 4],
      tool_belt: true,
      vest: true,
    });
    s += toolbox(260, 890, 1);
    return s + lightWash(W, H, 0.1);
  });
}

function lighting(): string {
  return doc(W, H, () => {
    const floorY = 740;
    let s =
      indoor(W, H, floorY, "#efe6d6", "wood", "#b98e63") +
      rect(0, 0, W, floorY, "#0b1a33", { opacity: 0.12 });
    s += recessed(200, 16, floorY, 0.3) + recessed(1000, 16, floorY, 0.3);
    s += pendantCluster(600, 0, true) + sconce(160, 330) + sconce(1040, 330);
    s += artPrint(420, 230, 360, 220, P.amber) + sofa(380, floorY + 40, 440, P.navy600);
    s += plant(140, floorY + 10, 200, P.white);
    s +=
      ladder(960, 900, 480, -0.04) +
      person(1010, 560, 1.5, {
        shirt: P.navy800,
        pants: P.khaki,
        hat: P.white,
        skin: P.skin[0],
        armR: [150, 170],
        armL: [40, 30],
        tool_belt: true,
      });
    return s + lightWash(W, H, 0.08);
  });
}

function smartHome(): string {
  return doc(W, H, () => {
    const floorY = 720;
    let s = indoor(W, H, floorY, "#eae5dc", "wood", "#c39a6e");
    s += recessed(300, 16, floorY, 0.22) + recessed(900, 16, floorY, 0.22);
    s += thermostat(200, 360, 60) + lightSwitch(340, 380, 1.1);
    s +=
      rect(520, 180, 460, 280, P.charcoal, { rx: 10 }) +
      rect(532, 192, 436, 256, lin(["#1f4b82", "#0b1a33"])) +
      circle(750, 320, 60, P.amber, { opacity: 0.25 });
    s +=
      rect(560, 540, 400, 26, P.woodDark, { rx: 4 }) +
      rect(580, 566, 14, 150, P.charcoal) +
      rect(926, 566, 14, 150, P.charcoal);
    s +=
      rect(860, 468, 46, 72, "#e5e7eb", { rx: 20 }) +
      rect(868, 472, 30, 6, "#38bdf8", { rx: 3 }) +
      plant(640, 540, 90, P.white);
    s += circle(860, 420, 40, "#7dd3fc", { opacity: 0.25, filter: blur(12) });
    s +=
      stroke(
        [
          [40, 960],
          [150, 830],
        ],
        P.navy600,
        90,
      ) + ellipse(190, 800, 62, 52, P.skin[1]);
    for (const fy of [720, 758, 796])
      s += ellipse(338, fy, 26, 14, shade(P.skin[1], -0.06), {
        transform: `rotate(-14 338 ${fy})`,
      });
    s +=
      phoneUi(100, 520, 200, -8) +
      stroke(
        [
          [128, 820],
          [150, 760],
        ],
        P.skin[1],
        26,
      );
    return s + lightWash(W, H, 0.1);
  });
}

function maintenance(): string {
  return doc(W, H, () => {
    const floorY = 760;
    let s = indoor(W, H, floorY, "#e9eef0", "tile", "#d8d3c9");
    s +=
      rect(0, 300, 760, 280, subway("#fbfaf7")) +
      baseCabinets(0, 760, 580, floorY, "#f5f1e9", "shaker") +
      counter(-10, 770, 580, "quartz", 3);
    s +=
      rect(520, 500, 90, 66, P.steelLight, { rx: 10 }) +
      rect(540, 490, 50, 12, P.charcoal, { rx: 4 }) +
      rect(80, 470, 70, 98, P.charcoal, { rx: 10 }) +
      rect(90, 480, 50, 40, "#3b4350", { rx: 4 });
    s += outlet(380, 440, 1.8, true) + lightSwitch(880, 420, 1.8);
    s +=
      circle(450, 350, 26, "#16a34a") +
      stroke(
        [
          [438, 350],
          [447, 359],
          [463, 341],
        ],
        P.white,
        6,
      );
    s += person(920, 880, 1.85, {
      shirt: P.navy600,
      pants: P.khaki,
      hat: P.amber,
      skin: P.skin[1],
      armR: [70, 100],
      holdR: "meter",
      armL: [25, -95],
      holdL: "clipboard",
      tool_belt: true,
    });
    s += toolbox(1100, 890, 0.9);
    return s + lightWash(W, H, 0.1);
  });
}

export const ELECTRICAL: ImageSpec[] = [
  card("services/electrical/electrical-installation", electricalInstallation),
  card("services/electrical/emergency-electrical", emergencyElectrical),
  card("services/electrical/panel-upgrades", panelUpgrades),
  card("services/electrical/lighting", lighting),
  card("services/electrical/smart-home", smartHome),
  card("services/electrical/maintenance", maintenance),
];
