import { loadGazetteer } from "~/features/places/gazetteer.server";
import { placeLookupRefusal } from "~/features/places/place-limit.server";
import { placeLookupLocale, placeQueryProblem } from "~/features/places/place-query";
import type { PlaceChoice } from "~/features/places/place-types";
import { getServices } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n.server";
import { LOCATION_ERROR_MESSAGES } from "~/lib/site-labels";
import type { Route } from "./+types/place-resolve";

/**
 * GET /api/places/resolve?placeId=… or ?text=… [&lang=es|fr] : the city a
 * choice or typed text stands for, checked as spec §5 says; the failures
 * carry its messages, in the language of the page that asked (`lang`: the
 * spec's Spanish on English and Spanish pages, French on French ones).
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const locale = placeLookupLocale(url);
  const i18n = i18nFor(locale);
  const refusal = placeLookupRefusal(context, locale);
  if (refusal) return refusal;
  const placeId = url.searchParams.get("placeId");
  const text = url.searchParams.get("text") ?? "";
  const headers = { "Cache-Control": "public, max-age=86400" };
  const problem = placeQueryProblem(placeId ?? text, i18n);
  if (problem)
    return Response.json(
      { error: problem },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const invalidCity = i18n._(LOCATION_ERROR_MESSAGES.invalidCity);
  let choice: PlaceChoice;
  try {
    const gazetteer = await loadGazetteer();
    if (placeId !== null) {
      const place = gazetteer.byId(placeId);
      choice = place
        ? { ok: true, slug: place.slug, label: `${place.name}, ${place.region}` }
        : { ok: false, message: invalidCity };
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
                ? i18n._(LOCATION_ERROR_MESSAGES.unsupportedCountry)
                : invalidCity,
          };
    }
  } catch (error) {
    getServices(context).logger.error({ err: error }, "place lookup failed");
    choice = { ok: false, message: invalidCity };
  }
  return Response.json(choice, { status: choice.ok ? 200 : 422, headers });
}
