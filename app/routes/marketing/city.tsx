import { data } from "react-router";
import { isCitySlugShape } from "~/features/places/slug";
import { PagePlaceholder } from "~/features/shell/page-placeholder";
import type { Route } from "./+types/city";

export function loader({ params }: Route.LoaderArgs) {
  if (!isCitySlugShape(params.cityState)) {
    throw data("We couldn't find the page you were looking for.", { status: 404 });
  }
  return { slug: params.cityState };
}

export default function CityPage({ loaderData }: Route.ComponentProps) {
  return <PagePlaceholder title={`Professional Services in ${loaderData.slug}`} />;
}
