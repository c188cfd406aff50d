/**
 * Place-name text normalisation, shared by the browser and the server: the
 * gazetteer's keys and every query go through the same function, so "St. John's",
 * "st johns" and "Saint Johns" meet on one key.
 */

/** Latin letters that Unicode decomposition leaves whole. */
const LETTER_FOLDS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  þ: "th",
  ı: "i",
};

/** Lowercase ASCII letters for accented Latin text: "Montréal" → "montreal". */
export function foldAccents(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII; decomposing them would only cost time.
  // eslint-disable-next-line no-control-regex -- the ASCII range is the point
  if (!/[^\u0000-\u007f]/.test(lower)) return lower;
  return lower
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[ßæœøłđðþı]/g, (letter) => LETTER_FOLDS[letter] ?? letter);
}

/**
 * Abbreviations read as the word they stand for when another word follows
 * ("St. John's" and "Saint John's" both become "saint johns"). A final "st"
 * is left alone: it may be the start of "Stockton" (the gazetteer searches
 * both readings of a query's last word, see `expandLastWord`).
 */
const ABBREVIATIONS: Record<string, string> = {
  st: "saint",
  ste: "sainte",
  mt: "mount",
  ft: "fort",
};

/**
 * The words of a name as lowercase ASCII: "&" read as "and", apostrophes and
 * periods dropped ("St. John's" → st, johns), any other punctuation a break.
 */
export function nameWords(text: string): string[] {
  return (
    foldAccents(text)
      .replace(/&/g, " and ")
      .replace(/['’ʼ`.]/g, "")
      .match(/[a-z0-9]+/g) ?? []
  );
}

/** Search text: the name's words with abbreviations spelled out, one space apart. */
export function normalizeForSearch(text: string): string {
  const words = nameWords(text);
  return words
    .map((word, index) => (index < words.length - 1 ? (ABBREVIATIONS[word] ?? word) : word))
    .join(" ");
}

/**
 * The readings of a normalised query whose last word may be an abbreviation
 * still being typed: "port st" → ["port st", "port saint"].
 */
export function expandLastWord(normalized: string): string[] {
  const cut = normalized.lastIndexOf(" ") + 1;
  const spelled = ABBREVIATIONS[normalized.slice(cut)];
  return spelled ? [normalized, normalized.slice(0, cut) + spelled] : [normalized];
}
