/**
 * Place queries built to cost the gazetteer as much work as possible (issue
 * 18: "a,ca,ca,…" once doubled the readings with every part and brought the
 * server down). For the gazetteer's property tests and for fuzzing
 * /api/places?q= and /api/places/resolve?text=: every query is at most
 * MAX_PLACE_QUERY_LENGTH characters without control characters, so the
 * endpoints accept it and hand it to the gazetteer.
 */
import fc from "fast-check";
import { MAX_PLACE_QUERY_LENGTH } from "~/features/places/place-query";

/** Texts that name a region, a country or both ("ca"), or start one ("n", "new"). */
const QUALIFIER_WORDS = [
  "ca",
  "co",
  "on",
  "in",
  "ma",
  "de",
  "us",
  "uk",
  "usa",
  "canada",
  "new",
  "new york",
  "north",
  "n",
  "c",
  "st",
  "washington dc",
  "france",
];

/** Short words and letters that match many place names as a prefix. */
const SHORT_WORDS = ["a", "s", "st", "ste", "mt", "ft", "san", "port", "lake", "e", "x", "0"];

const SEPARATORS = [",", ", ", " ", " , ", ",,", "&", ".", "-", "'", "’", "\u00a0", "\u3000"];

/** Letters that normalisation decomposes, folds or drops; wide and combining characters. */
const UNICODE_PIECES = [
  "é",
  "e\u0301",
  "ß",
  "æ",
  "ı",
  "Å",
  "ﬁ",
  "Ａ",
  "\u0301\u0301\u0301",
  "😀",
  "\u{1F1E8}\u{1F1E6}",
  "\u200b",
  "\u202e",
  "ǅ",
  "ｃａ",
  "Ⅻ",
];

const word = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...QUALIFIER_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...SHORT_WORDS) },
  { weight: 1, arbitrary: fc.constantFrom(...UNICODE_PIECES) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z]{1,3}$/) },
);

/** Parts joined by any separators: "a,ca,ca,ca…", "s co co on", "new york, ny, usa, usa…". */
const manyParts = fc
  .tuple(
    fc.constantFrom(...SHORT_WORDS, "denver", "paris", "new york"),
    fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), word), { minLength: 1, maxLength: 60 }),
  )
  .map(([first, rest]) => first + rest.map(([separator, part]) => separator + part).join(""));

/** One part repeated to the length limit: the original attack and its cousins. */
const repeated = fc
  .tuple(
    fc.constantFrom(...SHORT_WORDS, ""),
    fc.constantFrom(",", ", ", " "),
    fc.constantFrom(...QUALIFIER_WORDS),
  )
  .map(([first, separator, part]) => first + (separator + part).repeat(MAX_PLACE_QUERY_LENGTH));

const separatorsOnly = fc
  .array(fc.constantFrom(...SEPARATORS), { maxLength: MAX_PLACE_QUERY_LENGTH })
  .map((pieces) => pieces.join(""));

const unicode = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: MAX_PLACE_QUERY_LENGTH }),
  fc
    .array(fc.constantFrom(...UNICODE_PIECES, ...SEPARATORS), { maxLength: MAX_PLACE_QUERY_LENGTH })
    .map((pieces) => pieces.join("")),
);

/**
 * Removes control characters and cuts to the endpoints' limit (in UTF-16 units, as they
 * count), never through a surrogate pair: the text stays encodable in a URL.
 */
function acceptable(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the endpoints refuse these; keep the query valid
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .slice(0, MAX_PLACE_QUERY_LENGTH)
      .replace(/[\ud800-\udbff]$/, "")
  );
}

/** An adversarial place query the endpoints accept (≤ 100 characters, no control characters). */
export const adversarialPlaceQuery: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 4, arbitrary: manyParts },
    { weight: 3, arbitrary: repeated },
    { weight: 1, arbitrary: separatorsOnly },
    { weight: 2, arbitrary: unicode },
  )
  .map(acceptable);

/** The queries of issue 18's report, at the length limit. */
export const KNOWN_ATTACKS: readonly string[] = [
  acceptable("a" + ",ca".repeat(50)),
  acceptable("a" + ", ca".repeat(34)),
  acceptable("s" + " ca".repeat(50)),
  acceptable("denver" + ",co,us".repeat(20)),
];
