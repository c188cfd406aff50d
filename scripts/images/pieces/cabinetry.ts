/** Kitchen and bath cabinetry: cabinet runs, countertops, backsplashes. */
import { P } from "../lib/palette.ts";
import { blur, circle, lin, path, pattern, poly, rect, rng, shade } from "../lib/svg.ts";
import { tiles } from "./materials.ts";

export type CabinetStyle = "shaker" | "flat" | "dated";
function doorFace(
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  style: CabinetStyle,
  handle: string,
  knobAt: "top" | "bottom" | "center",
): string {
  let out = rect(x, y, w, h, lin([shade(color, 0.06), shade(color, -0.06)], 0, 0, 1, 1), { rx: 2 });
  if (style === "shaker")
    out += rect(x + 9, y + 9, w - 18, h - 18, "none", {
      stroke: shade(color, -0.18),
      "stroke-width": 3,
      rx: 1,
    });
  if (style === "dated")
    out += path(
      `M${x + 10} ${y + h - 10} L${x + 10} ${y + 24} Q${x + w / 2} ${y + 4} ${x + w - 10} ${y + 24} L${x + w - 10} ${y + h - 10} Z`,
      "none",
      { stroke: shade(color, -0.25), "stroke-width": 3 },
    );
  const hy = knobAt === "top" ? y + 16 : knobAt === "bottom" ? y + h - 30 : y + h / 2 - 7;
  out +=
    style === "dated"
      ? circle(x + w - 16, hy + 7, 4, handle)
      : rect(
          x + w / 2 - (knobAt === "center" ? 20 : 2.5),
          knobAt === "center" ? y + 12 : hy,
          knobAt === "center" ? 40 : 5,
          knobAt === "center" ? 5 : 28,
          handle,
          { rx: 2.5 },
        );
  return out;
}
/** A run of base cabinets (drawers over doors) from x0 to x1, top at `top`. */
export function baseCabinets(
  x0: number,
  x1: number,
  top: number,
  floorY: number,
  color: string,
  style: CabinetStyle,
  handle: string = P.steel,
): string {
  const w = x1 - x0;
  const n = Math.max(1, Math.round(w / 120));
  const cw = w / n;
  let out =
    rect(x0, top, w, floorY - top, shade(color, -0.25)) +
    rect(x0 + 6, floorY - 18, w - 12, 18, shade(color, -0.45));
  for (let i = 0; i < n; i++) {
    const x = x0 + i * cw + 3;
    out += doorFace(x, top + 4, cw - 6, 52, color, style, handle, "center");
    out += doorFace(x, top + 62, cw - 6, floorY - top - 84, color, style, handle, "top");
  }
  return out;
}
export function upperCabinets(
  x0: number,
  x1: number,
  top: number,
  bottom: number,
  color: string,
  style: CabinetStyle,
  handle: string = P.steel,
): string {
  const w = x1 - x0;
  const n = Math.max(1, Math.round(w / 110));
  const cw = w / n;
  let out =
    rect(x0 + 10, bottom, w, 22, "#0b1a33", { opacity: 0.16, filter: blur(6) }) +
    rect(x0, top, w, bottom - top, shade(color, -0.25));
  for (let i = 0; i < n; i++)
    out += doorFace(
      x0 + i * cw + 3,
      top + 3,
      cw - 6,
      bottom - top - 6,
      color,
      style,
      handle,
      "bottom",
    );
  return out;
}
export type CounterKind = "quartz" | "marble" | "laminate" | "granite" | "butcher";
export function counter(x0: number, x1: number, y: number, kind: CounterKind, seed = 1): string {
  const base = {
    quartz: "#f3f1ec",
    marble: "#f4f2ee",
    laminate: "#d9c79a",
    granite: "#6d6a66",
    butcher: P.woodLight,
  }[kind];
  let out =
    poly(
      [
        [x0 + 6, y - 12],
        [x1 - 6, y - 12],
        [x1 + 4, y],
        [x0 - 4, y],
      ],
      shade(base, 0.08),
    ) + rect(x0 - 4, y, x1 - x0 + 8, 14, shade(base, -0.12), { rx: 1.5 });
  const r = rng(seed);
  if (kind === "marble") {
    for (let i = 0; i < 5; i++) {
      const sx = x0 + r() * (x1 - x0);
      out += path(`M${sx} ${y} q${20 + r() * 30} 5 ${50 + r() * 40} 14`, "none", {
        stroke: "#b9b4ad",
        "stroke-width": 1.2,
        opacity: 0.8,
      });
    }
  }
  if (kind === "granite")
    for (let i = 0; i < (x1 - x0) / 6; i++)
      out += circle(x0 + r() * (x1 - x0), y + 2 + r() * 10, 1.3, r() > 0.5 ? "#a8a29e" : "#3f3b38");
  return out;
}
/** Backsplash between counter and uppers. */
export function backsplash(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  kind: "subway" | "square" | "plain",
  color: string,
): string {
  if (kind === "plain") return rect(x0, y0, x1 - x0, y1 - y0, color);
  const fill = kind === "subway" ? subway(color) : tiles(color, 44, shade(color, -0.2));
  return (
    rect(x0, y0, x1 - x0, y1 - y0, fill) +
    rect(
      x0,
      y0,
      x1 - x0,
      y1 - y0,
      lin(
        [
          ["#ffffff", 0, 0.2],
          ["#ffffff", 1, 0],
        ],
        0,
        0,
        1,
        0,
      ),
    )
  );
}
export function subway(color: string): string {
  const gr = shade(color, -0.14);
  return pattern(
    `sw${color}`,
    60,
    30,
    rect(0, 0, 60, 30, gr) +
      rect(1, 1, 58, 13, color) +
      rect(-29, 16, 58, 13, color) +
      rect(31, 16, 58, 13, color) +
      rect(1, 1, 58, 4, "#ffffff", { opacity: 0.25 }),
  );
}
