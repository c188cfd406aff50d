/**
 * A route's page, or a part of one, as the server renders it: its HTML in a
 * language, inside a router (its forms and links need one), with the props
 * React Router passes (`loaderData`, `actionData`).
 */
import { I18nProvider } from "@lingui/react";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { i18nFor } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";

export function pageHtml(
  Page: unknown,
  props: Record<string, unknown>,
  locale: Locale = "en",
): string {
  const element = createElement(Page as (props: Record<string, unknown>) => ReactElement, props);
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    createElement(
      I18nProvider,
      { i18n: i18nFor(locale) },
      createElement(RouterProvider, { router }),
    ),
  );
}
