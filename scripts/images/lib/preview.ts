/** Contact sheets of preview PNGs, for reviewing many images at once. */
import { join } from "node:path";
import sharp from "sharp";
import type { ImageSpec } from "./types.ts";

const THUMB = 360;
const COLS = 4;
const PER_SHEET = 16;

export async function contactSheet(dir: string, specs: readonly ImageSpec[]): Promise<void> {
  for (let start = 0, sheet = 1; start < specs.length; start += PER_SHEET, sheet++) {
    const page = specs.slice(start, start + PER_SHEET);
    const rows = Math.ceil(page.length / COLS);
    const cellH = THUMB * 0.75 + 26;
    const tiles = await Promise.all(
      page.map(async (s, i) => {
        const input = await sharp(join(dir, `${s.name.replaceAll("/", "__")}.png`))
          .resize(THUMB, Math.round(THUMB * 0.75), { fit: "contain", background: "#ffffff" })
          .toBuffer();
        return {
          input,
          left: (i % COLS) * (THUMB + 8) + 8,
          top: Math.floor(i / COLS) * (cellH + 8) + 8,
        };
      }),
    );
    const labels = page
      .map(
        (s, i) =>
          `<text x="${(i % COLS) * (THUMB + 8) + 10}" y="${Math.floor(i / COLS) * (cellH + 8) + 8 + THUMB * 0.75 + 18}" font-family="DejaVu Sans" font-size="13" fill="#102a4c">${s.name}</text>`,
      )
      .join("");
    const width = COLS * (THUMB + 8) + 8;
    const height = rows * (cellH + 8) + 8;
    const base = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e5e7eb"/>${labels}</svg>`;
    await sharp(Buffer.from(base))
      .composite(tiles)
      .png()
      .toFile(join(dir, `_sheet-${sheet}.png`));
  }
}
