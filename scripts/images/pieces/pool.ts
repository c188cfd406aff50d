/** Pools in gentle top-down perspective (rectangular or kidney; full, night-lit or drained). */
import { P } from "../lib/palette.ts";
import { blur, clip, ellipse, g, lin, line, n, path, poly, rect, rng, shade } from "../lib/svg.ts";

export interface PoolFrame {
  x0: number;
  x1: number;
  yTop: number;
  yBot: number;
  /** How much narrower the far edge is on each side (perspective). */
  inset: number;
}

/** Maps pool-plan coordinates (u across, v from far to near, 0..1) to the canvas. */
export function persp(f: PoolFrame, u: number, v: number): [number, number] {
  const l = f.x0 + f.inset * (1 - v);
  const r = f.x1 - f.inset * (1 - v);
  return [l + (r - l) * u, f.yTop + (f.yBot - f.yTop) * v];
}

function shapePath(f: PoolFrame, shape: "rect" | "kidney", grow = 0): string {
  const pts: Array<[number, number]> = [];
  if (shape === "rect") {
    const e = -grow;
    for (const [u, v] of [
      [e, e],
      [1 - e, e],
      [1 - e, 1 - e],
      [e, 1 - e],
    ] as const)
      pts.push(persp(f, u, v));
  } else {
    for (let i = 0; i < 64; i++) {
      const a = (i / 64) * Math.PI * 2;
      const pinch = 1 - 0.28 * Math.max(0, Math.cos(a - Math.PI / 2)) ** 3;
      const u = 0.5 + Math.cos(a) * (0.5 + grow) * (a > Math.PI ? 1 : 1);
      const v = 0.5 + Math.sin(a) * (0.5 + grow) * pinch;
      pts.push(persp(f, u, v));
    }
  }
  return `M${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join(" L")} Z`;
}

/** The pool: coping, waterline tile, water with caustics; `empty` shows a drained shell. */
export function pool(
  f: PoolFrame,
  o: {
    shape?: "rect" | "kidney";
    coping?: string;
    empty?: boolean;
    night?: boolean;
    key?: string;
    seed?: number;
  } = {},
): string {
  const shape = o.shape ?? "rect";
  const coping = o.coping ?? "#efe6d6";
  const key = o.key ?? "pool";
  const inner = shapePath(f, shape);
  const depth = (f.yBot - f.yTop) * 0.14;
  let out =
    path(shapePath(f, shape, shape === "rect" ? 0.045 : 0.06), coping) +
    path(
      shapePath(f, shape, shape === "rect" ? 0.045 : 0.06),
      lin(
        [
          ["#ffffff", 0, 0.25],
          ["#0b1a33", 1, 0.1],
        ],
        0,
        0,
        1,
        1,
      ),
    );
  let water = rect(
    f.x0 - 50,
    f.yTop - 50,
    f.x1 - f.x0 + 100,
    f.yBot - f.yTop + 100,
    o.empty
      ? lin(["#cfe3ea", "#a9c9d6"])
      : o.night
        ? lin(["#0b4f6e", "#127fa6", "#35b6d9"])
        : lin([P.poolDeep, P.pool, P.poolLight]),
  );
  water += rect(
    f.x0 - 50,
    f.yTop - 50,
    f.x1 - f.x0 + 100,
    depth + 50,
    o.empty ? "#8fb3c2" : shade(P.poolDeep, -0.15),
    { opacity: 0.9 },
  );
  water += rect(f.x0 - 50, f.yTop - 50 + depth + 44, f.x1 - f.x0 + 100, 8, "#1e6fa8", {
    opacity: o.empty ? 0.3 : 0.6,
  });
  if (!o.empty) {
    const r = rng(o.seed ?? 3);
    for (let i = 0; i < 26; i++) {
      const [cx, cy] = persp(f, r(), 0.2 + r() * 0.8);
      const w = 30 + r() * 60;
      water += path(`M${cx - w / 2} ${cy} q${w / 4} -8 ${w / 2} 0 t${w / 2} 0`, "none", {
        stroke: "#ffffff",
        "stroke-width": 2 + r() * 2,
        opacity: 0.35,
        "stroke-linecap": "round",
      });
    }
    water += poly(
      [persp(f, 0.05, 0.2), persp(f, 0.3, 0.2), persp(f, 0.12, 1), persp(f, -0.1, 1)],
      "#ffffff",
      { opacity: o.night ? 0.05 : 0.12 },
    );
    if (o.night) {
      const [lx, ly] = persp(f, 0.5, 0.75);
      water += ellipse(lx, ly, (f.x1 - f.x0) * 0.3, (f.yBot - f.yTop) * 0.35, "#a5f3fc", {
        opacity: 0.35,
        filter: blur(30),
      });
    }
  } else {
    const [ax, ay] = persp(f, 0, 0.6);
    const [bx] = persp(f, 1, 0.6);
    water +=
      line(ax, ay, bx, ay, "#7fa2b3", 2, { opacity: 0.6 }) +
      ellipse((ax + bx) / 2, f.yBot - 20, (bx - ax) * 0.18, 10, "#7fb8cf", { opacity: 0.6 });
  }
  out += g(water, { "clip-path": clip(key, path(inner, "#000")) });
  out += path(inner, "none", { stroke: shade(coping, -0.25), "stroke-width": 3 });
  return out;
}
