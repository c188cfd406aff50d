import { describe, expect, it } from "vitest";
import { createRenderGate } from "../../server/http/render-gate";

describe("the render gate", () => {
  it("lets as many renders start as it has turns, and the next one when a turn is given back", async () => {
    const gate = createRenderGate(2);
    const started: number[] = [];
    const turns = [1, 2, 3, 4].map((n) => gate.enter().then((done) => (started.push(n), done)));
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual([1, 2]);
    expect(gate.waiting).toBe(2);

    const first = await turns[0];
    first?.();
    await turns[2];
    expect(started).toEqual([1, 2, 3]);
    expect(gate.waiting).toBe(1);
  });

  it("gives a turn back once, however often its owner says it is done", async () => {
    const gate = createRenderGate(1);
    const done = await gate.enter();
    const second = gate.enter();
    const third = gate.enter();
    done();
    done();
    await second;
    // The second render holds the only turn: the third still waits.
    expect(gate.waiting).toBe(1);
    (await second)();
    await third;
    expect(gate.waiting).toBe(0);
  });
});
