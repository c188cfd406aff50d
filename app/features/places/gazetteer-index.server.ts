/**
 * The gazetteer's prefix index: every normalised key of every place in one
 * sorted array, searched by binary search, with the answers for one- and
 * two-character queries (the widest ranges) worked out once at load.
 */
import { expandLastWord } from "./normalize";
import { count, type WorkMeter } from "./work-meter";

/** What a key is to its place; the order is the ranking of a match. */
export const KeyKind = {
  /** The place's name ("new york"): an exact match ranks first, then a prefix. */
  Name: 0,
  /** A later word of the name onwards ("york"). */
  Word: 1,
  /** Another name for the place ("new york city"). */
  Alias: 2,
} as const;
export type KeyKind = (typeof KeyKind)[keyof typeof KeyKind];

export interface IndexedPlace {
  region: string;
  keys: readonly { key: string; kind: KeyKind }[];
}

/** Match tiers: exact name, name prefix, word inside the name, other name. */
const TIERS = 4;
/** Scores pack (reading rank, tier, popularity rank) into one number; places stay below this. */
const PLACE_SCALE = 1 << 20;
/** How many answers each precomputed short query keeps. */
const TOP_LIST_SIZE = 20;

export interface Search {
  name: string;
  regions?: ReadonlySet<string>;
  /** 0 for the text as typed, more for readings that split off a region. */
  rank: number;
}

export interface PrefixIndex {
  /**
   * Indices of the best-matching places, best first. The work is at most
   * two scans of the keys per search (the text and its last word spelled
   * out); the caller bounds the number of searches (MAX_READINGS).
   */
  search(searches: readonly Search[], limit: number, meter?: WorkMeter): number[];
}

/** Every key of every place, sorted, each with its place and kind packed in one number. */
function sortedKeys(places: readonly IndexedPlace[]): { keys: string[]; codes: Int32Array } {
  const entries: { key: string; code: number }[] = [];
  places.forEach((place, index) => {
    for (const { key, kind } of place.keys) entries.push({ key, code: index * TIERS + kind });
  });
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.code - b.code));
  return {
    keys: entries.map((entry) => entry.key),
    codes: Int32Array.from(entries, (entry) => entry.code),
  };
}

/**
 * The index of `places`, which must come most populous first: a place's
 * position is its rank among matches of the same tier.
 */
export function createPrefixIndex(places: readonly IndexedPlace[]): PrefixIndex {
  if (places.length >= PLACE_SCALE) throw new Error("Too many places for the index");
  const { keys, codes } = sortedKeys(places);
  const regions = places.map((place) => place.region);

  function lowerBound(prefix: string): number {
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((keys[middle] ?? "") < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Records each place matching `prefix` with its best score so far. */
  function scan(
    prefix: string,
    search: Search,
    best: Map<number, number>,
    meter: WorkMeter | undefined,
  ): void {
    const start = lowerBound(prefix);
    let i = start;
    for (; i < keys.length; i++) {
      const key = keys[i] ?? "";
      if (!key.startsWith(prefix)) break;
      const code = codes[i] ?? 0;
      const index = Math.floor(code / TIERS);
      if (search.regions && !search.regions.has(regions[index] ?? "")) continue;
      const kind = (code % TIERS) as KeyKind;
      const tier = kind === KeyKind.Name ? (key.length === prefix.length ? 0 : 1) : kind + 1;
      const score = (search.rank * TIERS + tier) * PLACE_SCALE + index;
      const previous = best.get(index);
      if (previous === undefined || score < previous) best.set(index, score);
    }
    count(meter, i - start + 1);
  }

  function rawSearch(
    searches: readonly Search[],
    limit: number,
    meter: WorkMeter | undefined,
  ): number[] {
    const best = new Map<number, number>();
    for (const search of searches) {
      for (const prefix of expandLastWord(search.name)) scan(prefix, search, best, meter);
    }
    const scores = Float64Array.from(best.values()).sort().subarray(0, limit);
    return Array.from(scores, (score) => score % PLACE_SCALE);
  }

  // One- and two-character queries match thousands of keys; answer them from lists.
  const topLists = new Map<string, number[]>();
  for (const key of keys) {
    for (const prefix of [key.slice(0, 1), key.slice(0, 2)]) {
      if (!topLists.has(prefix) && !prefix.includes(" ")) {
        topLists.set(prefix, rawSearch([{ name: prefix, rank: 0 }], TOP_LIST_SIZE, undefined));
      }
    }
  }

  return {
    search(searches, limit, meter) {
      const [only] = searches;
      if (searches.length === 1 && only && !only.regions && limit <= TOP_LIST_SIZE) {
        const top = only.name.length <= 2 ? topLists.get(only.name) : undefined;
        count(meter);
        if (top) return top.slice(0, limit);
      }
      return rawSearch(searches, limit, meter);
    },
  };
}
