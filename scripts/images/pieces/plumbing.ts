/** Plumbing basics: pipes and fittings, valves and water effects (spray, puddles, drips). */
import { P } from "../lib/palette.ts";
import { circle, ellipse, lin, path, rect, rng, shade, stroke } from "../lib/svg.ts";

export type PipeKind = "copper" | "pexRed" | "pexBlue" | "pvc" | "steel" | "black";

const PIPE: Record<PipeKind, string> = {
  copper: P.copper,
  pexRed: "#d9412f",
  pexBlue: "#2f7fd9",
  pvc: "#f1efe9",
  steel: "#9aa5b1",
  black: "#3a3f47",
};

/** A pipe along points (right-angle runs), with highlight and fittings at the joints. */
export function pipe(pts: Array<[number, number]>, kind: PipeKind, w = 16): string {
  const c = PIPE[kind];
  let out =
    stroke(pts, shade(c, -0.3), w + 2, { "stroke-linecap": "butt", "stroke-linejoin": "miter" }) +
    stroke(pts, c, w, { "stroke-linecap": "butt", "stroke-linejoin": "miter" });
  out += stroke(
    pts.map(([x, y]) => [x - w * 0.18, y - w * 0.18] as [number, number]),
    shade(c, 0.45),
    w * 0.22,
    { opacity: 0.8, "stroke-linecap": "butt" },
  );
  if (kind === "copper" || kind === "pvc" || kind === "steel" || kind === "black") {
    for (const [i, [x, y]] of pts.entries()) {
      if (i === 0 || i === pts.length - 1) continue;
      out += rect(x - w * 0.75, y - w * 0.75, w * 1.5, w * 1.5, shade(c, -0.08), { rx: w * 0.35 });
    }
  }
  return out;
}

/** Quarter-turn ball valve with a coloured lever. */
export const valve = (x: number, y: number, lever: string, vertical = false): string =>
  rect(x - 14, y - 11, 28, 22, "#c9a24a", { rx: 4 }) +
  rect(x - 10, y - 8, 6, 16, "#e2c577", { rx: 2 }) +
  (vertical
    ? rect(x - 4, y - 40, 8, 34, lever, { rx: 3 })
    : rect(x - 4, y - 22, 40, 9, lever, { rx: 3 }));

/** Spraying water (burst pipe / sprinkler jet) from (x, y) towards dx. */
export function spray(x: number, y: number, dx: number, dy: number, seed = 4): string {
  const r = rng(seed);
  let out = "";
  for (let i = 0; i < 9; i++) {
    const a = (i - 4) * 0.11;
    const ex = x + dx * Math.cos(a) - dy * Math.sin(a);
    const ey = y + dx * Math.sin(a) + dy * Math.cos(a);
    out += path(`M${x} ${y} Q${(x + ex) / 2} ${Math.min(y, ey) - 30} ${ex} ${ey}`, "none", {
      stroke: "#bfe6fb",
      "stroke-width": 3 + r() * 3,
      "stroke-linecap": "round",
      opacity: 0.75,
    });
  }
  for (let i = 0; i < 24; i++)
    out += circle(
      x + dx * (0.3 + r() * 0.9) + (r() - 0.5) * 60,
      y + dy * r() + (r() - 0.3) * 80,
      2 + r() * 4,
      "#9fd6f5",
      { opacity: 0.8 },
    );
  return out;
}

/** A water puddle with ripples. */
export const puddle = (cx: number, cy: number, rx: number): string =>
  ellipse(cx, cy, rx, rx * 0.12, lin(["#a7d8f3", "#6fb8e3"]), { opacity: 0.85 }) +
  ellipse(cx - rx * 0.2, cy - 2, rx * 0.4, rx * 0.04, "#ffffff", { opacity: 0.5 }) +
  ellipse(cx + rx * 0.3, cy + 2, rx * 0.18, rx * 0.03, "none", {
    stroke: "#ffffff",
    "stroke-width": 2,
    opacity: 0.6,
  });

/** Falling drip and droplets. */
export const drip = (x: number, y: number, s = 1): string =>
  path(
    `M${x} ${y} q${-7 * s} ${12 * s} 0 ${18 * s} q${7 * s} ${-6 * s} 0 ${-18 * s} Z`,
    "#6fb8e3",
  ) + circle(x - 2 * s, y + 12 * s, 1.6 * s, "#ffffff", { opacity: 0.7 });
