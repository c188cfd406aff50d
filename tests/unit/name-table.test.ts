import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createNameTable } from "~/features/places/name-table.server";

describe("the packed table of names", () => {
  it("answers every lookup as the Map it was made from", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 12 }), fc.string({ minLength: 1, maxLength: 6 })),
        fc.array(fc.string({ maxLength: 12 })),
        (record, others) => {
          const map = new Map(Object.entries(record));
          const table = createNameTable(map);
          expect(table.size).toBe(map.size);
          for (const name of [...map.keys(), ...others])
            expect(table.get(name)).toBe(map.get(name));
        },
      ),
    );
  });

  it("finds names that are prefixes of one another, and accented ones", () => {
    const table = createNameTable(
      new Map([
        ["paris", "FR"],
        ["parisot", "FR"],
        ["par", "ES"],
        ["são paulo", "BR"],
        ["", "XX"],
      ]),
    );
    expect(table.get("paris")).toBe("FR");
    expect(table.get("par")).toBe("ES");
    expect(table.get("pari")).toBeUndefined();
    expect(table.get("são paulo")).toBe("BR");
    expect(table.get("")).toBe("XX");
  });
});
