import interSubset from "./fonts/inter-subset.woff2?url";
import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?inline";
import { ToasterHost } from "./components/ui/toaster-host";
import { BreadcrumbBar } from "./features/places/breadcrumb-bar";
import { getEnv } from "./lib/env.server";
import { useNonce } from "./lib/nonce";
import { ErrorPage } from "./features/shell/error-page";
import { SiteFooter } from "./features/shell/site-footer";
import { SiteHeader } from "./features/shell/site-header";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interSubset, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** Server-rendered only: the browser keeps the <style> it was sent and never downloads this text. */
const INLINE_CSS = import.meta.env.SSR ? stylesheet : "";

/** Public configuration the browser needs (never a secret). */
export function loader() {
  return { googleMapsKey: getEnv().GOOGLE_MAPS_API_KEY };
}

/** Pages with a breadcrumb bar: everything but the home page and the personal area. */
const NO_BREADCRUMB = /^\/($|login|auth|dashboard)/;

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const nonce = useNonce();
  // Marks the page interactive (tests wait for it before they click).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#102a4c" />
        <Meta />
        {/* The whole stylesheet (6 KB compressed) inline: the first paint waits for no request. */}
        <style dangerouslySetInnerHTML={{ __html: INLINE_CSS }} suppressHydrationWarning />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        <a
          href="#main"
          className="sr-only z-[200] rounded-control bg-navy-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SiteHeader />
        {NO_BREADCRUMB.test(pathname) ? null : <BreadcrumbBar />}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter />
        <ToasterHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
