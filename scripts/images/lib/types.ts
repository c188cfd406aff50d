/** What one generated image is: its name, canvas, output widths and formats, and its SVG. */
export type Format = "avif" | "webp" | "jpg";

export interface ImageSpec {
  /** Path under public/images without width or extension, e.g. "hero/hero-1". */
  name: string;
  width: number;
  height: number;
  widths: readonly number[];
  formats: readonly Format[];
  /** Builds the SVG document (at width × height). */
  svg: () => string;
  /**
   * AVIF/WebP quality when the default is more than the image needs (a
   * background shown faded behind text hides fine detail).
   */
  quality?: { avif: number; webp: number };
}

export type Scene = () => string;

/** Shorthand for the common 4:3 service/project card (1200×900 at 400 and 800). */
export const card = (name: string, svg: () => string): ImageSpec => ({
  name,
  width: 1200,
  height: 900,
  widths: [400, 800],
  formats: ["avif", "webp"],
  svg,
});
