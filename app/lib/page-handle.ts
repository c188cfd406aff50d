/**
 * What a route says of its pages in its `handle` for the page around it:
 * `signedIn`, on the layouts whose middleware lets only a signed-in person
 * in, so the header can say "My Projects" in the server's HTML (without
 * JavaScript too) rather than wait for the browser's flag. Public pages say
 * nothing: they are the same, cached, for everyone.
 */
export const SIGNED_IN_PAGE = { signedIn: true } as const;

/** Whether one of the matched routes is a signed-in page. */
export function isSignedInPage(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some(
    (match) =>
      typeof match.handle === "object" &&
      match.handle !== null &&
      (match.handle as { signedIn?: unknown }).signedIn === true,
  );
}
