/** Building-site extras: tower crane, slab, blueprints and a model house. */
import { P } from "../lib/palette.ts";
import { at, blur, circle, g, lin, line, path, poly, rect, shade, shadow } from "../lib/svg.ts";

/** Tower crane: mast at x, jib to the right (negative jib: left). */
export function towerCrane(
  x: number,
  y: number,
  h: number,
  jib: number,
  load = true,
  color: string = P.amber,
): string {
  const dir = Math.sign(jib) || 1;
  const mw = 26;
  const topY = y - h;
  let out = rect(x - mw / 2, topY, mw, h, "none", { stroke: color, "stroke-width": 3 });
  for (let yy = y; yy > topY + 10; yy -= 26)
    out +=
      line(x - mw / 2, yy, x + mw / 2, yy - 26, color, 2.5) +
      line(x - mw / 2, yy, x + mw / 2, yy, color, 2);
  out += rect(x - mw / 2 - 4, topY - 8, mw + 8, 22, shade(color, -0.1));
  out +=
    rect(x - dir * 110 - (dir < 0 ? 0 : 0), topY - 22, 110, 14, "none") +
    rect(Math.min(x, x - dir * 110), topY - 20, 110, 12, shade(color, -0.15));
  out += rect(Math.min(x - dir * 110, x - dir * 80) - 10, topY - 34, 40, 30, P.concrete);
  out += rect(Math.min(x, x + jib), topY - 22, Math.abs(jib), 14, "none", {
    stroke: color,
    "stroke-width": 3,
  });
  for (let i = 0; i < Math.abs(jib); i += 22)
    out +=
      line(x + dir * i, topY - 8, x + dir * (i + 11), topY - 22, color, 2) +
      line(x + dir * (i + 11), topY - 22, x + dir * (i + 22), topY - 8, color, 2);
  out += path(`M${x - 6} ${topY - 8} L${x} ${topY - 60} L${x + 6} ${topY - 8} Z`, color);
  out +=
    line(x, topY - 60, x + jib * 0.8, topY - 22, P.graphite, 1.5) +
    line(x, topY - 60, x - dir * 100, topY - 20, P.graphite, 1.5);
  out +=
    rect(x + dir * 16 - (dir < 0 ? 24 : 0), topY + 14, 24, 22, P.navy600, { rx: 3 }) +
    rect(x + dir * 20 - (dir < 0 ? 16 : 0), topY + 18, 12, 10, "#bfe1f6");
  if (load) {
    const lx = x + jib * 0.62;
    out +=
      rect(lx - 10, topY - 8, 20, 8, P.graphite) +
      line(lx, topY, lx, topY + h * 0.35, P.graphite, 1.5);
    out +=
      rect(lx - 60, topY + h * 0.35, 120, 14, shade(P.navy600, 0.1)) +
      line(lx, topY + h * 0.35, lx - 50, topY + h * 0.35, "none");
  }
  return out;
}
/** Concrete slab/foundation edge. */
export const slab = (x0: number, x1: number, y: number, h = 26): string =>
  rect(x0, y - h, x1 - x0, h, lin([shade(P.concrete, 0.1), shade(P.concrete, -0.15)])) +
  rect(x0, y - h, x1 - x0, 4, "#ffffff", { opacity: 0.3 });
/** A sheet of blueprint with a plan drawing; rotate with `rot` degrees. */
export function blueprint(x: number, y: number, w: number, h: number, rot = 0): string {
  const ln = "#dbeafe";
  const m = Math.min(w, h) * 0.1;
  let d = `M${m} ${m} H${w - m} V${h - m} H${m} Z M${w * 0.45} ${m} V${h * 0.55} M${m} ${h * 0.55} H${w * 0.7} M${w * 0.7} ${h * 0.3} V${h - m} M${w * 0.7} ${h * 0.3} H${w - m}`;
  d += ` M${w * 0.2} ${h - m} a${w * 0.08} ${w * 0.08} 0 0 1 ${w * 0.08} ${-w * 0.08}`;
  const inner =
    rect(0, 0, w, h, lin(["#2563a8", "#1d4f8a"]), { rx: 3 }) +
    path(d, "none", { stroke: ln, "stroke-width": 2.5 }) +
    path(`M${m} ${h - m * 0.45} H${w - m} M${w - m * 0.45} ${m} V${h - m}`, "none", {
      stroke: ln,
      "stroke-width": 1,
      "stroke-dasharray": "4 4",
      opacity: 0.7,
    }) +
    rect(w * 0.74, h * 0.62, w * 0.16, h * 0.2, "none", { stroke: ln, "stroke-width": 1.5 }) +
    circle(w * 0.25, h * 0.3, w * 0.05, "none", { stroke: ln, "stroke-width": 1.5 });
  return g(rect(6, 8, w, h, "#0b1a33", { opacity: 0.22, filter: blur(5) }) + inner, {
    transform: `translate(${x} ${y}) rotate(${rot})`,
  });
}
/** Simple isometric-ish model house (for design-build desks). */
export function modelHouse(x: number, y: number, s: number): string {
  const wall = "#f5efe4";
  return at(
    x,
    y,
    s,
    shadow(10, 0, 100, 10, 0.25, 5) +
      poly(
        [
          [-80, 0],
          [-80, -70],
          [0, -40],
          [0, 30],
        ],
        wall,
      ) +
      poly(
        [
          [0, 30],
          [0, -40],
          [90, -80],
          [90, -10],
        ],
        shade(wall, -0.14),
      ) +
      poly(
        [
          [-80, -70],
          [-40, -130],
          [40, -100],
          [0, -40],
        ],
        shade(wall, 0.05),
      ) +
      poly(
        [
          [-40, -130],
          [50, -170],
          [90, -80],
          [40, -100],
        ],
        "none",
      ) +
      poly(
        [
          [-92, -64],
          [-40, -134],
          [60, -176],
          [104, -86],
          [0, -36],
        ],
        "none",
      ) +
      poly(
        [
          [-88, -66],
          [-40, -134],
          [44, -100],
          [0, -34],
        ],
        P.orange600,
      ) +
      poly(
        [
          [-40, -134],
          [50, -172],
          [98, -84],
          [44, -100],
        ],
        P.orange700,
      ) +
      poly(
        [
          [20, -14],
          [20, -50],
          [40, -59],
          [40, -22],
        ],
        "#9cc7e8",
      ) +
      poly(
        [
          [58, -30],
          [58, -66],
          [76, -74],
          [76, -38],
        ],
        "#9cc7e8",
      ) +
      poly(
        [
          [-56, -30],
          [-56, -60],
          [-32, -50],
          [-32, -20],
        ],
        "#bcdcf1",
      ),
  );
}
