/** The friendly error page: never a stack trace, always a way home (in the page's language). */
import { BRAND } from "~/site";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ComponentType, ReactNode } from "react";
import { isRouteErrorResponse, Link, useMatches } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { useLocalize } from "~/lib/use-locale";

const TEXTS: Record<number, { title: MessageDescriptor; body: MessageDescriptor }> = {
  404: {
    title: msg`Page not found`,
    body: msg`We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.`,
  },
  400: {
    title: msg`We couldn't read that request`,
    body: msg`Something in the address or the form wasn't in a form we understand.`,
  },
  429: {
    title: msg`Too many requests`,
    body: msg`You've sent a lot of requests in a short time. Please wait a moment and try again.`,
  },
  503: {
    title: msg`We'll be right back`,
    body: msg`The site is having trouble reaching its data right now. Please try again in a minute.`,
  },
};

const FALLBACK = {
  title: msg`Something went wrong`,
  body: msg`An unexpected error happened on our side. It has been logged, and trying again in a moment usually helps.`,
};

export function ErrorPage({
  status,
  title,
  message,
}: {
  status: number;
  title?: string;
  message?: string;
}) {
  const { i18n } = useLingui();
  const localize = useLocalize();
  const texts = TEXTS[status] ?? FALLBACK;
  const heading = title ? title : i18n._(texts.title);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-4 px-4 py-20 sm:px-6">
      {/* An error page has no route meta of its own: React puts this title in the head. */}
      <title>{`${heading} | ${BRAND.name}`}</title>
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
        <Trans>Error {status}</Trans>
      </p>
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
        {heading}
      </h1>
      <p className="text-lg text-muted">{message ?? i18n._(texts.body)}</p>
      {/* A whole page load: the home page is a content page, which no router renders. */}
      <Link reloadDocument to={localize("/")} className={buttonClasses("primary", "lg", "mt-2")}>
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}

/**
 * What a route's error shows: the thrown response's status and sentence (a
 * string, or `{ title, message }`), else a 500. The root and the area layouts
 * (dashboard, pro, console) all answer with it.
 */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) {
    const payload: unknown = error.data;
    if (typeof payload === "string") return <ErrorPage status={error.status} message={payload} />;
    if (payload && typeof payload === "object" && "title" in payload && "message" in payload) {
      return (
        <ErrorPage
          status={error.status}
          title={String(payload.title)}
          message={String(payload.message)}
        />
      );
    }
    return <ErrorPage status={error.status} />;
  }
  return <ErrorPage status={500} />;
}

/**
 * An area layout's ErrorBoundary (dashboard, pro, console): the error page
 * inside the area's frame, drawn from the layout's own data (an error below
 * the layout leaves its loader answered; the route id is the same in every
 * language: "routes/dashboard/layout", "es/routes/dashboard/layout"). When
 * the layout's own loader or middleware failed there is no frame: the plain
 * error page, as the root gives it.
 */
export function AreaError({
  error,
  layout,
  Frame,
}: {
  error: unknown;
  layout: string;
  Frame: ComponentType<{ data: never; children: ReactNode }>;
}) {
  const match = useMatches().find(
    (route) => route.id === layout || route.id.endsWith(`/${layout}`),
  );
  if (match?.loaderData === undefined) return <RouteError error={error} />;
  return (
    <Frame data={match.loaderData as never}>
      <RouteError error={error} />
    </Frame>
  );
}
