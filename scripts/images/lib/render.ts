/** Rasterises one ImageSpec with sharp (librsvg) and encodes every width × format. */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { budgetFor } from "./budget.ts";
import type { Format, ImageSpec } from "./types.ts";

export interface Output {
  name: string;
  file: string;
  width: number;
  format: Format | "svg" | "png" | "ico";
  bytes: number;
  budget: number;
}

export const ENCODE = {
  avif: { quality: 60, effort: 2, chromaSubsampling: "4:4:4" },
  webp: { quality: 78, effort: 5, smartSubsample: true },
  jpg: { quality: 82, mozjpeg: true },
} as const;

export function fileName(spec: ImageSpec, width: number, format: Format): string {
  return format === "jpg" ? `${spec.name}.jpg` : `${spec.name}-${width}.${format}`;
}

async function encode(
  raw: Buffer,
  spec: ImageSpec,
  width: number,
  format: Format,
): Promise<Buffer> {
  const img = sharp(raw, { raw: { width: spec.width, height: spec.height, channels: 3 } });
  const height = Math.round((spec.height * width) / spec.width);
  const sized = width === spec.width ? img : img.resize(width, height, { kernel: "lanczos3" });
  if (format === "avif")
    return sized
      .avif({ ...ENCODE.avif, quality: spec.quality?.avif ?? ENCODE.avif.quality })
      .toBuffer();
  if (format === "webp")
    return sized
      .webp({ ...ENCODE.webp, quality: spec.quality?.webp ?? ENCODE.webp.quality })
      .toBuffer();
  return sized.jpeg(ENCODE.jpg).toBuffer();
}

/** Renders the SVG once at full size, then writes each output (or a PNG preview). */
export async function renderSpec(
  spec: ImageSpec,
  outDir: string,
  previewDir?: string,
): Promise<Output[]> {
  const svg = Buffer.from(spec.svg());
  const raw = await sharp(svg, { density: 72 })
    .resize(spec.width, spec.height, { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer();
  if (previewDir) {
    const file = join(previewDir, `${spec.name.replaceAll("/", "__")}.png`);
    await mkdir(dirname(file), { recursive: true });
    await sharp(raw, { raw: { width: spec.width, height: spec.height, channels: 3 } })
      .png()
      .toFile(file);
    return [];
  }
  const outputs: Output[] = [];
  for (const width of spec.widths) {
    for (const format of spec.formats) {
      const data = await encode(raw, spec, width, format);
      const rel = fileName(spec, width, format);
      const file = join(outDir, rel);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data);
      outputs.push({
        name: spec.name,
        file: rel,
        width,
        format,
        bytes: data.length,
        budget: budgetFor(spec.name, width, format),
      });
    }
  }
  return outputs;
}

/** Runs `task` over `items` with at most `limit` in flight, keeping input order in the result. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
