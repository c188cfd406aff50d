/** Kitchen appliances and a whole kitchen elevation in a dated or renovated state. */
import { P } from "../lib/palette.ts";
import { blur, circle, ellipse, g, lin, path, rect, shade } from "../lib/svg.ts";
import { backsplash, baseCabinets, counter, upperCabinets } from "./cabinetry.ts";
import { faucet, plant, room, viewWindow } from "./interior.ts";

export function fridge(x: number, floorY: number, w: number, h: number, dated: boolean): string {
  const y = floorY - h;
  const body = dated ? "#ece4cf" : "#c9d1da";
  const face = dated
    ? lin(["#f4eedd", "#ddd3bb"], 0, 0, 1, 0)
    : lin(["#e6ebf0", "#b5c0cc", "#d5dce3"], 0, 0, 1, 0);
  let out =
    rect(x + 10, y + 8, w, h, "#0b1a33", { opacity: 0.18, filter: blur(8) }) +
    rect(x, y, w, h, body, { rx: 6 }) +
    rect(x + 3, y + 3, w - 6, h - 6, face, { rx: 5 });
  if (dated) {
    out +=
      rect(x + 3, y + h * 0.32, w - 6, 3, shade(body, -0.25)) +
      rect(x + w - 18, y + 30, 7, 60, "#cfc6ae", { rx: 3 }) +
      rect(x + w - 18, y + h * 0.4, 7, 90, "#cfc6ae", { rx: 3 });
    out +=
      circle(x + 40, y + h * 0.5, 9, P.flowerYellow) +
      rect(x + 60, y + h * 0.45, 26, 32, "#fbfaf6") +
      path(`M${x + 6} ${y + h - 40} q20 -6 30 8`, "none", { stroke: "#c2b48f", "stroke-width": 3 });
  } else {
    out +=
      rect(x + w / 2 - 1.5, y + 3, 3, h * 0.62, shade(body, -0.3)) +
      rect(x + 3, y + h * 0.64, w - 6, 3, shade(body, -0.3));
    out +=
      rect(x + w / 2 - 14, y + 40, 6, h * 0.45, P.charcoal, { rx: 3 }) +
      rect(x + w / 2 + 8, y + 40, 6, h * 0.45, P.charcoal, { rx: 3 });
    out += rect(x + 30, y + h * 0.7, w - 60, 6, P.charcoal, { rx: 3 });
    out +=
      rect(x + 18, y + 60, 30, 44, "#2f3b4a", { rx: 3 }) +
      rect(x + 22, y + 66, 22, 6, "#7dd3fc", { opacity: 0.7 });
  }
  return out;
}

export function rangeOven(
  x: number,
  top: number,
  floorY: number,
  w: number,
  dated: boolean,
): string {
  const h = floorY - top;
  const body = dated ? "#efe9da" : "#cfd6de";
  let out = rect(x, top - 6, w, h + 6, dated ? body : lin(["#e2e7ec", "#aeb8c4"], 0, 0, 1, 0), {
    rx: 3,
  });
  out += rect(x - 2, top - 12, w + 4, 8, dated ? "#e3dccb" : P.charcoal, { rx: 2 });
  out += rect(x + 10, top + 8, w - 20, 22, dated ? "#d8cfb9" : P.charcoal, { rx: 3 });
  for (let i = 0; i < 4; i++)
    out += circle(x + 24 + i * ((w - 48) / 3), top + 19, 5, dated ? "#8d8370" : P.steelLight);
  out +=
    rect(x + 12, top + 44, w - 24, h - 70, dated ? "#3b352c" : "#1f2937", { rx: 4 }) +
    rect(x + 26, top + 56, w - 52, h - 110, dated ? "#5a5042" : "#334155", { rx: 3 });
  out += rect(x + 16, top + 40, w - 32, 6, dated ? "#cfc6ae" : P.steelLight, { rx: 3 });
  if (!dated) out += rect(x + 26, top + 56, (w - 52) * 0.4, h - 110, "#ffffff", { opacity: 0.08 });
  return out;
}

export function hood(cx: number, y: number, w: number, ceilingY: number, dated: boolean): string {
  if (dated)
    return (
      rect(cx - w / 2, y - 70, w, 70, "#e9e1cc", { rx: 3 }) +
      rect(cx - w / 2 + 10, y - 52, w * 0.62, 40, "#3b352c", { rx: 2 }) +
      rect(cx + w * 0.2, y - 52, w * 0.22, 40, "#d8cfb9")
    );
  return (
    rect(cx - 34, ceilingY, 68, y - 80 - ceilingY, lin(["#dfe5eb", "#aab5c1"], 0, 0, 1, 0)) +
    path(
      `M${cx - w / 2} ${y} L${cx - 40} ${y - 80} L${cx + 40} ${y - 80} L${cx + w / 2} ${y} Z`,
      lin(["#e6ebf0", "#aeb8c4"], 0, 0, 1, 0),
    ) +
    rect(cx - w / 2, y - 6, w, 8, P.steel) +
    ellipse(cx, y + 40, w * 0.4, 30, "#fff3cf", { opacity: 0.25, filter: blur(14) })
  );
}

export function dishwasher(
  x: number,
  top: number,
  floorY: number,
  w: number,
  dated: boolean,
): string {
  const h = floorY - top - 14;
  return (
    rect(x, top, w, h, dated ? "#efe9da" : lin(["#e2e7ec", "#aeb8c4"], 0, 0, 1, 0), { rx: 2 }) +
    rect(x + 12, top + 16, w - 24, 6, dated ? "#b8ad92" : P.charcoal, { rx: 3 }) +
    rect(x, floorY - 14, w, 14, "#0b1a33", { opacity: 0.5 })
  );
}

