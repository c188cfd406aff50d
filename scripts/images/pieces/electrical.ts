/** Electrical pieces: the breaker panel, light fixtures, sparks and lightning. */
import { P } from "../lib/palette.ts";
import { blur, circle, ellipse, g, lin, line, path, poly, rect, stroke } from "../lib/svg.ts";

/** Breaker panel with its door swung open to the left; (x, y) is the box's top-left. */
export function panel(
  x: number,
  y: number,
  w: number,
  h: number,
  o: { open?: boolean; rows?: number; glow?: boolean } = {},
): string {
  const rows = o.rows ?? 10;
  const box = lin(["#d5dbe2", "#a9b3bf"], 0, 0, 1, 0);
  let out =
    rect(x + 12, y + 12, w, h, "#0b1a33", { opacity: 0.25, filter: blur(8) }) +
    rect(x, y, w, h, box, { rx: 6 });
  out += rect(x + 14, y + 14, w - 28, h - 28, "#e9edf1", { rx: 3 });
  // wires entering from the top
  const colors = [P.charcoal, "#dc2626", P.white, P.charcoal, "#2563eb"];
  for (const [i, c] of colors.entries())
    out += stroke(
      [
        [x + w * 0.2 + i * w * 0.13, y - 60],
        [x + w * 0.2 + i * w * 0.13, y + 30],
      ],
      c,
      6,
    );
  out += rect(x + w * 0.15, y - 20, w * 0.7, 16, P.steel, { rx: 3 });
  // main breaker
  out +=
    rect(x + w / 2 - 40, y + 34, 80, 56, P.charcoal, { rx: 4 }) +
    rect(x + w / 2 - 30, y + 50, 60, 18, "#4b5563", { rx: 2 }) +
    rect(x + w / 2 - 8, y + 44, 16, 30, P.steelLight, { rx: 2 });
  // two columns of breakers
  const colW = (w - 80) / 2;
  const top = y + 110;
  const rh = (h - 150) / rows;
  out += rect(x + w / 2 - 6, top - 6, 12, rows * rh + 6, "#c0c7cf");
  for (let r = 0; r < rows; r++) {
    for (const side of [0, 1]) {
      const bx = side === 0 ? x + 30 : x + w / 2 + 10;
      const by = top + r * rh;
      out +=
        rect(bx, by, colW - 10, rh - 4, P.charcoal, { rx: 2 }) +
        rect(
          bx + (side === 0 ? colW - 34 : 8),
          by + rh * 0.2,
          16,
          rh * 0.45,
          (r + side) % 7 === 3 ? P.orange600 : "#5b6470",
          { rx: 1.5 },
        );
      out += rect(bx + (side === 0 ? 8 : colW - 38), by + rh * 0.3, 20, 3, P.white, {
        opacity: 0.6,
      });
    }
  }
  if (o.open ?? true) {
    out += poly(
      [
        [x, y + 4],
        [x - w * 0.42, y + 30],
        [x - w * 0.42, y + h - 30],
        [x, y + h - 4],
      ],
      lin(["#c4ccd5", "#9aa5b1"], 0, 0, 1, 0),
    );
    out += rect(x - w * 0.36, y + h * 0.25, w * 0.26, h * 0.4, P.white, {
      opacity: 0.85,
      transform: `skewY(-4)`,
    });
  }
  if (o.glow) out += rect(x, y, w, h, "#ffd27a", { opacity: 0.12 });
  return out;
}

/** Recessed ceiling light with its cone of light down to `floorY`. */
export const recessed = (x: number, y: number, floorY: number, strength = 0.25): string =>
  poly(
    [
      [x - 18, y],
      [x + 18, y],
      [x + 160, floorY],
      [x - 160, floorY],
    ],
    lin([
      ["#fff3cf", 0, strength],
      ["#fff3cf", 1, 0],
    ]),
  ) +
  ellipse(x, y, 22, 6, "#fffbea") +
  ellipse(x, y - 2, 26, 5, P.steelLight);

/** Bright spark burst (for emergencies) at (x, y). */
export function sparks(x: number, y: number, r: number): string {
  let out = circle(x, y, r * 1.6, "#ffd27a", { opacity: 0.55, filter: blur(r / 2) });
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2 + 0.3;
    const l = r * (i % 2 ? 0.9 : 1.5);
    out += line(
      x + Math.cos(a) * r * 0.2,
      y + Math.sin(a) * r * 0.2,
      x + Math.cos(a) * l,
      y + Math.sin(a) * l,
      i % 3 ? "#fde68a" : "#ffffff",
      3,
    );
  }
  return out + circle(x, y, r * 0.25, "#ffffff");
}

/** Lightning bolt for storm scenes. */
export const bolt = (x: number, y: number, s: number): string =>
  g(
    poly(
      [
        [0, 0],
        [-30, 90],
        [-6, 90],
        [-26, 190],
        [34, 70],
        [8, 70],
        [26, 0],
      ],
      "#fff4c2",
    ) +
      poly(
        [
          [0, 0],
          [-30, 90],
          [-6, 90],
          [-26, 190],
          [34, 70],
          [8, 70],
          [26, 0],
        ],
        "#fde68a",
        { opacity: 0.6, filter: blur(10) },
      ),
    {
      transform: `translate(${x} ${y}) scale(${s})`,
    },
  );

/** Wall sconce / ceiling flush light with glow. */
export const sconce = (x: number, y: number, lit = true): string =>
  (lit ? circle(x, y, 70, "#ffe3a0", { opacity: 0.4, filter: blur(26) }) : "") +
  rect(x - 6, y - 30, 12, 20, P.charcoal, { rx: 2 }) +
  path(
    `M${x - 22} ${y + 20} L${x - 14} ${y - 14} L${x + 14} ${y - 14} L${x + 22} ${y + 20} Z`,
    lit ? "#fff2cc" : P.cream,
  );

/** Chandelier-style pendant cluster. */
export const pendantCluster = (x: number, top: number, lit = true): string =>
  [-70, 0, 70]
    .map(
      (dx, i) =>
        line(x + dx, top, x + dx, top + 90 + i * 20 - (i === 2 ? 40 : 0), P.charcoal, 2) +
        circle(x + dx, top + 100 + i * 20 - (i === 2 ? 40 : 0), 18, lit ? "#fff3cf" : P.cream) +
        (lit
          ? circle(x + dx, top + 100 + i * 20 - (i === 2 ? 40 : 0), 50, "#ffe7a8", {
              opacity: 0.35,
              filter: blur(16),
            })
          : ""),
    )
    .join("");
