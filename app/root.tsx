import interSubset from "./fonts/inter-subset.woff2?url";
import { I18nProvider } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useEffect, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import islandsEntry from "virtual:islands-entry";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?inline";
import stylesheetUrl from "./app.css?url";
import { ToasterHost } from "./components/ui/toaster-host";
import { BreadcrumbBarIsland } from "./features/places/breadcrumb-bar";
import { crumbLabelsOf } from "./features/places/breadcrumb";
import { BROWSER_REQUEST_COOKIE } from "./features/marketplace/browser-request-cookie";
import type { EdgeHandle } from "./lib/edge";
import { getEnv } from "./lib/env.server";
import { i18nFor } from "./lib/i18n";
import { withLocale } from "./lib/locale-context.server";
import { localeOfPath, unlocalizedPath } from "./lib/locale-path";
import { HTML_LANG } from "./lib/locales";
import { isIslandsPage, SiteConfig } from "./lib/island";
import { islandsStarter } from "./lib/islands-starter";
import { useScriptMark } from "./lib/script-mark";
import { RouteError } from "./features/shell/error-page";
import { SiteFooter } from "./features/shell/site-footer";
import { SiteHeader } from "./features/shell/site-header";
import { languageOffers } from "./features/shell/language-offers.server";
import { LanguageSuggestionIsland } from "./features/shell/language-suggestion";
import { pageState } from "./features/shell/language-switcher";
import { isSignedInPage } from "./lib/page-handle";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interSubset, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // A PNG, not an SVG: Chromium draws an SVG favicon by building an SVG
  // document on the page's main thread after load (scripts/images/compositions/brand.ts).
  { rel: "icon", href: "/favicon.png", type: "image/png", sizes: "48x48" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

/** Server-rendered only: the browser keeps the <style> it was sent and never downloads this text. */
const INLINE_CSS = import.meta.env.SSR ? stylesheet : "";

/**
 * A browser with a request waiting for its pros sees pages made for it (the
 * search page shows its choice): never the page cache's shared copy (app/lib/edge.ts).
 */
export const handle = {
  edge: { personalCookies: [BROWSER_REQUEST_COOKIE] },
} satisfies EdgeHandle;

/**
 * Every route's language, once (decision 036): loaders and actions read it
 * with `localeOf(context)`.
 */
export const middleware: Route.MiddlewareFunction[] = [withLocale];

/** Public configuration the browser needs (never a secret), and the language offers. */
export function loader() {
  return { googleMapsKey: getEnv().GOOGLE_MAPS_API_KEY, languageOffers: languageOffers() };
}

/**
 * `npm run dev`: React Router's module that sets up React Fast Refresh; island
 * modules compiled for hot reload refuse to run before it (its <Scripts> would
 * load it on pages React Router hydrates).
 */
const FAST_REFRESH_PREAMBLE = "/@id/__x00__virtual:react-router/inject-hmr-runtime";

/** How long after the load event islands start even if no contentful paint was reported. */
const ISLANDS_LATEST_START_MS = 2000;

/**
 * Pages with a breadcrumb bar: everything but the home page, the personal
 * areas (a homeowner's, a pro's, a request's) and a business's profile,
 * which shows its own trail (no page answers /pros).
 */
const NO_BREADCRUMB = /^\/($|login|auth|admin|dashboard|pro(\/|$)|pros\/|requests\/|visits\/)/;

/** Content pages load only their islands, after the first paint (decisions 008, 010). */
function IslandsScript({ nonce }: { nonce: string | undefined }) {
  const start = islandsStarter(
    islandsEntry,
    ISLANDS_LATEST_START_MS,
    import.meta.env.DEV ? FAST_REFRESH_PREAMBLE : undefined,
  );
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: start }} />;
}

export function Layout({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const locale = localeOfPath(pathname);
  const nonce = useScriptMark();
  const root = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  // Decided where the page is rendered: a page React Router hydrates keeps its scripts.
  const islands = import.meta.env.SSR && isIslandsPage(matches);
  // Marks the page interactive (tests wait for it before they click).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={HTML_LANG[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#102a4c" />
        {/*
          In the order React's server writes them (links, then meta with each page's
          image preload last, then the <style> it never hoists), so hydration moves
          nothing: moving the <style> would restyle the whole page.
        */}
        <Links />
        <Meta />
        {/*
          Content pages inline the stylesheet: the first paint waits for no request,
          and the server keeps only the rules the page can use (data-page-css,
          server/pages/page-css.ts). Pages React Router hydrates (the personal ones,
          never cached) link it as one immutable hashed file the browser keeps
          (decision 044); the browser renders the same link when it hydrates them.
        */}
        {islands ? (
          <style
            data-page-css=""
            dangerouslySetInnerHTML={{ __html: INLINE_CSS }}
            suppressHydrationWarning
          />
        ) : (
          <link rel="stylesheet" href={stylesheetUrl} />
        )}
      </head>
      <body className="flex min-h-dvh flex-col font-sans">
        <I18nProvider i18n={i18nFor(locale)}>
          <a
            href="#main"
            className="sr-only z-[200] rounded-control bg-navy-900 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
          >
            <Trans>Skip to content</Trans>
          </a>
          <SiteHeader signedIn={isSignedInPage(matches)} />
          {NO_BREADCRUMB.test(unlocalizedPath(pathname)) ? null : (
            <BreadcrumbBarIsland path={pathname} labels={crumbLabelsOf(matches)} />
          )}
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
          <SiteFooter />
          {root ? (
            <LanguageSuggestionIsland
              current={locale}
              page={pageState(pathname, search)}
              offers={root.languageOffers}
            />
          ) : null}
          <ToasterHost />
          <SiteConfig googleMapsKey={root?.googleMapsKey} />
          {islands ? (
            <IslandsScript nonce={nonce} />
          ) : (
            <>
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </>
          )}
        </I18nProvider>
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
