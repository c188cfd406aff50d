/** Stand-alone site gear: toolbox, ladder, cones, cans, buckets, sawhorse, lumber, wheelbarrow, barrier. */
import { P } from "../lib/palette.ts";
import {
  at,
  circle,
  clip,
  ellipse,
  g,
  lin,
  line,
  path,
  poly,
  rect,
  shade,
  shadow,
  stroke,
} from "../lib/svg.ts";

/** Stand-alone toolbox, ~100 wide at scale 1. */
export function toolbox(x: number, y: number, s = 1): string {
  const body =
    shadow(4, 0, 52, 6, 0.25, 3) +
    path(
      "M-50 -52 L50 -52 L50 -4 Q50 0 46 0 L-46 0 Q-50 0 -50 -4 Z",
      lin([P.orange600, P.orange700]),
    ) +
    rect(-50, -58, 100, 10, shade(P.orange600, 0.1), { rx: 3 }) +
    rect(-50, -40, 100, 4, shade(P.orange700, -0.2), { opacity: 0.5 }) +
    rect(-8, -36, 16, 8, P.steelLight, { rx: 2 }) +
    path(
      "M-24 -58 L-24 -70 Q-24 -74 -20 -74 L20 -74 Q24 -74 24 -70 L24 -58 L18 -58 L18 -68 L-18 -68 L-18 -58 Z",
      P.charcoal,
    );
  return at(x, y, s, body);
}
/** Aluminium step ladder, `h` tall, leaning into the picture. */
export function ladder(x: number, y: number, h: number, lean = 0.12, color = P.steelLight): string {
  const dx = h * lean;
  let out = shadow(x + dx * 0.5, y, 40, 5, 0.2, 3);
  out +=
    stroke(
      [
        [x, y],
        [x + dx, y - h],
      ],
      color,
      7,
    ) +
    stroke(
      [
        [x + 44, y],
        [x + 44 + dx, y - h],
      ],
      shade(color, -0.15),
      7,
    );
  for (let t = 0.1; t < 1; t += 0.12)
    out += line(x + dx * t, y - h * t, x + 44 + dx * t, y - h * t, shade(color, -0.25), 5);
  return out;
}
/** Traffic/safety cone about 60 tall at scale 1. */
export function cone(x: number, y: number, s = 1): string {
  return at(
    x,
    y,
    s,
    shadow(2, 0, 26, 4, 0.25, 2) +
      rect(-24, -6, 48, 6, P.orange700, { rx: 2 }) +
      path("M-18 -6 L-5 -60 L5 -60 L18 -6 Z", P.orange600) +
      path("M-13 -26 L13 -26 L11 -36 L-11 -36 Z", "#f8fafc") +
      path("M0 -60 L5 -60 L18 -6 L0 -6 Z", "#0b1a33", { opacity: 0.12 }),
  );
}
/** Paint can with a wet rim. */
export function paintCan(x: number, y: number, s: number, paint: string): string {
  return at(
    x,
    y,
    s,
    shadow(4, 0, 30, 5, 0.25, 2) +
      rect(-26, -56, 52, 56, lin([P.steelLight, P.steel], 0, 0, 1, 0), { rx: 3 }) +
      ellipse(0, -56, 26, 7, shade(P.steel, -0.2)) +
      ellipse(0, -56, 22, 5, paint) +
      path("M-26 -50 Q-24 -36 -20 -40 Q-18 -30 -14 -50 Z", paint) +
      rect(-26, -38, 52, 22, paint, { opacity: 0.9 }),
  );
}
/** Bucket (plastic) with handle. */
export function bucket(x: number, y: number, s: number, color: string = P.orange600): string {
  return at(
    x,
    y,
    s,
    shadow(4, 0, 30, 5, 0.25, 2) +
      path(
        "M-26 -56 L26 -56 L21 0 L-21 0 Z",
        lin([shade(color, 0.1), shade(color, -0.15)], 0, 0, 1, 0),
      ) +
      ellipse(0, -56, 26, 6, shade(color, -0.3)) +
      path("M-24 -54 Q0 -92 24 -54", "none", { stroke: P.graphite, "stroke-width": 2.5 }),
  );
}
/** Wooden sawhorse with a plank on top. */
export function sawhorse(x: number, y: number, s: number): string {
  return at(
    x,
    y,
    s,
    shadow(0, 0, 90, 6, 0.22, 3) +
      stroke(
        [
          [-70, 0],
          [-58, -60],
        ],
        P.wood,
        7,
      ) +
      stroke(
        [
          [-44, 0],
          [-56, -60],
        ],
        P.woodDark,
        7,
      ) +
      stroke(
        [
          [70, 0],
          [58, -60],
        ],
        P.wood,
        7,
      ) +
      stroke(
        [
          [44, 0],
          [56, -60],
        ],
        P.woodDark,
        7,
      ) +
      rect(-80, -68, 160, 10, P.woodLight, { rx: 2 }),
  );
}
/** Stack of lumber boards seen from the side. */
export function lumberStack(x: number, y: number, w: number, rows = 4): string {
  let out = shadow(x + w / 2, y, w * 0.55, 6, 0.22, 3);
  for (let i = 0; i < rows; i++) {
    const yy = y - (i + 1) * 14;
    out += rect(x + i * 6, yy, w - i * 12, 13, i % 2 ? P.woodLight : shade(P.woodLight, -0.06), {
      rx: 1.5,
    });
    out += rect(x + i * 6, yy, w - i * 12, 3, "#ffffff", { opacity: 0.25 });
  }
  return out;
}
/** Wheelbarrow, ~150 long at scale 1, facing right. */
export function wheelbarrow(x: number, y: number, s: number, load?: string): string {
  return at(
    x,
    y,
    s,
    shadow(0, 0, 70, 5, 0.22, 3) +
      stroke(
        [
          [-70, -40],
          [40, -30],
        ],
        P.graphite,
        5,
      ) +
      stroke(
        [
          [-20, -34],
          [-30, 0],
        ],
        P.graphite,
        4,
      ) +
      (load ? ellipse(0, -58, 48, 14, load) : "") +
      path("M-50 -58 L52 -58 L34 -26 L-34 -26 Z", lin([P.navy400, P.navy600])) +
      circle(46, -16, 16, P.charcoal) +
      circle(46, -16, 6, P.steel),
  );
}
/** A traffic barrier with orange/white stripes. */
export function barrier(x: number, y: number, w: number): string {
  let stripes = "";
  for (let i = 0; i < w / 24; i++)
    stripes += poly(
      [
        [x + i * 24, y - 62],
        [x + i * 24 + 12, y - 62],
        [x + i * 24 + 2, y - 44],
        [x + i * 24 - 10, y - 44],
      ],
      P.orange600,
    );
  return (
    shadow(x + w / 2, y, w * 0.5, 5, 0.2, 3) +
    rect(x + 8, y - 48, 5, 48, P.graphite) +
    rect(x + w - 13, y - 48, 5, 48, P.graphite) +
    g(rect(x, y - 62, w, 18, "#f8fafc") + stripes, {
      "clip-path": clip(`bar${x},${y},${w}`, rect(x, y - 62, w, 18, "#000", { rx: 2 })),
    })
  );
}
