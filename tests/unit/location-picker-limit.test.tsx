/**
 * The location picker when the server refuses look-ups for a while (429,
 * issue 18): it says so where its other messages go, instead of failing
 * quietly with stale suggestions. The picker's requests are answered by the
 * real place endpoints' loaders, with a limit of one look-up per client.
 */
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import LocationPickerDialog from "~/features/places/location-picker-dialog";
import {
  MAX_PLACE_QUERY_LENGTH,
  PLACE_LOOKUP_LIMITED_MESSAGE,
  placeQueryProblem,
} from "~/features/places/place-query";
import { appContext, requestContext, type AppServices } from "~/lib/app-context.server";
import { parseEnv } from "~/lib/env.server";
import { loader as resolveLoader } from "~/routes/resources/place-resolve";
import { loader as suggestLoader } from "~/routes/resources/places";

/** What the place endpoints need of the server: its configuration and logger. */
function serverContext(clientAddress: string): RouterContextProvider {
  const env = parseEnv({ PLACES_RATE_LIMIT_BURST: "1", PLACES_RATE_LIMIT_PER_S: "0.001" });
  const services: Pick<AppServices, "env" | "logger"> = { env, logger: pino({ level: "silent" }) };
  const context = new RouterContextProvider();
  context.set(appContext, services as AppServices);
  context.set(requestContext, { clientAddress });
  return context;
}

describe("the location picker when look-ups are refused", () => {
  beforeEach(() => {
    // A fresh configuration per test: a limiter of its own.
    const context = serverContext("203.0.113.9");
    vi.stubGlobal("fetch", async (input: string) => {
      const url = new URL(input, "http://127.0.0.1");
      const args = { request: new Request(url), url, params: {}, context };
      return url.pathname === "/api/places"
        ? suggestLoader({ ...args, pattern: "/api/places" })
        : resolveLoader({ ...args, pattern: "/api/places/resolve" });
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the server's message for suggestions and for a typed city", async () => {
    render(<LocationPickerDialog open onOpenChange={() => {}} returnFocus={() => {}} />);
    const input = screen.getByRole("combobox");
    fireEvent.change(input, { target: { value: "denv" } });
    const [first] = await screen.findAllByRole("option");
    expect(first?.textContent).toBe("Denver CO, USA");

    // The second look-up is over the allowance.
    fireEvent.change(input, { target: { value: "denve" } });
    await waitFor(() => {
      expect(screen.getByRole("alert").textContent).toBe(PLACE_LOOKUP_LIMITED_MESSAGE);
    });
    expect(screen.queryAllByRole("option")).toEqual([]);
    expect((input as HTMLInputElement).value).toBe("denve");

    // Typing clears the message; Enter on the typed city is refused the same way.
    fireEvent.change(input, { target: { value: "Denver, CO" } });
    expect(screen.getByRole("alert").textContent).toBe("");
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => {
      expect(screen.getByRole("alert").textContent).toBe(PLACE_LOOKUP_LIMITED_MESSAGE);
    });
    expect((input as HTMLInputElement).value).toBe("Denver, CO");
  });

  it("shows why text too long to look up was refused, and keeps it", async () => {
    render(<LocationPickerDialog open onOpenChange={() => {}} returnFocus={() => {}} />);
    const input = screen.getByRole("combobox");
    const long = "Denver ".repeat(15).slice(0, MAX_PLACE_QUERY_LENGTH + 1);
    fireEvent.change(input, { target: { value: long } });
    await waitFor(() => {
      expect(screen.getByRole("alert").textContent).toBe(placeQueryProblem(long));
    });
    expect((input as HTMLInputElement).value).toBe(long);
  });
});
