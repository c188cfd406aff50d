/**
 * The pro's links (issue 44: navigation as data): every entry is a link, the
 * current page's says so, and Requests (the inbox, an index page) is current
 * only on the inbox itself.
 */
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { PRO_NAVIGATION, ProNavigation } from "~/features/dashboard/pro-navigation";
import { i18nFor } from "~/lib/i18n.server";

function renderAt(path: string, locale: "en" | "es" = "en") {
  const element = <ProNavigation name="Summit Roofing" unread={3} />;
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  return render(
    <I18nProvider i18n={i18nFor(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe("the pro's links", () => {
  afterEach(cleanup);

  it("are every entry, the current page's marked, Messages with its unread count", () => {
    renderAt("/pro/visits");
    const nav = screen.getByRole("navigation", { name: "For pros" });
    expect(nav.querySelectorAll("a")).toHaveLength(PRO_NAVIGATION.length);
    expect(screen.getByRole("link", { name: "Visit hours" }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(screen.getByRole("link", { name: "Requests" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Messages, 3 unread" })).toBeTruthy();
  });

  it("mark Requests on the inbox only, and follow the page's language", () => {
    renderAt("/es/pro", "es");
    const current = screen.getAllByRole("link").filter((link) => link.ariaCurrent === "page");
    expect(current.map((link) => link.getAttribute("href"))).toEqual(["/es/pro"]);
  });
});
