/**
 * What a request's status says after a hire (issue 43, item 13): hiring
 * moves it to `scheduled`, but until a site visit is booked with the hired
 * pro, or a start is set, nothing is: My Projects and the project's page say
 * "Hired: {pro}" (hiredBy). A booked visit, or a start date, makes it
 * Scheduled; a visit only proposed, or with another pro, does not. On
 * PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hire } from "~/features/marketplace/homeowner-steps.server";
import { projectFor } from "~/features/marketplace/project.server";
import { listProjects } from "~/features/projects/projects.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { freeSlotsOf } from "~/features/visits/visit-slots.server";
import { bookVisit, proposeVisit } from "~/features/visits/visits.server";
import { leads } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { acceptedRequest, delivery, quoteInput } from "../support/marketplace-factories";

describe.each(DATABASE_TARGETS)("the status of a hired request, on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A request its homeowner hired the one pro for, that quoted first. */
  async function hired() {
    const scene = await acceptedRequest(db());
    await saveQuote(
      db(),
      scene.pro.userId,
      scene.leadId,
      scene.business.id,
      quoteSchema.parse(quoteInput()),
      delivery,
    );
    await hire(db(), scene.homeowner.userId, scene.leadId, scene.business.id, delivery);
    return scene;
  }

  const shown = async (scene: Awaited<ReturnType<typeof hired>>) => {
    const card = (await listProjects(db(), scene.homeowner.userId, "en")).find(
      (project) => project.id === scene.leadId,
    );
    const page = await projectFor(db(), { userId: scene.homeowner.userId }, scene.leadId);
    expect(card?.hiredBy).toBe(page.hiredBy);
    return { status: page.status, hiredBy: page.hiredBy };
  };

  it("says Hired: {pro} until a visit is booked with it", async () => {
    const scene = await hired();
    expect(await shown(scene)).toEqual({ status: "scheduled", hiredBy: scene.business.name });
    const now = new Date();
    const { slots } = await freeSlotsOf(
      db(),
      scene.business.id,
      new Date(now.getTime() + 86_400_000),
      {
        limit: 2,
      },
    );
    const [one, two] = slots.map((slot) => slot.start);
    if (!one || !two) throw new Error("no free slots");
    // Times proposed are not a visit booked.
    await proposeVisit(
      db(),
      scene.pro.userId,
      { leadId: scene.leadId, contractorId: scene.business.id, starts: [one, two] },
      delivery,
    );
    expect((await shown(scene)).hiredBy).toBe(scene.business.name);
  });

  it("is Scheduled once a visit is booked with the hired pro", async () => {
    const scene = await hired();
    const { slots } = await freeSlotsOf(
      db(),
      scene.business.id,
      new Date(Date.now() + 86_400_000),
      { limit: 1 },
    );
    const [start] = slots.map((slot) => slot.start);
    if (!start) throw new Error("no free slot");
    await bookVisit(
      db(),
      scene.homeowner.userId,
      { leadId: scene.leadId, contractorId: scene.business.id, start },
      delivery,
    );
    expect(await shown(scene)).toEqual({ status: "scheduled", hiredBy: null });
  });

  it("is Scheduled once a start is set", async () => {
    const scene = await hired();
    await db()
      .update(leads)
      .set({ scheduledFor: new Date(Date.now() + 7 * 86_400_000) })
      .where(eq(leads.id, scene.leadId));
    expect(await shown(scene)).toEqual({ status: "scheduled", hiredBy: null });
  });
});
