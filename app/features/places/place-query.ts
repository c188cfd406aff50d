/** What a place lookup accepts: at most 100 characters, no control characters. */
export const MAX_PLACE_QUERY_LENGTH = 100;

export function placeQueryProblem(text: string): string | null {
  if (text.length > MAX_PLACE_QUERY_LENGTH) {
    return `Please type at most ${MAX_PLACE_QUERY_LENGTH.toString()} characters to search for a place.`;
  }
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(text)) return "A place search can't contain control characters.";
  return null;
}

/** What a refused place look-up (429) says; the location picker shows it. */
export const PLACE_LOOKUP_LIMITED_MESSAGE =
  "Too many place searches in a short time. Please wait a few seconds and try again.";
