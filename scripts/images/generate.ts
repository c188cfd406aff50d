/**
 * Generates every raster image of the site from SVG compositions, plus the
 * favicon, touch icon, logo mark and app/lib/image-manifest.generated.ts.
 *
 *   npx node scripts/images/generate.ts                 # everything (or: npm run images)
 *   npx node scripts/images/generate.ts --only pools    # names containing "pools"
 *   npx node scripts/images/generate.ts --preview /tmp/previews [--only …] [--sheet]
 *
 * --preview writes full-size PNGs (and with --sheet a contact sheet) instead
 * of the site's files. Exits 1 when any file breaks its byte budget.
 */
import { readdir, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { ALL_IMAGES } from "./compositions/index.ts";
import { writeBrandAssets } from "./compositions/brand.ts";
import { writeManifest } from "./lib/manifest.ts";
import { contactSheet } from "./lib/preview.ts";
import { fileName, pool, renderSpec, type Output } from "./lib/render.ts";
import { printReport } from "./lib/report.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const OUT = join(ROOT, "public/images");
const MANIFEST = join(ROOT, "app/lib/image-manifest.generated.ts");

function arg(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

async function main(): Promise<void> {
  const started = performance.now();
  const only = arg("--only")?.split(",");
  const previewDir = arg("--preview");
  const specs = ALL_IMAGES.filter((s) => !only || only.some((o) => s.name.includes(o)));
  if (specs.length === 0) throw new Error(`No image matches --only ${only?.join(",")}`);

  sharp.concurrency(2);
  const outputs: Output[] = (await pool(specs, 2, (s) => renderSpec(s, OUT, previewDir))).flat();

  if (previewDir) {
    if (process.argv.includes("--sheet")) await contactSheet(previewDir, specs);
    console.log(
      `Wrote ${specs.length} previews to ${previewDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return;
  }

  outputs.push(...(await writeBrandAssets(ROOT)));
  if (!only) {
    // a full run owns the generated folders (hero/, services/, …): drop files no composition
    // produces any more; anything else under public/images is left alone
    const keep = new Set(
      ALL_IMAGES.flatMap((s) => s.widths.flatMap((w) => s.formats.map((f) => fileName(s, w, f)))),
    );
    const owned = new Set(ALL_IMAGES.map((s) => s.name.split("/")[0]));
    for (const file of await listFiles(OUT)) {
      if (owned.has(file.split("/")[0]) && !keep.has(file)) await rm(join(OUT, file));
    }
  }
  await writeManifest(MANIFEST, ALL_IMAGES);
  const ok = printReport(outputs, performance.now() - started);
  if (!ok) process.exitCode = 1;
}

await main();
