/**
 * Visits as the homeowner reads them in December about next spring (issue
 * 43): the booking list and the visit give the year of a time in another
 * year and say Denver's daylight time (MDT) after March 14, 2027; the
 * project page lists a pro's other visits by date, a cancelled one as
 * cancelled (with the site's cause) rather than as an earlier visit, and a
 * proposal cancelled before a pick as such. The clock is the page's `now`.
 */
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ProjectVisitLinks } from "~/features/visits/project-visit-links";
import type { VisitLink } from "~/features/visits/project-visits.server";
import { SlotPicker } from "~/features/visits/slot-picker";
import { VisitSummary } from "~/features/visits/visit-page";
import type { VisitView } from "~/features/visits/visit-view.server";
import type { Locale } from "~/lib/locales";
import { i18nFor } from "~/lib/i18n.server";

function renderPage(element: ReactNode, locale: Locale = "en") {
  const router = createMemoryRouter([{ id: "page", path: "/", element }], {
    hydrationData: { loaderData: {}, actionData: null },
  });
  return render(
    <I18nProvider i18n={i18nFor(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

/** The page is read on Tuesday 1 December 2026. */
const DECEMBER = new Date("2026-12-01T18:00:00Z");
/** Tuesday 16 March 2027, 9:00 AM in Denver: daylight time began on the 14th (UTC−6). */
const SPRING_NINE = "2027-03-16T15:00:00.000Z";

afterEach(cleanup);

describe("next spring's times, read in December", () => {
  it("name the day with its year and the zone's daylight name in the booking list", () => {
    renderPage(
      <SlotPicker
        id="book-slot"
        legend="Time of the visit"
        days={[{ date: "2027-03-16", starts: [SPRING_NINE] }]}
        timeZone="America/Denver"
        now={DECEMBER}
      />,
    );
    expect(screen.getByText("Times are in Mountain Time (MDT).")).toBeTruthy();
    const day = screen.getByRole("group", { name: "Tuesday, March 16, 2027" });
    expect(
      within(day).getByRole("radio", { name: "9:00 AM, Tuesday, March 16, 2027" }),
    ).toBeTruthy();
  });

  it("give the visit's time with its year and MDT, in each language", () => {
    const view: VisitView = {
      id: "v1",
      leadId: "l1",
      contractorId: "b1",
      citySlug: "denver-co",
      side: "homeowner",
      state: "booked",
      startsAt: SPRING_NINE,
      endsAt: "2027-03-16T16:00:00.000Z",
      timeZone: "America/Denver",
      viewerZone: null,
      other: "Summit Ridge Roofing",
      project: "Roof Repair in Denver, CO 80202",
      address: "1200 Larimer St",
      options: [],
      reason: null,
      cause: null,
      holdsTime: true,
      actions: { pick: false, reschedule: true, cancel: true, done: false, noShow: false },
    };
    renderPage(<VisitSummary view={view} now={DECEMBER} />);
    expect(screen.getByText("Tue, Mar 16, 2027, 9:00 AM MDT")).toBeTruthy();
    cleanup();
    renderPage(<VisitSummary view={view} now={DECEMBER} />, "es");
    expect(screen.getByText("mar, 16 de mar de 2027, 9:00 a.m. MDT")).toBeTruthy();
    cleanup();
    renderPage(<VisitSummary view={view} now={DECEMBER} />, "fr");
    expect(screen.getByText("mar. 16 mars 2027, 9 h 00 HAR")).toBeTruthy();
    cleanup();
    // Read in 2027, the same time needs no year.
    renderPage(<VisitSummary view={view} now={new Date("2027-01-05T18:00:00Z")} />);
    expect(screen.getByText("Tue, Mar 16, 9:00 AM MDT")).toBeTruthy();
  });
});

describe("a pro's other visits on the project page", () => {
  const part = { contractorId: "b1", name: "Summit Ridge", state: "accepted", unavailable: false };
  const visit = (fields: Partial<VisitLink> & Pick<VisitLink, "id" | "state">): VisitLink => ({
    startsAt: null,
    firstOption: null,
    timeZone: "America/Denver",
    cause: null,
    ...fields,
  });

  it("say a cancelled visit still ahead is cancelled, with why, never an earlier visit", () => {
    renderPage(
      <ProjectVisitLinks
        projectId="p1"
        part={part}
        requestStatus="sent"
        now={DECEMBER.toISOString()}
        visits={{
          open: null,
          others: [
            visit({ id: "v3", state: "cancelled_by_pro", startsAt: SPRING_NINE }),
            visit({
              id: "v2",
              state: "cancelled_by_pro",
              startsAt: "2027-01-12T16:00:00.000Z",
              cause: "pro_suspended",
            }),
            visit({ id: "v1", state: "done", startsAt: "2026-11-10T16:00:00.000Z" }),
            visit({
              id: "v0",
              state: "cancelled_by_homeowner",
              firstOption: "2026-11-03T16:00:00.000Z",
            }),
          ],
        }}
      />,
    );
    const names = screen.getAllByRole("link").map((link) => link.textContent);
    expect(names).toEqual([
      "Book a visit",
      "Visit of Tue, Mar 16, 2027, 9:00 AM MDT: Cancelled by the pro",
      "Visit of Tue, Jan 12, 2027, 9:00 AM MST: Cancelled: the business is no longer available.",
      "Earlier visit, Tue, Nov 10, 9:00 AM MST: Done",
      "Times proposed, none picked: Cancelled by the homeowner",
    ]);
    expect(screen.queryByText(/Earlier visit.*Cancelled/)).toBeNull();
  });
});
