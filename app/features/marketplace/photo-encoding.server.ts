/**
 * A photo as we keep it: decoded and encoded again as WebP, at most 2000 px
 * on its longer side, with no metadata at all (a phone photo's EXIF says
 * where it was taken). Only what decodes as JPEG, PNG or WebP is taken,
 * whatever the file is called (photos.server.ts stores them).
 */
import { msg } from "@lingui/core/macro";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import type sharpModule from "sharp";
import { PHOTO_TYPES } from "../../../database/enums";
import { PHOTO_LIMITS } from "./photo-limits";

const MB = 1024 * 1024;

/**
 * sharp (libvips) is loaded on the first photo, not with the server: most
 * processes never see an upload, and the native library costs memory.
 */
let loadedSharp: Promise<typeof sharpModule> | undefined;
function sharp(...args: Parameters<typeof sharpModule>): Promise<ReturnType<typeof sharpModule>> {
  loadedSharp ??= import("sharp").then((module) => module.default);
  return loadedSharp.then((load) => load(...args));
}

/**
 * The most pixels a photo may have: a 48- or 50-megapixel phone photo
 * (8160 × 6120) fits. A small file can claim an enormous canvas (a
 * decompression bomb); one over this is refused before it is decoded.
 */
const MAX_INPUT_PIXELS = 64_000_000;

/**
 * libwebp's default quality, at effort 1 of 0–6: a 12-MP phone photo costs
 * about 150 ms of CPU, so two cores re-encode about 13 a second against the
 * target of 10 (scripts/bench/photo-throughput.ts). The default effort, 4,
 * makes files 10–20% smaller at less than half the speed; effort 2 leaves
 * no margin; effort 0 saves a tenth of the CPU for files up to 7% larger.
 */
const WEBP_OPTIONS = { quality: 80, effort: 1 } as const;

/**
 * A photo the person can do something about (another file, fewer photos):
 * 400, or 413 when the whole upload is too large.
 */
export class PhotoRefused extends Error {
  override name = "PhotoRefused";
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/**
 * The name as the person knows it, in quotes: no folders, no control
 * characters, not too long; "Your file" (in the page's language) when none is left.
 */
export function shownName(name: string, locale: Locale = DEFAULT_LOCALE): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name.split(/[/\\]/).at(-1) ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (base === "") return translate(locale, msg`Your file`);
  return `"${base.length > 60 ? `${base.slice(0, 59)}…` : base}"`;
}

const unreadable = (name: string, locale: Locale) => {
  const file = shownName(name, locale);
  return new PhotoRefused(
    translate(
      locale,
      msg`${file} isn't a photo we can read. Please choose a JPEG, PNG or WebP image.`,
    ),
  );
};

export interface PreparedPhoto {
  webp: Uint8Array;
  width: number;
  height: number;
}

type PhotoFormat = "jpeg" | "png" | "webp";

/**
 * The format the file's first bytes announce, if it is one we take. Only
 * these reach the decoder, so libvips never parses an SVG, a PDF or a TIFF
 * sent by a stranger.
 */
function announcedFormat(bytes: Uint8Array): PhotoFormat | null {
  const starts = (offset: number, ...signature: number[]) =>
    signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  // "RIFF", a length, "WEBP".
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

/**
 * Reads the header only: the format libvips finds must be the announced one
 * and one of PHOTO_TYPES, and the size in pixels within MAX_INPUT_PIXELS.
 */
async function checkHeader(name: string, bytes: Uint8Array, locale: Locale): Promise<void> {
  const announced = announcedFormat(bytes);
  // No pixel limit here: the header is read, not the pixels, and the count is checked below.
  const header = announced
    ? await sharp(bytes, { limitInputPixels: false })
        .then((image) => image.metadata())
        .catch(() => null)
    : null;
  const type: string = `image/${header?.format ?? "unknown"}`;
  const taken = PHOTO_TYPES.some((known) => known === type);
  if (!header || header.format !== announced || !taken) throw unreadable(name, locale);
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    const file = shownName(name, locale);
    const megapixels = MAX_INPUT_PIXELS / 1e6;
    throw new PhotoRefused(
      translate(
        locale,
        msg`${file} has more pixels than we can take. Please choose a photo of ${megapixels} megapixels or less.`,
      ),
    );
  }
}

/**
 * One uploaded file as the WebP we keep: upright (EXIF orientation applied),
 * at most PHOTO_LIMITS.maxEdge on each side (never enlarged), the first
 * frame of an animation, and no EXIF, XMP, IPTC or ICC profile (sharp keeps
 * none unless asked to; colours are converted to sRGB). Throws PhotoRefused
 * with a message naming the file, in `locale` (the page's language).
 */
export async function preparePhoto(
  name: string,
  bytes: Uint8Array,
  locale: Locale = DEFAULT_LOCALE,
): Promise<PreparedPhoto> {
  if (bytes.byteLength > PHOTO_LIMITS.maxBytes) {
    const file = shownName(name, locale);
    const megabytes = PHOTO_LIMITS.maxBytes / MB;
    throw new PhotoRefused(
      translate(
        locale,
        msg`${file} is larger than ${megabytes} MB. Please choose a smaller photo.`,
      ),
    );
  }
  await checkHeader(name, bytes, locale);
  const edge = PHOTO_LIMITS.maxEdge;
  try {
    const image = await sharp(bytes, {
      // Corrupt or cut-off pixel data is refused; a mere warning (the extra bytes
      // some cameras leave between JPEG markers) is not.
      failOn: "error",
      limitInputPixels: MAX_INPUT_PIXELS,
      pages: 1,
    });
    const { data, info } = await image
      .rotate()
      .resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true })
      .webp(WEBP_OPTIONS)
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch {
    throw unreadable(name, locale);
  }
}

export interface PhotoUpload {
  name: string;
  bytes: Uint8Array;
}

/**
 * Every file prepared, on both cores at once; if any is refused, the first
 * refused file in the order chosen decides the message.
 */
export async function prepareAll(
  files: readonly PhotoUpload[],
  locale: Locale = DEFAULT_LOCALE,
): Promise<PreparedPhoto[]> {
  const settled = await Promise.allSettled(
    files.map((file) => preparePhoto(file.name, file.bytes, locale)),
  );
  return settled.map((outcome) => {
    if (outcome.status === "rejected") throw outcome.reason;
    return outcome.value;
  });
}
