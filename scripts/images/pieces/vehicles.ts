/** Side-view vehicles (facing right; pass flip to face left). Origin: ground under the centre. */
import { P } from "../lib/palette.ts";
import { at, circle, lin, path, rect, shade, shadow } from "../lib/svg.ts";

const wheel = (x: number, r = 26): string =>
  circle(x, -r, r, P.charcoal) +
  circle(x, -r, r * 0.5, P.steelLight) +
  circle(x, -r, r * 0.18, P.graphite);

/** Service van (~330 long) with an accent stripe. */
export function van(
  x: number,
  y: number,
  s: number,
  body: string = P.white,
  stripe: string = P.orange600,
  flip = false,
): string {
  const art =
    shadow(10, 0, 180, 10, 0.3, 5) +
    path(
      "M-165 -30 L-165 -170 Q-165 -182 -152 -182 L80 -182 Q100 -182 112 -166 L150 -112 Q166 -108 166 -90 L166 -30 Z",
      lin([shade(body, 0.04), shade(body, -0.1)]),
    ) +
    path("M92 -170 L136 -112 L70 -112 L70 -170 Z", lin(["#d7ecfa", "#86b8df"])) +
    rect(-40, -170, 96, 58, lin(["#d7ecfa", "#86b8df"]), { rx: 4 }) +
    rect(-165, -92, 331, 22, stripe) +
    rect(-165, -70, 331, 6, shade(stripe, -0.25)) +
    rect(62, -110, 4, 76, shade(body, -0.25)) +
    rect(-48, -110, 4, 76, shade(body, -0.2)) +
    rect(40, -102, 16, 5, P.graphite, { rx: 2 }) +
    rect(150, -54, 18, 14, P.graphite, { rx: 3 }) +
    rect(154, -96, 12, 10, P.amberLight, { rx: 3 }) +
    rect(-168, -100, 8, 16, "#dc2626", { rx: 2 }) +
    rect(-120, -196, 200, 10, P.graphite, { rx: 2 }) +
    rect(-110, -206, 6, 12, P.graphite) +
    rect(60, -206, 6, 12, P.graphite) +
    rect(-100, -214, 180, 8, P.steelLight, { rx: 2 }) +
    path("M-130 -28 a30 30 0 0 1 60 0 Z", P.navy900) +
    path("M80 -28 a30 30 0 0 1 60 0 Z", P.navy900) +
    wheel(-100) +
    wheel(110);
  return at(x, y, s, art, flip);
}

/** Pickup truck (~300 long). */
export function pickup(
  x: number,
  y: number,
  s: number,
  body: string = P.navy600,
  flip = false,
): string {
  const art =
    shadow(10, 0, 160, 9, 0.3, 5) +
    path(
      "M-150 -40 L-150 -96 L-20 -96 L-10 -150 Q-8 -156 0 -156 L70 -156 Q80 -156 86 -148 L116 -100 L146 -92 Q156 -88 156 -76 L156 -40 Z",
      lin([shade(body, 0.1), shade(body, -0.12)]),
    ) +
    path("M4 -146 L66 -146 Q72 -146 76 -140 L100 -102 L4 -102 Z", lin(["#d7ecfa", "#86b8df"])) +
    rect(38, -146, 5, 44, body) +
    rect(-150, -104, 134, 10, shade(body, 0.15)) +
    rect(-150, -60, 306, 8, shade(body, -0.3)) +
    rect(146, -70, 12, 10, P.amberLight, { rx: 3 }) +
    path("M-126 -40 a28 28 0 0 1 56 0 Z", P.navy900) +
    path("M72 -40 a28 28 0 0 1 56 0 Z", P.navy900) +
    wheel(-98, 24) +
    wheel(100, 24);
  return at(x, y, s, art, flip);
}

