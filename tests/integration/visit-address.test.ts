/**
 * The address of the work (issue 43): a request has only a postal code, so
 * booking a visit at the home asks for the street address, says why and who
 * sees it, refuses a booking (or the pick of a proposed time) without one
 * beside the field with the time chosen kept, and starts from the address the
 * homeowner gave last for that request. Through the routes' loaders and
 * actions, on each database, with the clock moved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultVisitSettings } from "~/features/visits/hours";
import { saveVisitSettings } from "~/features/visits/settings.server";
import { bookVisit, cancelVisit, proposeVisit } from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import BookVisitPage, {
  action as bookAction,
  loader as bookLoader,
} from "~/routes/dashboard/book-visit";
import VisitPage, { action as visitAction, loader as visitLoader } from "~/routes/visits/visit";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { acceptedRequest, delivery } from "../support/marketplace-factories";
import { pageHtml } from "../support/pages";
import { answer, signedInArgs } from "../support/route-args";

/** Monday 2 March 2026, noon UTC; Tuesday 3 March at 9 AM in Denver is free. */
const MONDAY = new Date("2026-03-02T12:00:00Z");
const TUESDAY_NINE = "2026-03-03T16:00:00.000Z";
const WEDNESDAY_NINE = "2026-03-04T16:00:00.000Z";
const at = (now: Date) => ({ ...delivery, now: () => now });
const NEEDED = "Enter the address of the work, so the pro can find it.";

/** The page's `<input>` with this id, as written. */
const inputOf = (html: string, id: string) =>
  new RegExp(`<input[^>]*id="${id}"[^>]*/>`).exec(html)?.[0] ?? "";

describe.each(DATABASE_TARGETS)("the address of the work, on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** The route's arguments for the homeowner at MONDAY, with the path's params. */
  async function routeArgs(
    userId: string,
    path: string,
    params: Record<string, string>,
    form?: Record<string, string>,
  ) {
    const args = await signedInArgs(database.handle, userId, path, form, MONDAY);
    return { ...args, params } as never;
  }

  it("asks it on the booking page, and refuses a booking without it beside the field", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const path = `/dashboard/projects/${leadId}/visit?business=${business.id}`;
    const loaded = await answer(
      bookLoader(await routeArgs(homeowner.userId, path, { id: leadId })),
    );
    expect(loaded).toMatchObject({ status: 200, data: { address: null } });
    const page = pageHtml(BookVisitPage, { loaderData: loaded.data });
    expect(page).toContain("Address of the work");
    expect(inputOf(page, "book-address")).toContain('required=""');
    expect(page).toContain("Only this pro sees it, and only while they are on your request.");

    const refused = await answer(
      bookAction(
        await routeArgs(
          homeowner.userId,
          path,
          { id: leadId },
          { slot: TUESDAY_NINE, address: " " },
        ),
      ),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { errors: { address: NEEDED }, values: { slot: TUESDAY_NINE } },
    });
    const again = pageHtml(BookVisitPage, { loaderData: loaded.data, actionData: refused.data });
    expect(again).toContain(NEEDED);
    expect(inputOf(again, "book-address")).toMatch(/aria-describedby="[^"]*book-address-error/);
    expect(inputOf(again, "book-slot-20260303T160000000Z")).toContain('checked=""');
  });

  it("starts from the address last given for the request, with any of its pros", async () => {
    const { homeowner, business, leadId } = await acceptedRequest(db);
    const visitId = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: new Date(TUESDAY_NINE), address: "12 Elm Ct" },
      at(MONDAY),
    );
    await cancelVisit(db, homeowner, { visitId, reason: "Another week" }, at(MONDAY));
    const path = `/dashboard/projects/${leadId}/visit?business=${business.id}`;
    const loaded = await answer(
      bookLoader(await routeArgs(homeowner.userId, path, { id: leadId })),
    );
    expect(loaded).toMatchObject({ data: { address: "12 Elm Ct" } });
    expect(inputOf(pageHtml(BookVisitPage, { loaderData: loaded.data }), "book-address")).toContain(
      'value="12 Elm Ct"',
    );
    // Another homeowner's request starts empty.
    const other = await acceptedRequest(db, { business });
    const theirs = await answer(
      bookLoader(
        await routeArgs(
          other.homeowner.userId,
          `/dashboard/projects/${other.leadId}/visit?business=${business.id}`,
          { id: other.leadId },
        ),
      ),
    );
    expect(theirs).toMatchObject({ data: { address: null } });
  });

  it("asks it with the pick of a proposed time, prefilled, and refuses a pick without it", async () => {
    const { homeowner, pro, business, leadId } = await acceptedRequest(db);
    await saveVisitSettings(db, business.id, defaultVisitSettings("America/Denver"), MONDAY);
    // A booking with the address, cancelled; then the pro proposes a time instead.
    const booked = await bookVisit(
      db,
      homeowner.userId,
      { leadId, contractorId: business.id, start: new Date(TUESDAY_NINE), address: "12 Elm Ct" },
      at(MONDAY),
    );
    await cancelVisit(db, homeowner, { visitId: booked, reason: "Not that day" }, at(MONDAY));
    const visitId = await proposeVisit(
      db,
      pro.userId,
      { leadId, contractorId: business.id, starts: [new Date(WEDNESDAY_NINE)] },
      at(MONDAY),
    );
    const path = `/visits/${visitId}`;
    const loaded = await answer(
      visitLoader(await routeArgs(homeowner.userId, path, { id: visitId })),
    );
    expect(loaded).toMatchObject({ status: 200, data: { address: "12 Elm Ct" } });
    const page = pageHtml(VisitPage, { loaderData: loaded.data });
    expect(page).toContain("Address of the work");
    expect(page).toMatch(
      /id="pick-address"[^>]*value="12 Elm Ct"|value="12 Elm Ct"[^>]*id="pick-address"/,
    );
    const refused = await answer(
      visitAction(
        await routeArgs(
          homeowner.userId,
          path,
          { id: visitId },
          { intent: "pick", start: WEDNESDAY_NINE, address: "" },
        ),
      ),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { form: "pick", errors: { address: NEEDED }, values: { start: WEDNESDAY_NINE } },
    });
    const picked = await answer(
      visitAction(
        await routeArgs(
          homeowner.userId,
          path,
          { id: visitId },
          { intent: "pick", start: WEDNESDAY_NINE, address: "12 Elm Ct" },
        ),
      ),
    );
    expect(picked).toMatchObject({ status: 302 });
  });
});
