/**
 * The article's table of contents, read from its own headings. Plain anchor
 * links: the browser scrolls (smoothly, unless reduced motion is asked for)
 * and updates the address, so /roofing#materials lands on its section.
 */
import { useLingui } from "@lingui/react/macro";
import type { TocItem } from "./article";

export function TableOfContents({ items, title }: { items: TocItem[]; title?: string }) {
  const { t } = useLingui();
  return (
    <nav aria-labelledby="toc-title" className="rounded-card bg-surface p-5 shadow-card">
      <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-navy-900 uppercase">
        {title ?? t`On this page`}
      </h2>
      <ol className="mt-3 grid gap-1 text-sm">
        {items.map((item, index) => (
          <li key={item.id}>
            <a href={`#${item.id}`} className="flex min-h-10 items-start gap-2 rounded-control px-2 py-2 text-navy-700 hover:bg-navy-50 hover:text-navy-900">
              <span aria-hidden="true" className="w-5 shrink-0 text-muted tabular-nums">
                {index + 1}.
              </span>
              <span>{item.text}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
