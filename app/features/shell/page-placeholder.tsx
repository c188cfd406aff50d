import { Trans } from "@lingui/react/macro";

/** A clear heading for a page whose full content is still being built. */
export function PagePlaceholder({
  title,
  children,
}: {
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted">
        {children ?? <Trans>This page is being built.</Trans>}
      </p>
    </section>
  );
}