export interface KitchenOpts {
  w: number;
  h: number;
  dated: boolean;
  /** Renovated finishes: lower and upper cabinet colours, wall and floor. */
  low?: string;
  up?: string;
  wallColor?: string;
  floorColor?: string;
}

/** The before/after kitchen: identical layout, only finishes and fixtures change. */
export function kitchen({ w, h, dated, low, up, wallColor, floorColor }: KitchenOpts): string {
  const floorY = Math.round(h * 0.8);
  const top = floorY - 220;
  const upB = top - 120;
  const upT = 110;
  const k = w / 1280;
  const X = (v: number): number => v * k;
  const wall = dated ? "#e6d7a6" : (wallColor ?? "#f3efe7");
  const lowC = dated ? "#c48a4a" : (low ?? P.navy600);
  const upC = dated ? "#c48a4a" : (up ?? "#f7f4ee");
  const style = dated ? "dated" : "shaker";
  const handle = dated ? "#b8902f" : "#b08d57";
  let out = room(
    w,
    h,
    floorY,
    wall,
    dated ? "check" : "wood",
    dated ? "#d8cfae" : (floorColor ?? "#c89a6a"),
  );
  if (dated) {
    out += path(`M${X(820)} ${upT + 40} q12 60 -4 120 q-8 40 6 70`, "none", {
      stroke: "#c9b782",
      "stroke-width": 3,
      opacity: 0.9,
    });
    out += ellipse(X(300), 70, 120, 40, "#c8b27a", { opacity: 0.35, filter: blur(20) });
    out +=
      rect(X(420), 30, X(420), 34, "#f2efe6", { rx: 3 }) + rect(X(430), 60, X(400), 6, "#d8d2c0");
  } else {
    for (const lx of [X(250), X(640), X(1030)])
      out +=
        ellipse(lx, 22, 26, 6, "#fff8e6") +
        ellipse(lx, 70, 90, 60, "#fff3d6", { opacity: 0.3, filter: blur(24) });
  }
  out += viewWindow(X(500), upT + 20, X(200), upB - upT - 10, dated ? "#efe8d4" : P.white, "kw");
  if (dated)
    out += path(
      `M${X(488)} ${upT + 8} L${X(712)} ${upT + 8} L${X(712)} ${upT + 58} Q${X(656)} ${upT + 80} ${X(600)} ${upT + 58} Q${X(544)} ${upT + 80} ${X(488)} ${upT + 58} Z`,
      "#c9a45a",
    );
  out += backsplash(
    X(90),
    X(1060),
    upB,
    top - 12,
    dated ? "square" : "subway",
    dated ? "#e9dcae" : "#fbfaf7",
  );
  if (dated)
    for (const [cx, cy] of [
      [X(230), upB + 60],
      [X(470), upB + 30],
      [X(930), upB + 70],
    ] as const)
      out += path(`M${cx} ${cy} l10 14 l-6 10 l12 12`, "none", {
        stroke: "#8b7d5a",
        "stroke-width": 2,
      });
  out +=
    upperCabinets(X(90), X(480), upT, upB, upC, style, handle) +
    upperCabinets(X(720), X(860), upT, upB, upC, style, handle) +
    upperCabinets(X(1010), X(1064), upT, upB, upC, style, handle);
  if (dated) out += upperCabinets(X(870), X(1000), upT, upT + 80, upC, style, handle);
  if (!dated)
    out +=
      rect(X(90), upB, X(390), 6, "#fff6d8", { opacity: 0.9 }) +
      rect(X(720), upB, X(140), 6, "#fff6d8", { opacity: 0.9 }) +
      rect(
        X(90),
        upB + 6,
        X(970),
        60,
        lin([
          ["#fff3cf", 0, 0.45],
          ["#fff3cf", 1, 0],
        ]),
      );
  else
    out += g(upperCabinets(X(382), X(480), upT, upB, upC, style, handle), {
      transform: `rotate(3 ${X(382)} ${upT})`,
      opacity: 0.98,
    });
  out += baseCabinets(X(90), X(700), top, floorY, lowC, style, handle);
  out += dishwasher(X(700), top, floorY, X(110), dated);
  out += baseCabinets(X(810), X(870), top, floorY, lowC, style, handle);
  out += rangeOven(X(870), top, floorY, X(130), dated);
  out += hood(X(935), upB + 10, X(dated ? 136 : 170), 0, dated);
  out += baseCabinets(X(1000), X(1064), top, floorY, lowC, style, handle);
  out += counter(X(80), X(870), top, dated ? "laminate" : "quartz", 3);
  out += counter(X(1000), X(1066), top, dated ? "laminate" : "quartz", 4);
  out +=
    rect(X(540), top - 10, X(120), 6, dated ? "#b5a67f" : "#d8d5cf", { rx: 3 }) +
    faucet(X(584), top - 10, dated ? "#c9c2b0" : P.charcoal);
  out += fridge(X(1075), floorY, X(170), floorY - upT + 20, dated);
  if (dated) {
    out +=
      rect(X(140), top - 70, 70, 58, "#ece3ca", { rx: 4 }) +
      rect(X(150), top - 62, 44, 40, "#3b352c") +
      rect(X(330), top - 40, 40, 28, "#c9a45a", { rx: 3 });
  } else {
    out +=
      plant(X(200), top - 12, 90, P.white) +
      ellipse(X(400), top - 20, 44, 12, P.woodLight) +
      circle(X(385), top - 28, 11, P.amber) +
      circle(X(408), top - 30, 10, "#e56b3a") +
      circle(X(420), top - 24, 9, P.leafLight);
    out +=
      rect(X(450), top - 90, 14, 78, P.woodLight, { rx: 3 }) +
      rect(X(470), top - 62, 80, 50, "#e4ddd0", { rx: 4 });
  }
  return out;
}
