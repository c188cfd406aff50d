import { data } from "react-router";
import { ISLANDS_PAGE } from "~/lib/island";

export const handle = ISLANDS_PAGE;

// Any path no other route matches is a real 404, rendered by the root error page.
export function loader() {
  throw data("We couldn't find the page you were looking for.", { status: 404 });
}

export default function NotFound() {
  return null;
}
