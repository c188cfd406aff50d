import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import type { Route } from "./+types/not-found";
import { localeOf } from "~/lib/locale-context.server";

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

// Any path no other route matches is a real 404, rendered by the root error page.
export function loader({ context }: Route.LoaderArgs) {
  throw data(translate(localeOf(context), msg`We couldn't find the page you were looking for.`), {
    status: 404,
  });
}

export default function NotFound() {
  return null;
}
