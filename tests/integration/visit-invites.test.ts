/**
 * A visit's calendar entry, side by side and state by state (issue 42): the
 * one builder of invites, downloads and feeds names the homeowner to the pro
 * as the pages do (contact-rule.ts), and the business to the homeowner with
 * its email only when its profile shows it; a pro off the job gets no
 * street address. Then the emails themselves: the pro's booking invite for
 * a "messages only" homeowner, and the CANCEL after "Remove this pro".
 */
import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/features/visits/visit-closing.server";
import { removePro } from "~/features/marketplace/homeowner-steps.server";
import { calendarVisitFor } from "~/features/visits/calendar-visit.server";
import { visitInvite } from "~/features/visits/icalendar.server";
import { visitStory } from "~/features/visits/visit-story.server";
import { bookVisit } from "~/features/visits/visits.server";
import type { Database } from "~/lib/db.server";
import type { EmailMessage } from "~/lib/mail/email";
import {
  contractors,
  leads,
  outboxJobs,
  requestPros,
  threads,
  type ContactMethod,
} from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { acceptedRequest, delivery } from "../support/marketplace-factories";
import { told } from "../support/visit-notices";

/** Monday 2 March 2026, noon UTC; the visit is the next day at 9 AM in Denver. */
const MONDAY = new Date("2026-03-02T12:00:00Z");
const TUESDAY_NINE = new Date("2026-03-03T16:00:00Z");
const at = (now: Date) => ({ ...delivery, now: () => now });
const HOMEOWNER = { name: "Jordan Quintero", email: "jq.private@example.net" };
const OURS = "no-reply@trade-match.example";
const ADDRESS = "12 Hidden Lane";

/** ORGANIZER, ATTENDEE (name and address) and LOCATION of an iCalendar text. */
function partiesOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const event = calendar.getFirstSubcomponent("vevent");
  if (!event) throw new Error("no event");
  const attendee = event.getFirstProperty("attendee");
  const organizer = event.getFirstProperty("organizer");
  return {
    method: String(calendar.getFirstPropertyValue("method")),
    organizer: String(organizer?.getFirstValue() ?? "").replace(/^mailto:/i, ""),
    attendee: attendee
      ? {
          name: String(attendee.getParameter("cn")),
          email: String(attendee.getFirstValue()).replace(/^mailto:/i, ""),
        }
      : null,
    location: event.getFirstPropertyValue("location") as string | null,
  };
}

