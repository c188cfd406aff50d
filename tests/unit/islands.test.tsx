/**
 * The islands registry (app/islands.ts) and the islands the features define
 * (app/lib/island.tsx) must be the same list: a name missing from the
 * registry would leave its island dead in the browser, with no error.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ISLANDS } from "~/islands";
import { definedIslands, island } from "~/lib/island";

// Every module that can define an island.
import.meta.glob(["../../app/features/**/*.tsx", "../../app/components/**/*.tsx"], {
  eager: true,
});

describe("islands", () => {
  it("registers every island a feature defines, under its own name", async () => {
    expect(Object.keys(ISLANDS).sort()).toEqual([...definedIslands.keys()].sort());
    for (const [name, load] of Object.entries(ISLANDS)) {
      expect(await load(), name).toBe(definedIslands.get(name));
    }
  });

  it("renders the component inside <tm-island> with its props as JSON", () => {
    const Greeting = ({ who, times }: { who: string; times: number }) => (
      <p>
        Hello {who} ×{times}
      </p>
    );
    const GreetingIsland = island("test-greeting", Greeting);
    definedIslands.delete("test-greeting");
    const html = renderToString(<GreetingIsland who={`<Ann & "Bo">`} times={2} />);
    const element = new DOMParser()
      .parseFromString(html, "text/html")
      .querySelector<HTMLElement>("tm-island");
    expect(element?.dataset.island).toBe("test-greeting");
    expect(JSON.parse(element?.dataset.props ?? "")).toEqual({ who: `<Ann & "Bo">`, times: 2 });
    expect(element?.querySelector("p")?.textContent).toBe(`Hello <Ann & "Bo"> ×2`);
  });

  it("refuses props that don't survive JSON, at compile time", () => {
    const Clicker = (_props: { onClick: () => void }) => null;
    // @ts-expect-error an island's props must be plain data
    island("test-clicker", Clicker);
    definedIslands.delete("test-clicker");
  });

  it("refuses two islands with one name", () => {
    const A = () => null;
    const B = () => null;
    island("test-twice", A);
    expect(() => island("test-twice", B)).toThrow('Two islands are called "test-twice"');
    definedIslands.delete("test-twice");
  });
});
