// Photo uploads re-encoded per second, against the target of 10 on
// this two-core machine: a 4032 × 3024 JPEG, as a 12-megapixel phone takes
// it, through the app's own preparePhoto as many times as fit in the time,
// a few at once (sharp works on libuv's threads, so they share the cores).
// The module is loaded through Vite, as the server's build would have it
// (it reaches the feature's other modules, which use Vite's import.meta.glob).
// A benchmark, not a test:
//   node scripts/bench/photo-throughput.ts [seconds]
// Prints one line of JSON: { photosPerSecond, inputBytes, cpuMsPerPhoto, seconds, inFlight }.
import { availableParallelism } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createServer } from "vite";

type PhotosModule = typeof import("../../app/features/marketplace/photos.server");

const ROOT = path.resolve(import.meta.dirname, "../..");

const WIDTH = 4032;
const HEIGHT = 3024;
/** Two per core: one waits on the thread pool while the other is encoded. */
const IN_FLIGHT = availableParallelism() * 2;

/**
 * A phone photo's worth of JPEG (about 3 MB at quality 90): soft shapes
 * and colour, with sensor-like grain so that it does not compress to
 * nothing. The same bytes every run (a fixed pseudo-random sequence).
 */
async function phonePhoto(): Promise<Uint8Array> {
  // Clamped: a value past 255 stays white rather than wrapping round to black.
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 3);
  let seed = 12345;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      const grain = ((seed >> 16) % 16) - 8;
      const scene = 128 + 60 * Math.sin(x / 97) * Math.cos(y / 131) + 40 * Math.sin((x + y) / 23);
      const i = (y * WIDTH + x) * 3;
      pixels[i] = scene + grain + (x * 40) / WIDTH;
      pixels[i + 1] = scene * 0.8 + grain;
      pixels[i + 2] = 255 - scene + grain;
    }
  }
  return sharp(Buffer.from(pixels.buffer), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The app's preparePhoto, compiled by Vite. */
async function loadPreparePhoto(): Promise<{
  preparePhoto: PhotosModule["preparePhoto"];
  close: () => Promise<void>;
}> {
  const vite = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: "error",
    resolve: { tsconfigPaths: true },
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
  });
  const photos = (await vite.ssrLoadModule(
    "/app/features/marketplace/photos.server.ts",
  )) as PhotosModule;
  return { preparePhoto: photos.preparePhoto, close: () => vite.close() };
}

export interface PhotoThroughput {
  photosPerSecond: number;
  inputBytes: number;
  /**
   * The process's CPU time per photo (all threads). Other work on the
   * machine lowers photosPerSecond but not this: cores × 1000 / cpuMsPerPhoto
   * is what the machine would do with nothing else running.
   */
  cpuMsPerPhoto: number;
}

export async function photoThroughput(seconds: number): Promise<PhotoThroughput> {
  const { preparePhoto, close } = await loadPreparePhoto();
  try {
    return await measure(preparePhoto, seconds);
  } finally {
    await close();
  }
}

async function measure(
  preparePhoto: PhotosModule["preparePhoto"],
  seconds: number,
): Promise<PhotoThroughput> {
  const jpeg = await phonePhoto();
  await preparePhoto("warm-up.jpg", jpeg);
  let done = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  async function uploader(): Promise<void> {
    while (performance.now() < until) {
      await preparePhoto("IMG_0001.jpg", jpeg);
      done += 1;
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, uploader));
  const elapsedS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    photosPerSecond: Math.round((done / elapsedS) * 10) / 10,
    inputBytes: jpeg.byteLength,
    cpuMsPerPhoto: Math.round((cpu.user + cpu.system) / 1000 / done),
  };
}

if (import.meta.main) {
  const seconds = Number(process.argv[2] ?? 20);
  const result = await photoThroughput(seconds);
  console.log(JSON.stringify({ ...result, seconds, inFlight: IN_FLIGHT }));
}
