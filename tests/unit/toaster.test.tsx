import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts, toast } from "~/components/ui/toast-store";
import { Toaster, TOAST_DURATION_MS } from "~/components/ui/toaster";

describe("toasts (spec §4/§9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom lays nothing out and has no ResizeObserver (the toaster sizes the
    // window's scroll padding with one; a browser test covers that).
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    cleanup();
    act(() => resetToasts());
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows one toast at a time: a new one replaces the current one", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Request received" });
    });
    expect(screen.getByText("Request received")).toBeTruthy();
    act(() => {
      toast({ title: "Something failed", variant: "destructive" });
    });
    expect(screen.queryByText("Request received")).toBeNull();
    expect(screen.getAllByText("Something failed")).toHaveLength(1);
  });

  it("dismisses itself after 5 seconds", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Saved" });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100);
    });
    expect(screen.queryByText("Saved")).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.queryByText("Saved")).toBeNull();
  });

  it("stays open with an infinite duration", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Sticky", duration: Infinity });
    });
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS * 4);
    });
    expect(screen.queryByText("Sticky")).not.toBeNull();
  });

  it("marks the destructive style", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Could not send", variant: "destructive" });
    });
    const item = screen.getByText("Could not send").closest("[data-variant]");
    expect(item?.getAttribute("data-variant")).toBe("destructive");
  });

  it("labels the region with its F8 hotkey, and F8 moves focus there", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Look here" });
    });
    const region = screen.getByRole("region", { name: /Notifications \(F8\)/ });
    expect(region.contains(document.activeElement)).toBe(false);
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
