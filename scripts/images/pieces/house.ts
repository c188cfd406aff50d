/** Residential architecture: roofs, a two-storey suburban house, cottages and walkways. */
import { P } from "../lib/palette.ts";
import { at, blur, circle, lin, path, poly, rect, shade, shadow } from "../lib/svg.ts";
import { bricks, shingles, siding } from "./materials.ts";
import { door, garageDoor, windowUnit } from "./openings.ts";

// ---------------------------------------------------------------- materials

/** Side-gable / hip roof seen from the front: eave at y, ridge `h` above, with fascia and eave shadow. */
export function roofBand(
  x0: number,
  x1: number,
  y: number,
  h: number,
  color: string,
  trim: string = P.white,
  inset = 0.18,
): string {
  const w = x1 - x0;
  const pts: Array<[number, number]> = [
    [x0, y],
    [x0 + w * inset, y - h],
    [x1 - w * inset, y - h],
    [x1, y],
  ];
  return (
    rect(x0 + 18, y, w - 36, 16, P.navy900, { opacity: 0.25, filter: blur(4) }) +
    poly(pts, shingles(color)) +
    poly(
      pts,
      lin(
        [
          ["#fff6e0", 0, 0.18],
          ["#0b1a33", 1, 0.18],
        ],
        0,
        0,
        1,
        0,
      ),
    ) +
    rect(x0 + w * inset - 2, y - h - 5, w * (1 - 2 * inset) + 4, 7, shade(color, -0.25), {
      rx: 2,
    }) +
    rect(x0 - 2, y - 3, w + 4, 10, trim, { rx: 2 })
  );
}

/** Front-facing gable (triangle) with trim; apex at (cx, y - h). */
export function gable(
  cx: number,
  y: number,
  halfW: number,
  h: number,
  wall: string,
  roof: string,
  trim: string = P.white,
): string {
  const over = 16;
  const k = h / halfW;
  return (
    poly(
      [
        [cx - halfW, y],
        [cx, y - h],
        [cx + halfW, y],
      ],
      wall,
    ) +
    path(
      `M${cx - halfW - over} ${y + over * k} L${cx} ${y - h - 8} L${cx + halfW + over} ${y + over * k} L${cx + halfW + over - 22} ${y + over * k} L${cx} ${y - h + 18} L${cx - halfW - over + 22} ${y + over * k} Z`,
      shingles(roof),
    ) +
    path(
      `M${cx} ${y - h - 8} L${cx + halfW + over} ${y + over * k} L${cx + halfW + over - 22} ${y + over * k} L${cx} ${y - h + 18} Z`,
      P.navy900,
      { opacity: 0.16 },
    ) +
    path(
      `M${cx - halfW - 4} ${y + 4 * k} L${cx} ${y - h + 6} L${cx + halfW + 4} ${y + 4 * k}`,
      "none",
      { stroke: trim, "stroke-width": 7, "stroke-linejoin": "round" },
    )
  );
}

// ---------------------------------------------------------------- houses

export interface HouseOpts {
  wall?: string;
  roof?: string;
  trim?: string;
  door?: string;
  shutters?: string;
  lit?: boolean;
  garage?: boolean;
  brick?: boolean;
}

/** A two-storey suburban house (~560 wide, ~390 tall at scale 1, origin ground centre). */
export function classicHouse(x: number, y: number, s: number, o: HouseOpts = {}): string {
  const wall = o.wall ?? "#e9e1d3";
  const roof = o.roof ?? "#5b6472";
  const trim = o.trim ?? P.white;
  const lit = o.lit ?? false;
  const wo = { lit, shutters: o.shutters, frame: trim };
  let out = shadow(20, 0, 320, 14, 0.25, 8);
  // garage wing
  if (o.garage ?? true) {
    out += rect(110, -170, 190, 170, siding(shade(wall, -0.04)));
    out += rect(110, -170, 10, 170, P.navy900, { opacity: 0.12 });
    out += roofBand(96, 316, -170, 62, roof, trim, 0.2);
    out += garageDoor(130, -128, 150, 128, shade(wall, 0.25));
  }
  // main block
  out += rect(-240, -262, 350, 262, o.brick ? bricks() : siding(wall));
  out += rect(-240, -16, 350, 16, P.stone);
  out += roofBand(-262, 132, -262, 92, roof, trim);
  out +=
    rect(-170, -390, 34, 80, bricks(P.brickDark)) + rect(-174, -396, 42, 10, P.graphite, { rx: 1 });
  // upper windows
  for (const wx of [-212, -100, 12]) out += windowUnit(wx, -232, 62, 84, { ...wo, rows: 2 });
  // ground floor
  out += windowUnit(-214, -150, 92, 88, { ...wo, cols: 3 });
  out += windowUnit(20, -150, 66, 88, wo);
  // porch
  out += rect(-104, -16, 96, 16, P.concrete) + rect(-96, -8, 80, 8, shade(P.concrete, -0.1));
  out += door(-80, -128, 48, 112, o.door ?? P.navy600, { frame: trim });
  out += rect(-110, -150, 9, 134, trim) + rect(-11, -150, 9, 134, shade(trim, -0.08));
  out += rect(-112, -146, 112, 12, P.navy900, { opacity: 0.18, filter: blur(3) });
  out +=
    rect(-122, -166, 132, 18, trim, { rx: 2 }) +
    rect(-128, -172, 144, 8, shade(roof, -0.1), { rx: 2 });
  if (lit)
    out +=
      circle(-100, -118, 22, "#ffd58a", { opacity: 0.5, filter: blur(8) }) +
      circle(-100, -118, 4, "#fff2c6");
  return at(x, y, s, out);
}

/** A small front-gable house for streets and skylines (~w wide, origin ground centre). */
export function cottage(
  x: number,
  y: number,
  w: number,
  wall: string,
  roof: string,
  o: { lit?: boolean; door?: string } = {},
): string {
  const h = w * 0.62;
  const half = w / 2;
  let out =
    shadow(x + 10, y, half * 1.1, 8, 0.22, 5) + rect(x - half, y - h, w, h, siding(wall, 12));
  out += rect(x + half * 0.4, y - h, half * 0.6, h, P.navy900, { opacity: 0.08 });
  out += gable(x, y - h, half, w * 0.42, wall, roof);
  out += windowUnit(x - half * 0.8, y - h * 0.72, w * 0.24, h * 0.38, {
    lit: o.lit,
    cols: 2,
    rows: 2,
  });
  out += windowUnit(x + half * 0.32, y - h * 0.72, w * 0.24, h * 0.38, {
    lit: o.lit,
    cols: 2,
    rows: 2,
  });
  out += door(x - w * 0.08, y - h * 0.55, w * 0.16, h * 0.55, o.door ?? P.navy600);
  out += windowUnit(x - w * 0.06, y - h - w * 0.28, w * 0.12, w * 0.12, {
    lit: o.lit,
    cols: 1,
    rows: 1,
    sill: false,
  });
  return out;
}

/** Lawn path/driveway in gentle perspective from (x, y) narrowing to the house. */
export function walkway(
  xBottom: number,
  wBottom: number,
  yBottom: number,
  xTop: number,
  wTop: number,
  yTop: number,
  color: string = P.concrete,
): string {
  return poly(
    [
      [xBottom - wBottom / 2, yBottom],
      [xTop - wTop / 2, yTop],
      [xTop + wTop / 2, yTop],
      [xBottom + wBottom / 2, yBottom],
    ],
    lin([shade(color, -0.05), shade(color, 0.1)]),
  );
}
