// City pages not in the page cache, for the benches: the places API's
// suggestions for every two-letter start (and three-letter starts, until there
// are enough), each resolved to its city page as the location picker does.
// More cities than the page cache holds, so none is served from it.

/**
 * Paths of `wanted` city pages (denver-co left out: the benches warm it).
 * `headers` go with every request (the load bench gives them a client address
 * of their own, so that a per-client limit on the place endpoints sees many).
 */
export async function longTailCityPaths(siteUrl, wanted, headers = {}) {
  const ids = new Set();
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const suggest = async (query) => {
    const response = await fetch(`${siteUrl}/api/places?q=${query}`, { headers });
    return response.ok ? (await response.json()).suggestions : [];
  };
  const busy = [];
  for (const a of letters) {
    for (const b of letters) {
      const found = await suggest(a + b);
      for (const place of found) ids.add(place.placeId);
      if (found.length >= 5) busy.push(a + b);
    }
  }
  for (const prefix of busy) {
    if (ids.size >= wanted) break;
    for (const c of letters) for (const place of await suggest(prefix + c)) ids.add(place.placeId);
  }
  const paths = [];
  for (const id of ids) {
    const response = await fetch(
      `${siteUrl}/api/places/resolve?placeId=${encodeURIComponent(id)}`,
      { headers },
    );
    const choice = await response.json();
    if (choice.ok && choice.slug !== "denver-co") paths.push(`/${choice.slug}`);
  }
  return paths;
}
