import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { imageSpec } from "~/components/ui/picture";
import { IMAGE_MANIFEST } from "~/lib/image-manifest.generated";
import { CATEGORIES, SERVICE_SLUGS } from "~/site";

describe("images", () => {
  it("every generated image has its folder's sizes, and every rendition exists", () => {
    for (const [name, image] of Object.entries(IMAGE_MANIFEST)) {
      if (name.startsWith("og/") || name.startsWith("brand/")) continue;
      const spec = imageSpec(name);
      expect({ width: image.width, height: image.height, widths: [...image.widths] }, name).toEqual(
        {
          width: spec.width,
          height: spec.height,
          widths: [...spec.widths],
        },
      );
      for (const width of image.widths) {
        for (const format of image.formats) {
          expect(
            existsSync(path.resolve("public/images", `${name}-${width.toString()}.${format}`)),
            `${name} ${width.toString()} ${format}`,
          ).toBe(true);
        }
      }
    }
  });

  it("every category and service the pages show has its image", () => {
    for (const category of CATEGORIES) {
      expect(IMAGE_MANIFEST).toHaveProperty([category.image]);
      expect(existsSync(path.resolve("public/images/og", `${category.slug}.jpg`))).toBe(true);
      for (const service of SERVICE_SLUGS[category.slug]) {
        expect(IMAGE_MANIFEST).toHaveProperty([`services/${category.slug}/${service}`]);
      }
    }
  });
});
