/**
 * Open Graph cards (1200×630 JPEG): a category illustration on the right and
 * a navy band on the left with the brand and the page title (DejaVu Sans Bold).
 */
import { P } from "../lib/palette.ts";
import type { ImageSpec } from "../lib/types.ts";
import { MARK_ART } from "./brand.ts";

const W = 1200;
const H = 630;
const PANEL = 560;

const escape = (t: string): string =>
  t.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Greedy wrap by an estimate of DejaVu Sans Bold's advance (≈0.6 em per character). */
export function wrap(text: string, size: number, maxWidth: number): string[] {
  const maxChars = Math.floor(maxWidth / (size * 0.6));
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + " " + word).length <= maxChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Nests a full SVG document as an image-sized <svg> element, scaled to height H on the right. */
function nest(svg: string, srcW: number, srcH: number): string {
  const h = H;
  const w = (srcW * h) / srcH;
  const x = W - w + (w > W - PANEL + 200 ? (w - (W - PANEL + 200)) / 2 : 0);
  return svg.replace(
    /^<svg ([^>]*?)width="\d+" height="\d+"/,
    `<svg $1x="${Math.round(x)}" y="0" width="${Math.round(w)}" height="${h}" preserveAspectRatio="xMidYMid slice"`,
  );
}

function ogSvg(title: string, art: string, srcW: number, srcH: number): string {
  const size = title.length > 22 ? 46 : 56;
  const lines = wrap(title, size, PANEL - 60);
  const top = 300 - ((lines.length - 1) * size * 1.12) / 2;
  const titleSvg = lines
    .map(
      (l, i) =>
        `<text x="64" y="${Math.round(top + i * size * 1.12)}" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" fill="${i === lines.length - 1 ? P.amber : "#ffffff"}">${escape(l)}</text>`,
    )
    .join("");
  const mark = `<g transform="translate(64 62) scale(0.86)"><rect width="64" height="64" rx="14" fill="${P.navy600}"/>${MARK_ART}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="og-band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${P.navy900}"/><stop offset="0.78" stop-color="${P.navy800}"/><stop offset="1" stop-color="${P.navy800}" stop-opacity="0"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="${P.navy800}"/>` +
    nest(art, srcW, srcH) +
    `<rect width="${PANEL + 140}" height="${H}" fill="url(#og-band)"/>` +
    `<rect x="0" y="${H - 10}" width="${W}" height="10" fill="${P.orange600}"/>` +
    mark +
    `<text x="134" y="108" font-family="DejaVu Sans" font-weight="bold" font-size="36" fill="#ffffff">TradeMatch</text>` +
    `<rect x="64" y="${Math.round(top - size - 34)}" width="72" height="6" rx="3" fill="${P.orange600}"/>` +
    titleSvg +
    `<text x="64" y="${H - 60}" font-family="DejaVu Sans" font-size="22" fill="#c9d6e6">Local contractors across the USA and Canada</text>` +
    `</svg>`
  );
}

export function ogSpec(name: string, title: string, source: ImageSpec): ImageSpec {
  return {
    name: `og/${name}`,
    width: W,
    height: H,
    widths: [W],
    formats: ["jpg"],
    svg: () => ogSvg(title, source.svg(), source.width, source.height),
  };
}
