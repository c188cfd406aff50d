/** Windows and doors (light from the upper left: shadows fall to the lower right). */
import { P } from "../lib/palette.ts";
import { circle, lin, poly, rect, shade } from "../lib/svg.ts";

export interface WindowOpts {
  frame?: string;
  cols?: number;
  rows?: number;
  lit?: boolean;
  shutters?: string;
  sill?: boolean;
  arch?: boolean;
}
export function windowUnit(x: number, y: number, w: number, h: number, o: WindowOpts = {}): string {
  const frame = o.frame ?? P.white;
  const cols = o.cols ?? 2;
  const rows = o.rows ?? 2;
  const glass = o.lit
    ? lin(["#ffe6a8", "#f7b866", "#e8954a"])
    : lin(["#d6ecfa", "#8fc1e6", "#5d93c4"]);
  let out = rect(x + 6, y + 6, w + 4, h + 4, P.navy900, { opacity: 0.14, rx: 2 });
  if (o.shutters) {
    for (const sx of [x - 5 - w * 0.32, x + w + 5]) {
      out += rect(sx, y - 4, w * 0.32, h + 8, o.shutters, { rx: 1.5 });
      for (let ly = y + 4; ly < y + h; ly += 8)
        out += rect(sx + 3, ly, w * 0.32 - 6, 2, shade(o.shutters, -0.2));
    }
  }
  out += rect(x - 6, y - 6, w + 12, h + 12, frame, { rx: 2 });
  out += rect(x, y, w, h, glass);
  if (!o.lit)
    out += poly(
      [
        [x + w * 0.15, y + h],
        [x + w * 0.55, y],
        [x + w * 0.75, y],
        [x + w * 0.35, y + h],
      ],
      "#ffffff",
      { opacity: 0.22 },
    );
  else out += rect(x, y + h * 0.55, w, h * 0.45, "#c2410c", { opacity: 0.12 });
  for (let i = 1; i < cols; i++) out += rect(x + (w * i) / cols - 2, y, 4, h, frame);
  for (let i = 1; i < rows; i++) out += rect(x, y + (h * i) / rows - 2, w, 4, frame);
  out += rect(x, y, w, 5, P.navy900, { opacity: 0.18 });
  if (o.sill ?? true) out += rect(x - 11, y + h + 5, w + 22, 8, shade(frame, -0.08), { rx: 1.5 });
  return out;
}
export function door(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  o: { glass?: boolean; frame?: string } = {},
): string {
  const frame = o.frame ?? P.white;
  let out =
    rect(x - 8, y - 8, w + 16, h + 8, frame, { rx: 2 }) +
    rect(x, y, w, h, lin([shade(color, 0.08), shade(color, -0.1)], 0, 0, 1, 0));
  if (o.glass) {
    out += rect(x + w * 0.2, y + h * 0.1, w * 0.6, h * 0.35, lin(["#d6ecfa", "#7fb0dc"]), {
      rx: 2,
    });
  } else {
    out += rect(x + w * 0.15, y + h * 0.08, w * 0.7, h * 0.36, "none", {
      stroke: shade(color, -0.25),
      "stroke-width": 3,
      rx: 2,
    });
  }
  out += rect(x + w * 0.15, y + h * 0.52, w * 0.7, h * 0.4, "none", {
    stroke: shade(color, -0.25),
    "stroke-width": 3,
    rx: 2,
  });
  out += circle(x + w * 0.82, y + h * 0.5, 3.6, P.amber);
  out += rect(x, y, w, 8, P.navy900, { opacity: 0.2 });
  return out;
}
export function garageDoor(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string = P.offwhite,
): string {
  let out = rect(x - 6, y - 6, w + 12, h + 6, P.white) + rect(x, y, w, h, color);
  const rows = 4;
  for (let i = 0; i < rows; i++) {
    const yy = y + (h / rows) * i;
    out += rect(x, yy + h / rows - 3, w, 3, shade(color, -0.15));
    for (let c = 0; c < 4; c++)
      out += rect(x + 8 + c * ((w - 16) / 4), yy + 6, (w - 16) / 4 - 8, h / rows - 14, "none", {
        stroke: shade(color, -0.1),
        "stroke-width": 2,
        rx: 1.5,
      });
  }
  for (let c = 0; c < 4; c++)
    out += rect(
      x + 8 + c * ((w - 16) / 4),
      y + 6,
      (w - 16) / 4 - 8,
      h / rows - 14,
      lin(["#cfe3f2", "#88b3d6"]),
      { rx: 1.5 },
    );
  out += rect(x, y, w, 10, P.navy900, { opacity: 0.2 });
  return out;
}

// ---------------------------------------------------------------- roofs
