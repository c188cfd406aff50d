/** Street-level commercial buildings: storefronts, warehouse, clinic, school. */
import { P } from "../lib/palette.ts";
import { blur, circle, clip, g, lin, path, poly, rect, rng, shade, shadow } from "../lib/svg.ts";
import { bricks } from "./materials.ts";
import { door, windowUnit } from "./openings.ts";

/** A row of street-level shops: awnings, display windows, doors, blank sign bands. */
export function storefront(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  awning: string,
  seed = 1,
): string {
  const r = rng(seed);
  let out =
    rect(x, y - h, w, h, color) +
    rect(x, y - h, w, 16, shade(color, -0.2)) +
    rect(x + 20, y - h + 30, w - 40, 40, shade(color, -0.3), { rx: 3 });
  const gy = y - 20;
  out +=
    rect(x + 18, gy - h * 0.5, w * 0.62, h * 0.5, lin(["#d7ecfa", "#8fbde2"])) +
    rect(x + 18, gy - 10, w * 0.62, 10, shade(color, -0.3));
  for (let i = 0; i < 4; i++)
    out += rect(
      x + 34 + i * w * 0.14,
      gy - 30 - r() * 50,
      w * 0.1,
      30 + r() * 50,
      i % 2 ? P.amber : P.navy400,
      { rx: 3, opacity: 0.85 },
    );
  out += poly(
    [
      [x + 18 + w * 0.1, gy],
      [x + 18 + w * 0.3, gy - h * 0.5],
      [x + 18 + w * 0.38, gy - h * 0.5],
      [x + 18 + w * 0.18, gy],
    ],
    "#ffffff",
    { opacity: 0.18 },
  );
  out += door(x + w * 0.72, gy - h * 0.5, w * 0.2, h * 0.5, P.charcoal, {
    glass: true,
    frame: shade(color, -0.2),
  });
  const ay = gy - h * 0.5 - 16;
  let stripes = "";
  for (let sx = x; sx < x + w; sx += 40)
    stripes += rect(sx, ay - 44, 20, 64, P.white, { opacity: 0.85 });
  out += g(rect(x - 6, ay - 44, w + 12, 64, awning) + stripes, {
    "clip-path": clip(
      `aw${x}${y}`,
      path(`M${x - 6} ${ay - 44} H${x + w + 6} L${x + w + 20} ${ay + 10} H${x - 20} Z`, "#000"),
    ),
  });
  out +=
    rect(x - 20, ay + 8, w + 40, 10, shade(awning, -0.25), { rx: 3 }) +
    rect(x, ay + 18, w, 30, "#0b1a33", { opacity: 0.18, filter: blur(6) });
  return out + rect(x, y - 20, w, 20, P.concrete);
}
/** Steel warehouse with loading docks. */
export function warehouse(x: number, y: number, w: number, h: number, docks = 4): string {
  const wall = "#d9dee4";
  let ribs = "";
  for (let xx = x; xx < x + w; xx += 14) ribs += rect(xx, y - h, 5, h, shade(wall, -0.08));
  let out =
    shadow(x + w / 2, y, w * 0.55, 10, 0.22, 6) +
    rect(x, y - h, w, h, wall) +
    ribs +
    rect(
      x,
      y - h,
      w,
      h,
      lin(
        [
          ["#ffffff", 0, 0.2],
          ["#0b1a33", 1, 0.1],
        ],
        0,
        0,
        1,
        0,
      ),
    );
  out += rect(x - 6, y - h - 14, w + 12, 16, P.navy600) + rect(x, y - 70, w, 70, "#b7bec7");
  const dw = (w * 0.7) / docks;
  for (let i = 0; i < docks; i++) {
    const dx = x + w * 0.25 + i * dw;
    out +=
      rect(dx, y - 60 - h * 0.45, dw - 20, h * 0.45, shade(wall, -0.2)) +
      rect(dx + 4, y - 56 - h * 0.45, dw - 28, h * 0.45 - 8, "#aab3bd");
    for (let k = 0; k < 6; k++)
      out += rect(dx + 4, y - 60 - h * 0.45 + 8 + k * ((h * 0.45) / 6), dw - 28, 2, "#8f99a5");
    out +=
      rect(dx - 4, y - 66, dw - 12, 10, P.charcoal) +
      rect(dx + dw * 0.2, y - 60 - h * 0.45 - 20, 18, 10, P.amberLight, { rx: 2 });
  }
  out += windowUnit(x + 30, y - h * 0.7, w * 0.16, h * 0.22, {
    cols: 3,
    rows: 1,
    frame: P.navy600,
    sill: false,
  });
  out += door(x + 40, y - 70 - 110, 60, 110, P.navy600, { glass: true, frame: "#b7bec7" });
  return out;
}
/** A clinic/hospital block with a cross sign and entrance canopy. */
export function clinic(x: number, y: number, w: number, h: number): string {
  const wall = "#f3f1ec";
  let out =
    shadow(x + w / 2, y, w * 0.55, 10, 0.22, 6) +
    rect(x, y - h, w, h, wall) +
    rect(x + w, y - h + 12, w * 0.08, h - 12, shade(wall, -0.18));
  for (let yy = y - h + 40; yy < y - 140; yy += 70)
    out +=
      rect(x + 24, yy, w - 48, 40, lin(["#cfe6f6", "#7fb0da"])) +
      rect(x + 24, yy + 36, w - 48, 6, "#d4d0c8");
  out +=
    rect(x + w * 0.3, y - 120, w * 0.4, 120, lin(["#cfe6f6", "#7fb0da"])) +
    rect(x + w * 0.49, y - 120, 4, 120, P.white);
  out +=
    rect(x + w * 0.2, y - 140, w * 0.6, 18, P.navy600) +
    rect(x + w * 0.2, y - 122, w * 0.6, 20, "#0b1a33", { opacity: 0.15, filter: blur(5) });
  const cx = x + w * 0.82;
  const cy = y - h - 40;
  out +=
    rect(cx - 44, cy - 44, 88, 88, P.white, { rx: 10 }) +
    rect(cx - 12, cy - 34, 24, 68, "#dc2626", { rx: 3 }) +
    rect(cx - 34, cy - 12, 68, 24, "#dc2626", { rx: 3 });
  return out;
}
/** A brick school with a pediment entrance, clock and flagpole. */
export function school(x: number, y: number, w: number, h: number): string {
  let out =
    shadow(x + w / 2, y, w * 0.55, 10, 0.22, 6) +
    rect(x, y - h, w, h, bricks("#b65c43")) +
    rect(x - 8, y - h - 14, w + 16, 16, "#e8e0d2");
  for (const row of [0, 1])
    for (let i = 0; i < 6; i++) {
      const wx = x + 30 + (i * (w - 60)) / 6 + (i >= 3 ? 40 : 0) - (i >= 3 ? 0 : 0);
      if (i === 2 || i === 3) continue;
      out += windowUnit(wx, y - h + 40 + row * (h * 0.42), (w - 60) / 6 - 30, h * 0.26, {
        cols: 2,
        rows: 3,
        frame: "#f5efe4",
      });
    }
  const cx = x + w / 2;
  out +=
    rect(cx - 90, y - h - 10, 180, h + 10, "#e8e0d2") +
    path(`M${cx - 110} ${y - h - 10} L${cx} ${y - h - 90} L${cx + 110} ${y - h - 10} Z`, "#d9cfbf");
  out +=
    circle(cx, y - h - 40, 24, P.white) +
    circle(cx, y - h - 40, 24, "none", { stroke: P.navy800, "stroke-width": 4 }) +
    path(`M${cx} ${y - h - 56} V${y - h - 40} H${cx + 12}`, "none", {
      stroke: P.navy800,
      "stroke-width": 3.5,
      "stroke-linecap": "round",
    });
  out +=
    door(cx - 50, y - 150, 100, 150, P.navy600, { glass: true, frame: "#f5efe4" }) +
    rect(cx - 110, y - 16, 220, 16, P.concrete);
  for (const px of [cx - 80, cx + 68]) out += rect(px, y - h, 12, h - 16, "#f5efe4");
  const fx = x + w + 60;
  out += rect(fx, y - h - 140, 6, h + 140, P.steelLight) + circle(fx + 3, y - h - 144, 6, P.amber);
  out +=
    rect(fx + 6, y - h - 136, 80, 50, "#dc2626") +
    rect(fx + 6, y - h - 121, 80, 8, P.white) +
    rect(fx + 6, y - h - 104, 80, 8, P.white) +
    rect(fx + 6, y - h - 136, 32, 28, P.navy800);
  return out;
}
