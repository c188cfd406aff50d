/** Home renovation's service gallery (spec §2): finished projects with captions. */
import type { CSSProperties } from "react";
import { Picture } from "~/components/ui/picture";

export interface ShowcaseItem {
  title: string;
  caption: string;
  image: string;
}

export function ServiceShowcase({ title, items }: { title: string; items: ShowcaseItem[] }) {
  return (
    // Estimated at its height on a phone, 33rem a stacked item (decision 015).
    <section
      aria-labelledby="showcase-title"
      className="below-fold mt-16 grid gap-6 [contain-intrinsic-block-size:auto_calc(var(--cards)*33rem)] sm:[contain-intrinsic-block-size:auto_calc(var(--cards)*17rem)] lg:[contain-intrinsic-block-size:auto_calc(var(--cards)*12rem)]"
      style={{ "--cards": items.length } as CSSProperties}
    >
      <h2 id="showcase-title" className="text-2xl font-bold text-navy-900 sm:text-3xl">
        {title}
      </h2>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.title}>
            <figure className="overflow-hidden rounded-card bg-surface shadow-card">
              <Picture
                name={item.image}
                alt=""
                sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
                imgClassName="aspect-[4/3] w-full object-cover"
              />
              <figcaption className="grid gap-1 p-4">
                <span className="font-semibold text-navy-900">{item.title}</span>
                <span className="text-sm text-muted">{item.caption}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
