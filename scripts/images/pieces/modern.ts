/** A contemporary two-volume home (flat roofs, big glazing, wood cladding), ~1000 wide at s=1. */
import { P } from "../lib/palette.ts";
import { at, blur, ellipse, lin, poly, rect, shade, shadow } from "../lib/svg.ts";
import { slats } from "./materials.ts";
import { plant } from "./interior.ts";

/** Floor-to-ceiling glazing, warm-lit at dusk or reflecting sky by day, with mullions every `bay`. */
function glazing(x: number, y: number, w: number, h: number, lit: boolean, bay = 90): string {
  let out = rect(
    x,
    y,
    w,
    h,
    lit ? lin(["#ffe2a6", "#f3b464", "#d98d45"]) : lin(["#d8ecf8", "#8ebee3", "#5f91c0"]),
  );
  if (lit) {
    out += ellipse(x + w * 0.3, y + h * 0.2, w * 0.25, h * 0.25, "#fff4d6", {
      opacity: 0.5,
      filter: blur(20),
    });
    out +=
      rect(x + w * 0.1, y + h * 0.62, w * 0.34, h * 0.2, "#8a5a3a", { rx: 10, opacity: 0.55 }) +
      rect(x + w * 0.58, y + h * 0.5, w * 0.06, h * 0.5, "#7a4e30", { opacity: 0.4 });
  } else {
    out += poly(
      [
        [x + w * 0.1, y + h],
        [x + w * 0.35, y],
        [x + w * 0.5, y],
        [x + w * 0.25, y + h],
      ],
      "#ffffff",
      { opacity: 0.18 },
    );
  }
  for (let xx = x + bay; xx < x + w - 10; xx += bay) out += rect(xx - 3, y, 6, h, P.charcoal);
  return out + rect(x, y, w, h, "none", { stroke: P.charcoal, "stroke-width": 8 });
}

export function modernHouse(x: number, y: number, s: number, lit = true): string {
  const stucco = lit ? "#d9d6d0" : "#f4f1ea";
  const dark = "#2b2f36";
  let out = shadow(40, 0, 560, 18, 0.3, 10);
  // lower wing (stucco) with glazing
  out += rect(-500, -230, 620, 230, lin([shade(stucco, 0.06), shade(stucco, -0.08)], 0, 0, 1, 0));
  out += glazing(-460, -200, 520, 190, lit, 104);
  out +=
    rect(-512, -244, 644, 16, dark) +
    rect(-500, -228, 620, 14, "#0b1a33", { opacity: 0.18, filter: blur(4) });
  // right wing (wood slats) with entry
  out += rect(120, -300, 360, 300, slats(lit ? "#9a6a45" : P.wood));
  out +=
    rect(180, -250, 100, 250, dark) +
    rect(190, -240, 80, 240, lit ? lin(["#ffe2a6", "#e9a357"]) : lin(["#cfe3f2", "#86b2d6"]));
  out += rect(330, -240, 110, 160, dark) + glazing(338, -232, 94, 144, lit, 200);
  out += rect(110, -314, 384, 16, dark);
  // upper cantilevered volume (dark)
  out += rect(-300, -470, 640, 226, lin([shade(dark, 0.12), dark], 0, 0, 1, 0));
  out += glazing(-260, -440, 460, 160, lit, 115);
  out +=
    rect(-314, -484, 668, 16, "#1c1f24") +
    rect(-300, -244, 640, 20, "#0b1a33", { opacity: 0.3, filter: blur(6) });
  out += rect(230, -430, 80, 150, slats(lit ? "#9a6a45" : P.wood));
  // glass balustrade on the lower roof
  out +=
    rect(-500, -300, 190, 56, "#cfe8f7", { opacity: lit ? 0.25 : 0.4 }) +
    rect(-500, -302, 190, 4, P.steelLight);
  out += plant(-420, -244, 70, dark);
  if (lit) out += ellipse(-180, 10, 420, 40, "#ffcf7a", { opacity: 0.25, filter: blur(20) });
  return at(x, y, s, out);
}
