/**
 * The brand mark (a house roofline over a check): favicon, touch icon and header logo.
 *
 * The favicon is a PNG, not an SVG: Chromium fetches the favicon from the page
 * after it loads and, for an SVG, builds a whole isolated SVG document on the
 * page's main thread to draw it (12–22 ms on this machine, a long task on a
 * phone). A small PNG is decoded in well under a millisecond.
 */
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

/**
 * A `.ico` file holding one PNG image (allowed since Windows Vista, read by
 * every current browser): for clients that ask for /favicon.ico without
 * reading the page.
 */
export function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width (0 means 256)
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(header.length, 18); // image offset
  return Buffer.concat([header, png]);
}

const rasterMark = (size: number, rounded = true) =>
  sharp(Buffer.from(markSvg(size, rounded)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();

async function put(file: string, data: string | Buffer): Promise<number> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, data);
  return typeof data === "string" ? Buffer.byteLength(data) : data.length;
}

export async function writeBrandAssets(root: string): Promise<Output[]> {
  const pub = join(root, "public");
  const out: Output[] = [];
  const svg = markSvg(64);
  // 48 px: the smallest size search engines take for a favicon, sharp at 16, 24 and 32.
  const favicon = await rasterMark(48);
  out.push({
    name: "favicon",
    file: "../favicon.png",
    width: 48,
    format: "png",
    bytes: await put(join(pub, "favicon.png"), favicon),
    budget: 120 * KB,
  });
  out.push({
    name: "favicon-ico",
    file: "../favicon.ico",
    width: 32,
    format: "ico",
    bytes: await put(join(pub, "favicon.ico"), icoFromPng(await rasterMark(32), 32)),
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
  const png = await rasterMark(180, false);
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
