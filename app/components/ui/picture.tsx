/**
 * A responsive illustration: AVIF and WebP at the widths the generator made,
 * width and height set so nothing shifts, lazy unless it is the page's
 * largest first-screen image.
 */
import { IMAGE_MANIFEST, type ImageName } from "~/lib/image-manifest.generated";

export interface PictureProps {
  name: string;
  alt: string;
  /** The rendered width in the layout, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes: string;
  className?: string;
  imgClassName?: string;
  /** The first screen's main image: loaded eagerly with high priority. */
  priority?: boolean;
}

function entry(name: string) {
  const image = (IMAGE_MANIFEST as Record<string, (typeof IMAGE_MANIFEST)[ImageName] | undefined>)[
    name
  ];
  if (!image) throw new Error(`Unknown image ${name}`);
  return image;
}

export function imageSrcSet(name: string, format: "avif" | "webp"): string {
  return entry(name)
    .widths.map((width) => `/images/${name}-${width.toString()}.${format} ${width.toString()}w`)
    .join(", ");
}

/** The URL of one rendition, for a preload link or CSS. */
export function imageUrl(name: string, width: number, format: "avif" | "webp" = "webp"): string {
  return `/images/${name}-${width.toString()}.${format}`;
}

export function Picture({
  name,
  alt,
  sizes,
  className,
  imgClassName,
  priority = false,
}: PictureProps) {
  const image = entry(name);
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
        fetchPriority={priority ? "high" : "auto"}
        className={imgClassName}
      />
    </picture>
  );
}
