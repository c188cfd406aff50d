import { loadGazetteer } from "~/features/places/gazetteer.server";
import { placeLookupRefusal } from "~/features/places/place-limit.server";
import { placeQueryProblem } from "~/features/places/place-query";
import type { PlaceChoice } from "~/features/places/place-types";
import { getServices } from "~/lib/app-context.server";
import { LOCATION_ERRORS } from "~/site";
import type { Route } from "./+types/place-resolve";

/**
 * GET /api/places/resolve?placeId=… or ?text=… : the city a choice or typed
 * text stands for, checked as spec §5 says; the failures carry its messages.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const refusal = placeLookupRefusal(context);
  if (refusal) return refusal;
  const placeId = url.searchParams.get("placeId");
  const text = url.searchParams.get("text") ?? "";
  const headers = { "Cache-Control": "public, max-age=86400" };
  const problem = placeQueryProblem(placeId ?? text);
  if (problem)
    return Response.json(
      { error: problem },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  let choice: PlaceChoice;
  try {
    const gazetteer = await loadGazetteer();
    if (placeId !== null) {
      const place = gazetteer.byId(placeId);
      choice = place
        ? { ok: true, slug: place.slug, label: `${place.name}, ${place.region}` }
        : { ok: false, message: LOCATION_ERRORS.invalidCity };
    } else {
      const result = gazetteer.resolve(text);
      choice = result.ok
        ? {
            ok: true,
            slug: result.place.slug,
            label: `${result.place.name}, ${result.place.region}`,
          }
        : {
            ok: false,
            message:
              result.reason === "unsupported-country"
                ? LOCATION_ERRORS.unsupportedCountry
                : LOCATION_ERRORS.invalidCity,
          };
    }
  } catch (error) {
    getServices(context).logger.error({ err: error }, "place lookup failed");
    choice = { ok: false, message: LOCATION_ERRORS.invalidCity };
  }
  return Response.json(choice, { status: choice.ok ? 200 : 422, headers });
}
