/** The city page banner: a generic North American skyline with a street of houses in front (1920×1080). */
import { P } from "../lib/palette.ts";
import { doc, lin, rect, rng } from "../lib/svg.ts";
import type { ImageSpec } from "../lib/types.ts";
import { cloud, lightWash, sky, sun } from "../pieces/backdrop.ts";
import { skyline } from "../pieces/commercial.ts";
import { cottage } from "../pieces/house.ts";
import { conifer, shrub, tree } from "../pieces/nature.ts";
import { car } from "../pieces/vehicles.ts";

const W = 1920;
const H = 1080;

function citySkyline(): string {
  return doc(W, H, () => {
    const r = rng(101);
    let s =
      sky(W, H, "golden") +
      sun(1500, 240, 60, "golden") +
      cloud(400, 200, 1.3, 0.6) +
      cloud(1100, 140, 1, 0.5);
    s += skyline(W, 720, 7, { haze: "#bfd0df", scale: 1.15 });
    s +=
      rect(0, 700, W, 60, "#9fbf8a") +
      Array.from({ length: 26 }, (_, i) =>
        tree(i * 78 + r() * 30, 752, 0.55 + r() * 0.25, i % 3 ? P.leaf : P.leafLight, i),
      ).join("");
    s += rect(0, 748, W, 332, lin(["#a9c98d", "#86b36a"]));
    const walls = ["#f1e6d2", "#d9e4ec", "#e9d3c4", "#f4efe3", "#cfdcc8", "#e7dcc9", "#dde3ea"];
    const roofs = ["#56606e", "#6b4f3a", "#3f4a5a", "#7a5a48", "#4d5a4c"];
    for (let i = 0; i < 9; i++) {
      const x = 110 + i * 215;
      s += cottage(
        x,
        930,
        170 + (i % 3) * 14,
        walls[i % walls.length] ?? P.cream,
        roofs[i % roofs.length] ?? P.graphite,
        { door: i % 2 ? P.orange700 : P.navy600 },
      );
      s += shrub(x - 95, 934, 60, P.leaf, i + 3);
      if (i % 3 === 1) s += conifer(x + 100, 934, 0.55);
    }
    s += rect(0, 930, W, 40, "#d8d1c5") + rect(0, 970, W, 110, lin(["#5a606a", "#454a53"]));
    for (let x = 40; x < W; x += 200) s += rect(x, 1022, 100, 8, "#f5d142", { rx: 3 });
    s += car(520, 1060, 0.8, "#dc2626") + car(1380, 1010, 0.75, P.navy400, true);
    return s + lightWash(W, H, 0.1);
  });
}

export const CITY: ImageSpec[] = [
  {
    name: "city/skyline",
    width: W,
    height: H,
    widths: [640, 960, 1280, 1920],
    formats: ["avif", "webp"],
    svg: citySkyline,
    // Shown at 40 % opacity behind the city's name: lower quality is invisible there.
    quality: { avif: 40, webp: 60 },
  },
];
