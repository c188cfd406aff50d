/**
 * The list of pros to tick (issue 33): with JavaScript, once as many pros are
 * ticked as there are places left, the others are disabled and a polite
 * status says the limit; unticking one enables them again. The server's
 * refusal of too many ticks is shown beside the list and tied to it.
 */
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Choice } from "~/features/marketplace/choice.server";
import { ChoosePros } from "~/features/marketplace/choose-pros";
import { MAX_PROS_PER_REQUEST } from "~/features/marketplace/limits";
import type { OfferedPro } from "~/features/marketplace/serving-pros.server";
import { i18nFor } from "~/lib/i18n.server";

const NAMES = ["Aspen Roofing", "Birch Builders", "Cedar Crew", "Dogwood Decks", "Elm Electric"];

const offers: OfferedPro[] = NAMES.map((name, index) => ({
  id: `00000000-0000-4000-8000-00000000000${index + 1}`,
  slug: name.toLowerCase().replace(/ /g, "-"),
  name,
  isSample: false,
  rating: 0,
  reviewCount: 0,
  yearsInBusiness: 5,
  licenceRegion: null,
  distanceLine: null,
  answerLine: "New on TradeMatch",
}));

function choiceWith(overrides: Partial<Choice> = {}): Choice {
  return {
    lead: { id: "00000000-0000-4000-8000-0000000000aa", title: "Roof", status: "draft" },
    already: [],
    offers,
    left: MAX_PROS_PER_REQUEST,
    ticked: [],
    review: false,
    problem: null,
    consentText: null,
    samples: { title: "Sample listings", note: "Not real businesses." },
    ...overrides,
  };
}

function page(choice: Choice) {
  return (
    <ChoosePros
      choice={choice}
      base="/dashboard/projects/x/pros"
      later={{ to: "/dashboard", label: "Back to My Projects" }}
    />
  );
}

function renderChoice(choice: Choice) {
  const router = createMemoryRouter([{ path: "/", element: page(choice) }]);
  return render(
    <I18nProvider i18n={i18nFor("en")}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const group = () => screen.getByRole("group", { name: "Pros who serve your area" });
const box = (name: string) => within(group()).getByRole<HTMLInputElement>("checkbox", { name });
const status = () => within(group()).getByRole("status");

describe("choosing pros, with JavaScript", () => {
  afterEach(cleanup);

  it("disables the other pros once three are ticked, and says why, politely", () => {
    renderChoice(choiceWith());
    expect(status()).toHaveProperty("textContent", "");
    expect(status().getAttribute("aria-live")).toBe("polite");
    for (const name of NAMES.slice(0, 2)) fireEvent.click(box(name));
    expect(box("Cedar Crew").disabled).toBe(false);
    expect(status()).toHaveProperty("textContent", "");

    fireEvent.click(box("Cedar Crew"));
    expect(box("Dogwood Decks").disabled).toBe(true);
    expect(box("Elm Electric").disabled).toBe(true);
    // The ticked ones stay free to untick.
    expect(NAMES.slice(0, 3).map((name) => box(name).disabled)).toEqual([false, false, false]);
    expect(status().textContent).toBe(
      "You can choose at most 3 pros. Untick one to choose another.",
    );

    fireEvent.click(box("Birch Builders"));
    expect(box("Dogwood Decks").disabled).toBe(false);
    expect(box("Elm Electric").disabled).toBe(false);
    expect(status()).toHaveProperty("textContent", "");
  });

  it("counts only the places left when some pros already have the request", () => {
    renderChoice(choiceWith({ left: 1, already: ["Fir Fixers"] }));
    fireEvent.click(box("Aspen Roofing"));
    expect(box("Birch Builders").disabled).toBe(true);
    expect(status().textContent).toBe("You can choose at most 1 pro. Untick it to choose another.");
  });

  it("disables nothing in the server's HTML", () => {
    const ticked = offers.slice(0, 3).map((pro) => pro.id);
    const routes = [{ path: "/", element: page(choiceWith({ ticked })) }];
    const html = renderToString(
      <I18nProvider i18n={i18nFor("en")}>
        <RouterProvider router={createMemoryRouter(routes)} />
      </I18nProvider>,
    );
    expect(html).toContain('name="pro"');
    expect(html).not.toMatch(/<input[^>]*disabled/);
    expect(html).not.toContain("You can choose at most");
  });
});

describe("choosing pros, the server's refusal", () => {
  afterEach(cleanup);

  it("shows the refusal beside the list, tied to it, with the ticks kept", () => {
    const ticked = offers.slice(0, 4).map((pro) => pro.id);
    renderChoice(choiceWith({ ticked, problem: "You ticked 4 pros; choose at most 3." }));
    const described = (group().getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");
    expect(described).toContain("You ticked 4 pros; choose at most 3.");
    expect(NAMES.map((name) => box(name).checked)).toEqual([true, true, true, true, false]);
    expect(box("Aspen Roofing").getAttribute("aria-invalid")).toBe("true");
  });
});
