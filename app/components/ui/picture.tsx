/**
 * A responsive illustration: AVIF and WebP at the widths the generator made,
 * width and height set so nothing shifts, lazy unless it is the page's
 * largest first-screen image.
 *
 * Every other picture is also low priority. Chrome raises an image that
 * shows on the first screen to high once it has laid the page out; on a
 * phone that is a card peeking in under the hero, which then shares the
 * connection with the hero picture and the font. Explicitly low, it waits
 * for them (and Lighthouse's simulated LCP on city pages drops by about
 * 150 ms).
 */
/**
 * Every image of a folder comes in the same sizes (scripts/images writes
 * them so; tests/unit/picture.test.ts checks it against the generated
 * manifest), so pages need this small table, not the whole manifest.
 */
export const IMAGE_FOLDERS: Record<
  string,
  { width: number; height: number; widths: readonly number[] }
> = {
  hero: { width: 1920, height: 1080, widths: [640, 960, 1280, 1920] },
  "before-after": { width: 1280, height: 800, widths: [640, 1280] },
  categories: { width: 1200, height: 900, widths: [400, 600, 800, 1200] },
  services: { width: 1200, height: 900, widths: [400, 800] },
  projects: { width: 1200, height: 900, widths: [400, 800] },
  city: { width: 1920, height: 1080, widths: [640, 960, 1280, 1920] },
};

export interface PictureProps {
  name: string;
  alt: string;
  /** The rendered width in the layout, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  className?: string;
  imgClassName?: string;
  /** The first screen's main image: loaded eagerly with high priority. */
  priority?: boolean;
  /** False where a drag over the image means something else (a slider). */
  draggable?: boolean;
}

export function imageSpec(name: string) {
  const image = IMAGE_FOLDERS[name.split("/")[0] ?? ""];
  if (!image) throw new Error(`Unknown image folder for ${name}`);
  return image;
}

export function imageSrcSet(name: string, format: "avif" | "webp"): string {
  return imageSpec(name)
    .widths.map((width) => `/images/${name}-${width.toString()}.${format} ${width.toString()}w`)
    .join(", ");
}

/** The URL of one rendition, for a preload link or CSS. */
export function imageUrl(name: string, width: number, format: "avif" | "webp" = "webp"): string {
  return `/images/${name}-${width.toString()}.${format}`;
}

/**
 * A preload link for a page's main image (its LCP element), as a meta
 * descriptor: the browser fetches the right AVIF width before it parses the body.
 */
export function imagePreload(name: string, sizes: string) {
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: imageSrcSet(name, "avif"),
    imageSizes: sizes,
    fetchPriority: "high",
  } as const;
}

export function Picture({
  name,
  alt,
  sizes,
  className,
  imgClassName,
  priority = false,
  draggable,
}: PictureProps) {
  const image = imageSpec(name);
  const fallbackWidth = image.widths[Math.min(1, image.widths.length - 1)] ?? image.width;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={imageSrcSet(name, "avif")} sizes={sizes} />
      <img
        src={imageUrl(name, fallbackWidth)}
        srcSet={imageSrcSet(name, "webp")}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "low"}
        className={imgClassName}
        draggable={draggable}
      />
    </picture>
  );
}
