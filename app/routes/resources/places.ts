import { loadGazetteer } from "~/features/places/gazetteer.server";
import { placeLookupRefusal } from "~/features/places/place-limit.server";
import { placeQueryProblem } from "~/features/places/place-query";
import type { Route } from "./+types/places";

/** GET /api/places?q=… : up to 8 US and Canadian places for the typeahead (spec §3, §7). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const refusal = placeLookupRefusal(context);
  if (refusal) return refusal;
  const query = url.searchParams.get("q") ?? "";
  const problem = placeQueryProblem(query);
  if (problem)
    return Response.json(
      { error: problem },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  const gazetteer = await loadGazetteer();
  return Response.json(
    { suggestions: query.trim() ? gazetteer.suggest(query) : [] },
    // The same text always finds the same places.
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}
