/**
 * A place's IANA time zone from its coordinates (issue 34: a business's
 * visits, and every time a person sees, are in the job's own zone). The
 * gazetteer has each place's latitude and longitude; the zone comes from
 * @photostructure/tz-lookup, a maintained offline lookup (73 KB of data, no
 * network), kept on the server. Zones without daylight saving
 * (America/Phoenix, America/Regina) and half-hour ones (America/St_Johns)
 * are ordinary IANA names here; what their clocks read at an instant is the
 * runtime's Intl's business.
 */
import tzLookup from "@photostructure/tz-lookup";
import type { Place } from "./place";

/** The IANA zone at these coordinates, e.g. "America/Denver"; throws on coordinates out of range. */
export function zoneAt(lat: number, lon: number): string {
  return tzLookup(lat, lon);
}

/** The place's IANA zone. */
export function zoneOfPlace(place: Pick<Place, "lat" | "lon">): string {
  return zoneAt(place.lat, place.lon);
}
