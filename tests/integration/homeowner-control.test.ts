/**
 * The homeowner stays in control (issue 33): "Not going ahead" closes the
 * request with a reason, every open part closes and each pro is told;
 * "Remove this pro" closes one part and frees its place; from then on the
 * pro sees no contact details. On PGlite and PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRequest, hire, removePro } from "~/features/marketplace/homeowner-steps.server";
import { requestForPro } from "~/features/marketplace/inbox.server";
import { projectFor } from "~/features/marketplace/project.server";
import { canChooseMore } from "~/features/marketplace/project-view";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { BadChoice, NotFound, sendToPros } from "~/features/marketplace/requests.server";
import { IllegalStep } from "~/features/marketplace/states";
import { outboxJobs } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  partOf,
  quoteInput,
  refused,
  requestRow,
} from "../support/marketplace-factories";

describe.each(DATABASE_TARGETS)("the homeowner in control, on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  async function threePros() {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const owners = await Promise.all(["Ann", "Bo", "Cy"].map((name) => createPerson(db(), name)));
    const businesses = await Promise.all(
      ["Alpine Roofing", "Birch Roofing", "Cedar Roofing"].map((name, index) =>
        createBusiness(db(), owners[index] ?? null, name),
      ),
    );
    const leadId = await createRequest(db(), homeowner);
    await sendToPros(
      db(),
      homeowner,
      leadId,
      businesses.map((business) => business.id),
      consentFor(...businesses),
      delivery,
    );
    return { homeowner, owners, businesses, leadId };
  }

  const closedEmails = async (leadId: string) =>
    (await db().select().from(outboxJobs).where(eq(outboxJobs.leadId, leadId)))
      .filter((job) => job.kind === "request_closed_email")
      .map((job) => job.payload as { to: string; subject: string; text: string });

  it("Not going ahead: every open part closes, each pro is told, none sees the contact", async () => {
    const { homeowner, owners, businesses, leadId } = await threePros();
    const [alpine, birch] = businesses;
    const [ann, bo] = owners;
    if (!alpine || !birch || !ann || !bo) throw new Error("missing");
    await proStep(db(), ann.userId, leadId, alpine.id, { event: "accept" });
    await proStep(
      db(),
      bo.userId,
      leadId,
      birch.id,
      { event: "decline", reason: "other" },
      delivery,
    );
    expect((await requestForPro(db(), ann.userId, leadId, alpine.id)).contact).toMatchObject({
      phone: "+13035550100",
    });

    // A stranger cannot close it; without a reason nothing is stored.
    const stranger = await createPerson(db(), "Stranger");
    expect(
      await refused(closeRequest(db(), { userId: stranger.userId }, leadId, "postponed", delivery)),
    ).toBeInstanceOf(NotFound);
    expect(
      await refused(closeRequest(db(), { userId: homeowner.userId }, leadId, "", delivery)),
    ).toBeInstanceOf(BadChoice);
    expect((await requestRow(db(), leadId))?.status).toBe("sent");

    const announced: string[] = [];
    const watched = {
      ...delivery,
      stale: (ids: readonly string[]) => Promise.resolve(void announced.push(...ids)),
    };
    await closeRequest(db(), { userId: homeowner.userId }, leadId, "found_someone", watched);
    // The parts that closed before an answer leave those businesses' answer figures.
    expect(announced.sort()).toEqual(
      businesses
        .filter((business) => business.id !== birch.id)
        .map((business) => business.id)
        .sort(),
    );
    const row = await requestRow(db(), leadId);
    expect(row).toMatchObject({ status: "cancelled", closedReason: "found_someone" });
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect((await partOf(db(), leadId, alpine.id))?.state).toBe("not_chosen");
    // The pro that declined keeps its answer; the two open ones were told.
    expect((await partOf(db(), leadId, birch.id))?.state).toBe("declined");
    const emails = await closedEmails(leadId);
    expect(emails.map((email) => email.to).sort()).toEqual(
      businesses
        .filter((business) => business.id !== birch.id)
        .map((business) => `office-${business.id}@example.com`)
        .sort(),
    );
    expect(emails[0]?.text).toContain(
      "Jordan L. is not going ahead with Roof Repair in Denver, CO 80202, so the request is closed.",
    );
    const view = await requestForPro(db(), ann.userId, leadId, alpine.id);
    expect(view).toMatchObject({ contact: null, contactState: "no_longer_shared", closed: true });
    // Closed is closed: a second close is refused by the state table.
    expect(
      await refused(closeRequest(db(), { userId: homeowner.userId }, leadId, "other", delivery)),
    ).toBeInstanceOf(IllegalStep);
  });

  it("a hired pro is told too when the project is closed, and loses the contact", async () => {
    const { homeowner, owners, businesses, leadId } = await threePros();
    const [alpine] = businesses;
    const [ann] = owners;
    if (!alpine || !ann) throw new Error("missing");
    await proStep(db(), ann.userId, leadId, alpine.id, { event: "accept" });
    await saveQuote(db(), ann.userId, leadId, alpine.id, quoteSchema.parse(quoteInput()), delivery);
    await hire(db(), homeowner.userId, leadId, alpine.id, delivery);
    await closeRequest(db(), { userId: homeowner.userId }, leadId, "too_expensive", delivery);
    expect((await partOf(db(), leadId, alpine.id))?.state).toBe("hired");
    expect((await closedEmails(leadId)).map((email) => email.to)).toEqual([
      `office-${alpine.id}@example.com`,
    ]);
    expect((await requestForPro(db(), ann.userId, leadId, alpine.id)).contact).toBeNull();
  });

  it("Remove this pro: that part alone closes, its place is free, it is told", async () => {
    const { homeowner, owners, businesses, leadId } = await threePros();
    const [alpine, birch, cedar] = businesses;
    const [ann] = owners;
    if (!alpine || !birch || !cedar || !ann) throw new Error("missing");
    await proStep(db(), ann.userId, leadId, alpine.id, { event: "accept" });
    let project = await projectFor(db(), { userId: homeowner.userId }, leadId);
    expect(canChooseMore(project)).toBe(false);

    const announced: string[] = [];
    const watched = {
      ...delivery,
      stale: (ids: readonly string[]) => Promise.resolve(void announced.push(...ids)),
    };
    await removePro(db(), { userId: homeowner.userId }, leadId, alpine.id, watched);
    expect(announced).toEqual([alpine.id]);
    expect((await partOf(db(), leadId, alpine.id))?.state).toBe("removed");
    expect((await partOf(db(), leadId, birch.id))?.state).toBe("sent");
    expect((await requestRow(db(), leadId))?.status).toBe("sent");
    const emails = await closedEmails(leadId);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({
      to: `office-${alpine.id}@example.com`,
      subject: "Closed: Roof Repair in Denver, CO 80202",
    });
    expect(await requestForPro(db(), ann.userId, leadId, alpine.id)).toMatchObject({
      state: "removed",
      contact: null,
      contactState: "no_longer_shared",
    });
    project = await projectFor(db(), { userId: homeowner.userId }, leadId);
    expect(canChooseMore(project)).toBe(true);
    // The freed place takes another pro; removing it again, or a stranger's removal, is refused.
    const dana = await createPerson(db(), "Dana");
    const dune = await createBusiness(db(), dana, "Dune Roofing");
    await sendToPros(db(), homeowner, leadId, [dune.id], consentFor(dune), delivery);
    expect(
      await refused(removePro(db(), { userId: homeowner.userId }, leadId, alpine.id, delivery)),
    ).toBeInstanceOf(IllegalStep);
    expect(
      await refused(removePro(db(), { userId: dana.userId }, leadId, birch.id, delivery)),
    ).toBeInstanceOf(NotFound);
    expect((await partOf(db(), leadId, birch.id))?.state).toBe("sent");
  });
});
