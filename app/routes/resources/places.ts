import { loadGazetteer } from "~/features/places/gazetteer.server";
import { placeLookupRefusal } from "~/features/places/place-limit.server";
import { placeLookupLocale, placeQueryProblem } from "~/features/places/place-query";
import { i18nFor } from "~/lib/i18n.server";
import type { Route } from "./+types/places";

/**
 * GET /api/places?q=…[&lang=es|fr] : up to 8 US and Canadian places for the
 * typeahead (spec §3, §7), their countries and refusals in the page's language.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const locale = placeLookupLocale(url);
  const refusal = placeLookupRefusal(context, locale);
  if (refusal) return refusal;
  const query = url.searchParams.get("q") ?? "";
  const problem = placeQueryProblem(query, i18nFor(locale));
  if (problem)
    return Response.json(
      { error: problem },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const gazetteer = await loadGazetteer();
  return Response.json(
    { suggestions: query.trim() ? gazetteer.suggest(query, undefined, undefined, locale) : [] },
    // The same text always finds the same places (the language is in the URL too).
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}
