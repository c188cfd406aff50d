/** The brand mark (a house roofline over a check): favicon, touch icon and header logo. */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { P } from "../lib/palette.ts";
import type { Output } from "../lib/render.ts";
import { KB } from "../lib/budget.ts";

/** The roofline and check strokes on a 64-unit grid (no background). */
export const MARK_ART =
  `<path d="M10 31 L32 12 L54 31" fill="none" stroke="${P.orange600}" stroke-width="8.5" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="M20.5 37.5 L28.5 45.5 L44 30" fill="none" stroke="#ffffff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The whole mark as an SVG file; `rounded` false fills the square (for iOS, which rounds it itself). */
export function markSvg(size: number, rounded = true): string {
  const bg = `<rect width="64" height="64"${rounded ? ' rx="14"' : ""} fill="${P.navy800}"/>`;
  const art = rounded ? MARK_ART : `<g transform="translate(7 7) scale(0.78)">${MARK_ART}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${bg}${art}</svg>\n`;
}

async function put(file: string, data: string | Buffer): Promise<number> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  return typeof data === "string" ? Buffer.byteLength(data) : data.length;
}

export async function writeBrandAssets(root: string): Promise<Output[]> {
  const pub = join(root, "public");
  const out: Output[] = [];
  const svg = markSvg(64);
  out.push({
    name: "favicon",
    file: "../favicon.svg",
    width: 64,
    format: "svg",
    bytes: await put(join(pub, "favicon.svg"), svg),
    budget: 120 * KB,
  });
  out.push({
    name: "brand/logo-mark",
    file: "brand/logo-mark.svg",
    width: 64,
    format: "svg",
    bytes: await put(join(pub, "images/brand/logo-mark.svg"), svg),
    budget: 120 * KB,
  });
  const png = await sharp(Buffer.from(markSvg(180, false)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  out.push({
    name: "apple-touch-icon",
    file: "../apple-touch-icon.png",
    width: 180,
    format: "png",
    bytes: await put(join(pub, "apple-touch-icon.png"), png),
    budget: 120 * KB,
  });
  return out;
}
