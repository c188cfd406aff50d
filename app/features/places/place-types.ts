/** Shapes shared by the browser and the server's place lookup (spec §3). */

/** A place suggestion, shaped like the maps service's prediction (spec §3). */
export interface PlaceSuggestion {
  id: string;
  placeId: string;
  description: string;
  mainText: string;
  secondaryText: string;
  terms: { offset: number; value: string }[];
  types: string[];
}

/** What choosing a place (or typing one and pressing Enter) leads to. */
export type PlaceChoice =
  { ok: true; slug: string; label: string } | { ok: false; message: string };
