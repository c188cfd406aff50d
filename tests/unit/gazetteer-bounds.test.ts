/**
 * Issue 18: one place query could take the server down ("a,ca,ca,…": the
 * readings doubled with every part). Whatever is typed, a look-up now does a
 * bounded amount of work; these tests hold it to fixed budgets of counted
 * steps (deterministic), with a generous wall-clock ceiling only as a backstop.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadGazetteer, type Gazetteer } from "~/features/places/gazetteer.server";
import { createQueryReader } from "~/features/places/query-reader.server";
import type { WorkMeter } from "~/features/places/work-meter";
import { adversarialPlaceQuery, KNOWN_ATTACKS } from "../support/adversarial-places";

/** Readings of one query at most (real queries have fewer than ten). */
const READINGS_BUDGET = 32;
/**
 * Steps reading one query may take (qualifiers looked up, readings put
 * together). The dearest part is a region still being typed, matched against
 * every region's name (about 140 steps): at most three times for each of the
 * nine places a ten-word text can be split ("x ca ca ca ca ca ca ca ca c"
 * takes 2,425 steps).
 */
const READER_STEPS_BUDGET = 6_000;
/**
 * Steps one suggest or resolve may take. The dearest real query, a single
 * letter and a region ("m ca"), visits about 3,600 index keys; the budget
 * leaves room for that several times over, and the old code took millions.
 */
const STEPS_BUDGET = 20_000;
/** Backstop only: a look-up that takes this long is broken, whatever the steps say. */
const WALL_CLOCK_CEILING_MS = 1_000;

let gazetteer: Gazetteer;
const reader = createQueryReader(["FR", "GB", "DE", "MX", "IN", "CO"]);

beforeAll(async () => {
  gazetteer = await loadGazetteer();
});

function measured<T>(lookup: (meter: WorkMeter) => T): { result: T; steps: number; ms: number } {
  const meter: WorkMeter = { steps: 0 };
  const started = performance.now();
  const result = lookup(meter);
  return { result, steps: meter.steps, ms: performance.now() - started };
}

describe("the work of one place query", () => {
  it("stays small for the report's query, however many parts it has", () => {
    // 14 parts: the old reader built 2 ** 13 = 8,192 combinations of its qualifiers (each
    // part doubled them; 33 parts ran the server out of heap).
    for (const partial of [true, false]) {
      const read = measured((meter) => reader.readings("a" + ",ca".repeat(13), { partial, meter }));
      expect(read.steps).toBeGreaterThan(0);
      expect(read.steps).toBeLessThanOrEqual(READER_STEPS_BUDGET);
    }
    for (const attack of KNOWN_ATTACKS) {
      const suggested = measured((meter) => gazetteer.suggest(attack, undefined, meter));
      const resolved = measured((meter) => gazetteer.resolve(attack, meter));
      expect(suggested.result).toEqual([]);
      expect(resolved.result).toEqual({ ok: false, reason: "invalid-city" });
      expect(suggested.steps).toBeLessThanOrEqual(STEPS_BUDGET);
      expect(resolved.steps).toBeLessThanOrEqual(STEPS_BUDGET);
    }
  });

  it("is counted, so the budgets below measure something", () => {
    const suggested = measured((meter) => gazetteer.suggest("m ca", undefined, meter));
    expect(suggested.result.map((s) => s.description)).toContain("Montréal, QC, Canada");
    expect(suggested.steps).toBeGreaterThan(1_000);
    expect(measured((meter) => gazetteer.resolve("Denver, CO", meter)).steps).toBeGreaterThan(0);
  });

  it("reads any adversarial query within the reader's step budget, in few readings", () => {
    fc.assert(
      fc.property(adversarialPlaceQuery, fc.boolean(), (query, partial) => {
        const read = measured((meter) => reader.readings(query, { partial, meter }));
        expect(read.steps).toBeLessThanOrEqual(READER_STEPS_BUDGET);
        expect(read.result.length).toBeLessThanOrEqual(READINGS_BUDGET);
      }),
      { numRuns: 500 },
    );
  });

  it("suggests and resolves any adversarial query within the step budget", () => {
    fc.assert(
      fc.property(adversarialPlaceQuery, (query) => {
        const suggested = measured((meter) => gazetteer.suggest(query, undefined, meter));
        const resolved = measured((meter) => gazetteer.resolve(query, meter));
        expect(suggested.steps).toBeLessThanOrEqual(STEPS_BUDGET);
        expect(resolved.steps).toBeLessThanOrEqual(STEPS_BUDGET);
        expect(suggested.ms + resolved.ms).toBeLessThan(WALL_CLOCK_CEILING_MS);
      }),
      { numRuns: 500 },
    );
  });

  it("still reads the real queries with commas and regions", () => {
    const labels = (query: string) => gazetteer.suggest(query).map((s) => s.description);
    expect(labels("Denver, CO, USA")[0]).toBe("Denver, CO, USA");
    expect(labels("Springfield, IL, US")[0]).toBe("Springfield, IL, USA");
    expect(gazetteer.resolve("Toronto, ON, Canada")).toMatchObject({
      ok: true,
      place: { slug: "toronto-on" },
    });
    // Repeating a qualifier is still read, up to three of them.
    expect(gazetteer.resolve("Denver, CO, CO, USA")).toMatchObject({
      ok: true,
      place: { slug: "denver-co" },
    });
    expect(gazetteer.resolve("Paris, France")).toEqual({
      ok: false,
      reason: "unsupported-country",
    });
  });
});
