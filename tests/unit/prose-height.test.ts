import { describe, expect, it } from "vitest";
import { proseHeightRem } from "~/features/content/prose-height";

describe("a long text's estimated height on a phone", () => {
  it("grows with its characters and its blocks", () => {
    const paragraph = `<p>${"Flashing, decking and gutters. ".repeat(10)}</p>`;
    const one = proseHeightRem(paragraph);
    expect(proseHeightRem(paragraph.repeat(2))).toBeGreaterThan(one);
    expect(proseHeightRem("<ul><li>a</li><li>b</li></ul>")).toBeGreaterThan(proseHeightRem("ab"));
  });

  it("counts the text, not its markup", () => {
    expect(proseHeightRem('<p><strong class="x">Roof</strong> repair</p>')).toBe(
      proseHeightRem("<p>Roof repair</p>"),
    );
  });
});
