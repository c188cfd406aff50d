import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOfRequest } from "~/lib/locale-path";
import type { Route } from "./+types/not-found";

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

// Any path no other route matches is a real 404, rendered by the root error page.
export function loader({ request }: Route.LoaderArgs) {
  throw data(
    translate(localeOfRequest(request), msg`We couldn't find the page you were looking for.`),
    { status: 404 },
  );
}

export default function NotFound() {
  return null;
}
