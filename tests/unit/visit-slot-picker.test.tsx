/**
 * The free-time list of the visit pages (issue 34): one group per day named
 * by its legend, each time reads "9:00 AM" and is named with its day for a
 * screen reader, the zone is said once, a refusal describes the list, and
 * "Show later days" is a plain link. The project page's link to book or see
 * a pro's visit, and the visit in words.
 */
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ProjectVisitLinks } from "~/features/visits/project-visit-links";
import { SlotPicker, ZoneLine } from "~/features/visits/slot-picker";
import { VisitSummary } from "~/features/visits/visit-page";
import type { VisitView } from "~/features/visits/visit-view.server";
import { i18nFor } from "~/lib/i18n.server";

function renderPage(element: ReactNode, locale: "en" | "fr" = "en") {
  const router = createMemoryRouter([{ id: "page", path: "/", element }], {
    hydrationData: { loaderData: {}, actionData: null },
  });
  return render(
    <I18nProvider i18n={i18nFor(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

/** The pages' time: the loader's clock, in March 2026. */
const NOW = new Date("2026-03-02T12:00:00Z");
/** Tuesday 10 March 2026 (MDT): 9:00 and 9:15 AM in Denver; Wednesday 11 at 8:00 AM. */
const DAYS = [
  { date: "2026-03-10", starts: ["2026-03-10T15:00:00.000Z", "2026-03-10T15:15:00.000Z"] },
  { date: "2026-03-11", starts: ["2026-03-11T14:00:00.000Z"] },
];

describe("the slot picker", () => {
  afterEach(cleanup);

  it("says the zone in French as a sentence, in winter and in summer (issue 43)", () => {
    renderPage(<ZoneLine timeZone="America/Denver" at="2026-12-10T16:00:00Z" />, "fr");
    expect(
      screen.getByText("Les heures sont données à l’heure des Rocheuses (États-Unis) (HNR)."),
    ).toBeTruthy();
    cleanup();
    renderPage(<ZoneLine timeZone="America/Toronto" at="2027-07-10T16:00:00Z" />, "fr");
    expect(screen.getByText("Les heures sont données à l’heure de l’Est (HAE).")).toBeTruthy();
  });

  it("names each day's group and each time with its day, in the job's zone", () => {
    renderPage(
      <SlotPicker
        id="book-slot"
        legend="Time of the visit"
        days={DAYS}
        timeZone="America/Denver"
        later="?business=b&from=2026-03-19"
        now={NOW}
      />,
    );
    expect(screen.getByText("Times are in Mountain Time (MDT).")).toBeTruthy();
    const tuesday = screen.getByRole("group", { name: "Tuesday, March 10" });
    const radios = within(tuesday).getAllByRole<HTMLInputElement>("radio");
    expect(radios.map((radio) => radio.value)).toEqual(DAYS[0]?.starts);
    expect(within(tuesday).getByRole("radio", { name: "9:00 AM, Tuesday, March 10" })).toBeTruthy();
    expect(within(tuesday).getByRole("radio", { name: "9:15 AM, Tuesday, March 10" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "8:00 AM, Wednesday, March 11" })).toHaveProperty(
      "name",
      "slot",
    );
    expect(screen.getByRole("link", { name: "Show later days" }).getAttribute("href")).toBe(
      "/?business=b&from=2026-03-19",
    );
  });

  it("describes the list with its refusal and keeps the time chosen", () => {
    renderPage(
      <SlotPicker
        id="move-slot"
        legend="New time"
        days={DAYS}
        timeZone="America/Denver"
        error="Choose a time for the visit."
        value="2026-03-11T14:00:00.000Z"
        now={NOW}
      />,
    );
    const list = screen.getByRole("group", { name: "New time" });
    const ids = list.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(ids)?.textContent).toBe("Choose a time for the visit.");
    expect(screen.getByRole("radio", { name: "8:00 AM, Wednesday, March 11" })).toHaveProperty(
      "checked",
      true,
    );
    expect(screen.queryByRole("link", { name: "Show later days" })).toBeNull();
  });
});

describe("a pro's visit on the project page", () => {
  afterEach(cleanup);
  const part = { contractorId: "b1", name: "Summit Ridge", state: "accepted", unavailable: false };

  it("offers to book a visit with the pro by name", () => {
    renderPage(
      <ProjectVisitLinks
        projectId="p1"
        part={part}
        requestStatus="sent"
        visits={undefined}
        now={NOW.toISOString()}
      />,
    );
    const link = screen.getByRole("link", { name: "Book a visit with Summit Ridge" });
    expect(link.getAttribute("href")).toBe("/dashboard/projects/p1/visit?business=b1");
  });

  it("shows the open visit's time in the job's zone instead, and nothing to a pro not on the job", () => {
    renderPage(
      <ProjectVisitLinks
        projectId="p1"
        part={part}
        requestStatus="sent"
        visits={{
          open: {
            id: "v1",
            state: "booked",
            startsAt: "2026-03-10T15:00:00.000Z",
            firstOption: null,
            timeZone: "America/Denver",
            cause: null,
          },
          others: [],
        }}
        now={NOW.toISOString()}
      />,
    );
    expect(
      screen
        .getByRole("link", { name: "Visit booked: Tue, Mar 10, 9:00 AM MDT" })
        .getAttribute("href"),
    ).toBe("/visits/v1");
    cleanup();
    renderPage(
      <ProjectVisitLinks
        projectId="p1"
        part={{ ...part, state: "removed" }}
        requestStatus="sent"
        visits={undefined}
        now={NOW.toISOString()}
      />,
    );
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("a visit in words", () => {
  afterEach(cleanup);

  it("gives the time in the job's zone, the pro's own beside it, and the calendar link", () => {
    const view: VisitView = {
      id: "v1",
      leadId: "l1",
      contractorId: "b1",
      citySlug: "denver-co",
      side: "pro",
      state: "rescheduled",
      startsAt: "2026-03-10T15:00:00.000Z",
      endsAt: "2026-03-10T16:00:00.000Z",
      timeZone: "America/Denver",
      viewerZone: "America/New_York",
      other: "Jordan L.",
      project: "Roof Repair in Denver, CO 80202",
      address: null,
      options: [],
      reason: "A crew member is off sick",
      cause: null,
      holdsTime: true,
      actions: { pick: false, reschedule: true, cancel: true, done: false, noShow: false },
    };
    renderPage(<VisitSummary view={view} now={NOW} />);
    expect(screen.getByText("Moved")).toBeTruthy();
    expect(screen.getByText("Tue, Mar 10, 9:00 AM MDT")).toBeTruthy();
    expect(screen.getByText("Your time: 11:00 AM EDT")).toBeTruthy();
    expect(screen.getByText("A crew member is off sick")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe(
      "/visits/v1/calendar.ics",
    );
  });
});
