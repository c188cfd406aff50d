import { data } from "react-router";
import { isCitySlugShape } from "~/features/places/slug";
import { PagePlaceholder } from "~/features/shell/page-placeholder";
import { NOT_FOUND_MESSAGE, NOT_FOUND_TITLE } from "~/site";
import type { Route } from "./+types/listing";

export function loader({ params }: Route.LoaderArgs) {
  if (!isCitySlugShape(params.cityState)) {
    throw data(`${NOT_FOUND_TITLE}: ${NOT_FOUND_MESSAGE}`, { status: 404 });
  }
  return { city: params.cityState, service: params.service };
}

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  return <PagePlaceholder title={`${loaderData.service} in ${loaderData.city}`} />;
}
