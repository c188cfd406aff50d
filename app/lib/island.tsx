/**
 * Islands: the interactive parts of a server-rendered page. `island(name,
 * Component)` returns a component that renders `Component` inside a
 * <tm-island> element carrying its name and props as JSON. On content pages
 * the browser runs no router: app/entry.islands.ts finds these elements and
 * hydrates each one on its own, so only what is interactive is hydrated
 * (docs/decisions/010-islands-on-content-pages.md). Inside a page that React
 * Router hydrates whole (the dashboard), the same component simply renders.
 *
 * Props travel as JSON: they must be plain data, and they must be everything
 * the component needs to render exactly what the server sent.
 */
import type { ComponentType } from "react";

/** T itself when it survives JSON unchanged (no functions, dates, maps…), else a type it can't match. */
export type JsonSafe<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends (infer Item)[]
    ? JsonSafe<Item>[]
    : T extends (...args: never[]) => unknown
      ? never
      : T extends object
        ? { [K in keyof T]: JsonSafe<T[K]> }
        : never;

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how React types custom elements
  namespace JSX {
    interface IntrinsicElements {
      "tm-island": {
        "data-island": string;
        "data-props": string;
        children?: React.ReactNode;
      };
    }
  }
}

/** Every island defined, by name (the registry in app/islands.ts is checked against it). */
export const definedIslands = new Map<string, ComponentType<never>>();

export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  // Rejected at compile time unless every prop survives JSON.
  ..._plainData: P extends JsonSafe<P> ? [] : [error: "an island's props must be plain data"]
): ComponentType<P> {
  if (definedIslands.has(name) && definedIslands.get(name) !== Component) {
    throw new Error(`Two islands are called "${name}"`);
  }
  definedIslands.set(name, Component as ComponentType<never>);
  function Island(props: P) {
    return (
      <tm-island data-island={name} data-props={JSON.stringify(props)}>
        <Component {...props} />
      </tm-island>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}

/** A route's `handle` on content pages: the browser hydrates islands, not the page. */
export const ISLANDS_PAGE = { islands: true } as const;

/**
 * A content page's `clientLoader`: a router page's link to it (or a redirect
 * there) loads it as a whole document instead of rendering it in the browser,
 * where neither its server-only messages (decision 030) nor its islands'
 * start-up exist. The first load of a content page never runs it. A loader is
 * not told the link's #fragment: links to a place in a content page say
 * `reloadDocument` themselves.
 */
export function documentLoad({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => undefined);
}

export function isIslandsPage(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some(
    (match) =>
      typeof match.handle === "object" &&
      match.handle !== null &&
      "islands" in match.handle &&
      match.handle.islands === true,
  );
}

/** Public settings the browser reads without a router (the Google Maps browser key). */
export interface PublicConfig {
  googleMapsKey?: string;
}

const CONFIG_ID = "tm-config";

export function SiteConfig(config: PublicConfig) {
  // A JSON data block: never run as a script; "<" escaped so it can't close the tag.
  const json = JSON.stringify(config).replace(/</g, "\\u003c");
  return (
    <script id={CONFIG_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />
  );
}

export function publicConfig(): PublicConfig {
  const text = document.getElementById(CONFIG_ID)?.textContent;
  return text ? (JSON.parse(text) as PublicConfig) : {};
}