describe.each(DATABASE_TARGETS)("a visit's calendar entry for each side, on $name", (target) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await target.create();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function booked(preferredContact: ContactMethod | null) {
    const request = await acceptedRequest(db, {
      request: { ...HOMEOWNER, preferredContact },
    });
    const visitId = await bookVisit(
      db,
      request.homeowner.userId,
      {
        leadId: request.leadId,
        contractorId: request.business.id,
        start: TUESDAY_NINE,
        address: ADDRESS,
      },
      at(MONDAY),
    );
    return { ...request, visitId };
  }

  /** The pro's entry for the visit as it stands (the invite's words, the download's too). */
  async function prosEntry(visitId: string) {
    const story = await visitStory(db, visitId);
    if (!story) throw new Error("no visit");
    const entry = calendarVisitFor(story, "pro", "en", delivery.mail);
    return { entry, parties: partiesOf(visitInvite(entry, "trade-match.example")) };
  }

  it.each([
    { allowed: "messages", name: "Jordan Q.", email: OURS },
    { allowed: "phone", name: HOMEOWNER.name, email: OURS },
    { allowed: "text", name: HOMEOWNER.name, email: OURS },
    { allowed: "email", name: HOMEOWNER.name, email: HOMEOWNER.email },
    { allowed: null, name: HOMEOWNER.name, email: HOMEOWNER.email },
  ] as const)(
    "names a homeowner who allowed $allowed as $name <$email> to the pro",
    async ({ allowed, name, email }) => {
      const { visitId } = await booked(allowed);
      const { parties } = await prosEntry(visitId);
      expect(parties.attendee).toEqual({ name, email });
      expect(parties.location).toBe(ADDRESS);
    },
  );

  it("shows the pro both once the homeowner shared them in the conversation", async () => {
    const { visitId, leadId, business } = await booked("messages");
    await db.insert(threads).values({ leadId, contractorId: business.id, contactSharedAt: MONDAY });
    const { parties } = await prosEntry(visitId);
    expect(parties.attendee).toEqual({ name: HOMEOWNER.name, email: HOMEOWNER.email });
  });

  it.each(["removed", "not_chosen", "no_answer"] as const)(
    "gives a pro whose part is %s neither the name, the email nor the address",
    async (state) => {
      const { visitId, leadId, business } = await booked(null);
      await db
        .update(requestPros)
        .set({ state })
        .where(and(eq(requestPros.leadId, leadId), eq(requestPros.contractorId, business.id)));
      const { parties } = await prosEntry(visitId);
      expect(parties.attendee).toEqual({ name: "Jordan Q.", email: OURS });
      expect(parties.location).toBeNull();
    },
  );

  it("gives the pro of a closed request neither the name, the email nor the address", async () => {
    const { visitId, leadId } = await booked(null);
    await db.update(leads).set({ status: "cancelled" }).where(eq(leads.id, leadId));
    const { parties } = await prosEntry(visitId);
    expect(parties.attendee).toEqual({ name: "Jordan Q.", email: OURS });
    expect(parties.location).toBeNull();
  });

  it("shows the homeowner the business's email only when its profile shows it", async () => {
    const { visitId, business } = await booked("messages");
    const homeownersOrganizer = async () => {
      const story = await visitStory(db, visitId);
      if (!story) throw new Error("no visit");
      const entry = calendarVisitFor(story, "homeowner", "en", delivery.mail);
      return partiesOf(visitInvite(entry, "trade-match.example"));
    };
    const shown = await homeownersOrganizer();
    expect(shown.organizer).toBe(`office-${business.id}@example.com`);
    expect(shown.attendee?.email).toBe(HOMEOWNER.email);
    expect(shown.location).toBe(ADDRESS);
    await db.update(contractors).set({ showEmail: false }).where(eq(contractors.id, business.id));
    expect((await homeownersOrganizer()).organizer).toBe(OURS);
  });

  it("emails the pro of a messages-only homeowner an invite without their email or surname", async () => {
    const { visitId, leadId, homeowner, business } = await booked("messages");
    await told(db, MONDAY);
    const toPro = async () => {
      const rows = await db
        .select({ payload: outboxJobs.payload })
        .from(outboxJobs)
        .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "visit_email")))
        .orderBy(outboxJobs.id);
      return rows
        .map((row) => row.payload as EmailMessage)
        .filter((email) => email.to === `office-${business.id}@example.com`);
    };
    const [booking] = await toPro();
    if (!booking?.calendar) throw new Error("the pro got no invite");
    expect(partiesOf(booking.calendar.content)).toMatchObject({
      method: "REQUEST",
      attendee: { name: "Jordan Q.", email: OURS },
      location: ADDRESS,
    });
    expect(JSON.stringify(booking)).not.toMatch(/jq\.private|Quintero/);

    // "Remove this pro": the CANCEL carries no name, email or street address.
    await removePro(db, homeowner, leadId, business.id, at(MONDAY));
    await told(db, MONDAY);
    const cancel = (await toPro()).at(-1);
    if (!cancel?.calendar) throw new Error("the pro got no cancellation");
    expect(partiesOf(cancel.calendar.content)).toMatchObject({
      method: "CANCEL",
      attendee: { name: "Jordan Q.", email: OURS },
      location: null,
    });
    expect(JSON.stringify(cancel)).not.toMatch(/jq\.private|Quintero|Hidden Lane/);
    expect(cancel.text).toContain("closed the request with your business");
    expect(visitId).toBeTruthy();
  });
});