/** Sedan (~280 long). */
export function car(x: number, y: number, s: number, body: string, flip = false): string {
  const art =
    shadow(6, 0, 140, 8, 0.28, 4) +
    path(
      "M-140 -30 L-140 -62 Q-138 -76 -120 -80 L-70 -86 L-36 -120 Q-28 -126 -16 -126 L54 -126 Q66 -126 76 -118 L108 -86 L128 -82 Q142 -78 142 -62 L142 -30 Z",
      lin([shade(body, 0.12), shade(body, -0.12)]),
    ) +
    path(
      "M-56 -88 L-28 -116 L18 -116 L18 -88 Z M26 -88 L26 -116 L60 -116 Q66 -116 72 -110 L94 -88 Z",
      lin(["#d7ecfa", "#86b8df"]),
    ) +
    rect(-138, -56, 280, 5, shade(body, -0.3)) +
    rect(128, -74, 12, 8, P.amberLight, { rx: 3 }) +
    rect(-140, -74, 10, 8, "#dc2626", { rx: 3 }) +
    path("M-118 -30 a26 26 0 0 1 52 0 Z", P.navy900) +
    path("M66 -30 a26 26 0 0 1 52 0 Z", P.navy900) +
    wheel(-92, 22) +
    wheel(92, 22);
  return at(x, y, s, art, flip);
}

/** Yellow school bus (~460 long). */
export function schoolBus(x: number, y: number, s: number, flip = false): string {
  const body = "#f5b82e";
  let win = "";
  for (let i = 0; i < 6; i++)
    win += rect(-200 + i * 56, -150, 44, 40, lin(["#d7ecfa", "#86b8df"]), { rx: 3 });
  const art =
    shadow(10, 0, 250, 10, 0.3, 5) +
    path(
      "M-230 -34 L-230 -170 Q-230 -180 -220 -180 L160 -180 Q176 -180 180 -166 L188 -112 L236 -104 Q246 -100 246 -88 L246 -34 Z",
      lin([shade(body, 0.08), shade(body, -0.12)]),
    ) +
    win +
    rect(150, -158, 30, 48, lin(["#d7ecfa", "#86b8df"]), { rx: 3 }) +
    rect(-230, -100, 476, 5, P.charcoal) +
    rect(-230, -80, 476, 5, P.charcoal) +
    rect(232, -74, 14, 12, P.amberLight, { rx: 3 }) +
    path("M-190 -34 a30 30 0 0 1 60 0 Z", P.charcoal) +
    path("M150 -34 a30 30 0 0 1 60 0 Z", P.charcoal) +
    wheel(-160) +
    wheel(180);
  return at(x, y, s, art, flip);
}

/** Box truck (~420 long) for loading docks. */
export function boxTruck(
  x: number,
  y: number,
  s: number,
  box: string = P.white,
  flip = false,
): string {
  const art =
    shadow(10, 0, 230, 10, 0.3, 5) +
    rect(-220, -220, 300, 186, lin([shade(box, 0.05), shade(box, -0.12)]), { rx: 4 }) +
    rect(-220, -72, 300, 14, P.orange600) +
    path(
      "M86 -34 L86 -160 L150 -160 Q162 -160 168 -150 L198 -100 Q206 -96 206 -84 L206 -34 Z",
      lin([P.navy600, P.navy800]),
    ) +
    path("M100 -150 L146 -150 L172 -106 L100 -106 Z", lin(["#d7ecfa", "#86b8df"])) +
    rect(-224, -40, 432, 8, P.charcoal) +
    path("M-190 -34 a30 30 0 0 1 60 0 Z", P.charcoal) +
    path("M120 -34 a30 30 0 0 1 60 0 Z", P.charcoal) +
    wheel(-160) +
    wheel(-100) +
    wheel(150);
  return at(x, y, s, art, flip);
}

/** Forklift carrying a pallet (~200 long). */
export function forklift(x: number, y: number, s: number, flip = false): string {
  const art =
    shadow(0, 0, 110, 8, 0.3, 4) +
    rect(60, -200, 8, 200, P.graphite) +
    rect(70, -20, 70, 8, P.graphite) +
    rect(70, -68, 66, 48, P.woodLight) +
    rect(70, -60, 66, 4, P.woodDark) +
    path("M-80 -30 L-80 -100 L-40 -100 L-30 -150 L40 -150 L48 -100 L58 -100 L58 -30 Z", P.amber) +
    path("M-30 -146 L36 -146 L40 -104 L-36 -104 Z", "none", {
      stroke: P.charcoal,
      "stroke-width": 5,
    }) +
    rect(-100, -90, 26, 50, P.charcoal, { rx: 4 }) +
    wheel(-50, 22) +
    wheel(36, 20);
  return at(x, y, s, art, flip);
}
