/** The before/after slider: the same kitchen, dated and renovated (1280×800). */
import { doc } from "../lib/svg.ts";
import type { ImageSpec } from "../lib/types.ts";
import { kitchen } from "../pieces/kitchen.ts";
import { lightWash } from "../pieces/backdrop.ts";

const W = 1280;
const H = 800;
const spec = (name: string, svg: () => string): ImageSpec => ({
  name,
  width: W,
  height: H,
  widths: [640, 1280],
  formats: ["avif", "webp"],
  svg,
});

export const BEFORE_AFTER: ImageSpec[] = [
  spec("before-after/before", () =>
    doc(W, H, () => kitchen({ w: W, h: H, dated: true }) + lightWash(W, H, 0.06)),
  ),
  spec("before-after/after", () =>
    doc(W, H, () => kitchen({ w: W, h: H, dated: false }) + lightWash(W, H, 0.1)),
  ),
];
