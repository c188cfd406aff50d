import { describe, expect, it, vi } from "vitest";
import { importAgainOnFailure } from "~/lib/import-again";

describe("importAgainOnFailure", () => {
  it("asks once when the first download works", async () => {
    const load = vi.fn(() => Promise.resolve("module"));
    await expect(importAgainOnFailure(load, 0)).resolves.toBe("module");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks a second time, after a pause, when the first fails", async () => {
    vi.useFakeTimers();
    try {
      const load = vi
        .fn<() => Promise<string>>()
        .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
        .mockResolvedValueOnce("module");
      const loaded = importAgainOnFailure(load, 400);
      await vi.advanceTimersByTimeAsync(399);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(loaded).resolves.toBe("module");
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives the second failure to the caller, and asks no more", async () => {
    const failure = new TypeError("Failed to fetch dynamically imported module");
    const load = vi.fn(() => Promise.reject(failure));
    await expect(importAgainOnFailure(load, 0)).rejects.toBe(failure);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
