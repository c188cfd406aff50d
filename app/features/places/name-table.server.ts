/**
 * A read-only string → string table packed into two strings and two offset
 * arrays, for the gazetteer's ~100k names of cities outside the US and
 * Canada ("Paris, France" is the wrong country, not an unknown city). As a
 * Map the same names held about 9 MB of heap in ~200k small strings; packed,
 * about 3 MB, looked up by binary search (17 steps) without allocating.
 * Decision 016 (RSS).
 */
export interface NameTable {
  get(name: string): string | undefined;
  readonly size: number;
}

/** Compares `name` with `text.slice(start, end)`, as `<` on strings would, without slicing. */
function compareAt(name: string, text: string, start: number, end: number): number {
  const length = end - start;
  const common = Math.min(name.length, length);
  for (let i = 0; i < common; i++) {
    const difference = name.charCodeAt(i) - text.charCodeAt(start + i);
    if (difference !== 0) return difference;
  }
  return name.length - length;
}

interface Packed {
  count: number;
  names: string;
  keyStarts: Int32Array;
  values: string;
  valueStarts: Int32Array;
}

function pack(entries: ReadonlyMap<string, string>): Packed {
  // Default order: UTF-16 code units, as compareAt compares.
  const keys = [...entries.keys()].sort();
  const values = keys.map((key) => entries.get(key) ?? "");
  const offsets = (parts: string[]) => {
    const starts = new Int32Array(parts.length + 1);
    parts.forEach((part, i) => (starts[i + 1] = (starts[i] ?? 0) + part.length));
    return starts;
  };
  return {
    count: keys.length,
    names: keys.join(""),
    keyStarts: offsets(keys),
    values: values.join(""),
    valueStarts: offsets(values),
  };
}

/**
 * Packs the entries; the table keeps none of the Map's strings (pack's
 * closures and the Map are not in scope of the lookup's).
 */
export function createNameTable(entries: ReadonlyMap<string, string>): NameTable {
  const { count, names, keyStarts, values, valueStarts } = pack(entries);
  return {
    size: count,
    get(name) {
      let low = 0;
      let high = count - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const order = compareAt(name, names, keyStarts[middle] ?? 0, keyStarts[middle + 1] ?? 0);
        if (order === 0) return values.slice(valueStarts[middle], valueStarts[middle + 1]);
        if (order < 0) high = middle - 1;
        else low = middle + 1;
      }
      return undefined;
    },
  };
}
