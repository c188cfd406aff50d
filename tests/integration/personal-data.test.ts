import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deleteAccount,
  exportPersonalData,
  remainingPersonalRows,
} from "~/features/auth/personal-data.server";
import { createSession } from "~/features/auth/session.server";
import { optOut } from "~/features/notifications/opt-outs.server";
import { PROJECT_LEAD } from "~/features/leads/lead-forms.server";
import { submitLead } from "~/features/leads/leads.server";
import { eq } from "drizzle-orm";
import { editReview, writeReview } from "~/features/reviews/reviews.server";
import { reviews, users } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { formData, quoteFields, testServices } from "../support/factories";
import { completedHire, ratingOf } from "../support/review-factories";

describe.each(DATABASE_TARGETS)("a person's data on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("exports everything held about the account, then deletes it all", async () => {
    const services = testServices(database.handle, {
      LEAD_WEBHOOK_URL: "http://127.0.0.1:9/hook",
      LEAD_WEBHOOK_SECRET: "webhook-secret-123456",
    });
    const db = database.handle.db;
    const [user] = await db
      .insert(users)
      .values({
        email: "riley@example.com",
        name: "Riley Chen",
        provider: "https://accounts.google.com",
        subject: "riley",
      })
      .returning();
    if (!user) throw new Error("no user");
    for (const service of ["roofing", "plumbing"]) {
      const { formKey, ...fields } = quoteFields({ name: user.name, email: user.email, service });
      await submitLead({
        services,
        clientAddress: "203.0.113.40",
        userAgent: "Vitest",
        leadForm: PROJECT_LEAD,
        form: formData(fields),
        formKey,
        context: { userId: user.id },
      });
    }
    await createSession(db, services.env, user.id);
    await optOut(db, user.id, "message_email");

    const exported = await exportPersonalData(db, user.id);
    expect(exported.account?.email).toBe("riley@example.com");
    expect(exported.requests.map((r) => r.service).sort()).toEqual(["plumbing", "roofing"]);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.emailsTurnedOff.map((row) => row.kind)).toEqual(["message_email"]);
    expect(exported.messagesWritten).toEqual([]);
    expect(JSON.stringify(exported)).not.toContain("idempotencyKey");

    expect(await remainingPersonalRows(db, user.id, user.email)).toEqual({
      user: true,
      requests: 2,
      jobs: 6,
      sessions: 1,
    });
    expect(await deleteAccount(db, user.id)).toEqual({ requests: 2 });
    expect(await remainingPersonalRows(db, user.id, user.email)).toEqual({
      user: false,
      requests: 0,
      jobs: 0,
      sessions: 0,
    });
  });
});

describe.each(DATABASE_TARGETS)("a person's reviews in their data on $name", (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("exports the reviews they wrote with earlier versions, and deletes them with the account", async () => {
    const db = database.handle.db;
    const scene = await completedHire(db);
    const start = new Date("2026-11-01T12:00:00Z");
    const body = "They replaced the flashing and the leak is gone.";
    const id = await writeReview(
      db,
      scene.homeowner.userId,
      scene.leadId,
      { stars: "5", body },
      [],
      start,
    );
    await editReview(
      db,
      scene.homeowner.userId,
      id,
      { stars: "4", body: `${body} A week later, still dry.` },
      [],
      new Date(start.getTime() + 86_400_000),
    );
    const exported = await exportPersonalData(db, scene.homeowner.userId);
    expect(exported.reviewsWritten).toMatchObject([
      { id, stars: 4, earlierVersions: [{ stars: 5, body }] },
    ]);
    await deleteAccount(db, scene.homeowner.userId);
    expect(await db.select().from(reviews).where(eq(reviews.id, id))).toEqual([]);
    expect(await ratingOf(db, scene.business.id)).toMatchObject({ reviewCount: 0 });
  });
});
