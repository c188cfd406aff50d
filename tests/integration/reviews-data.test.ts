import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoFor } from "~/features/marketplace/photos.server";
import { NotFound } from "~/features/marketplace/requests.server";
import { REVIEW_ERRORS, REVIEW_TEXT, removedText } from "~/features/reviews/limits";
import { replyToReview, reportReview } from "~/features/reviews/review-answers.server";
import {
  reviewerName,
  ReviewInvalid,
  ReviewRefused,
} from "~/features/reviews/review-checks.server";
import {
  reviewsForOwner,
  reviewsOfBusiness,
  versionsOf,
} from "~/features/reviews/review-lists.server";
import { editReview, reviewChance, writeReview } from "~/features/reviews/reviews.server";
import { reviewReports, reviews } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { createPerson, refused } from "../support/marketplace-factories";
import { completedHire, ratingOf } from "../support/review-factories";

const GOOD = { stars: "5", body: "They replaced the flashing and the leak is gone." };
const DAY = 24 * 60 * 60 * 1000;

/** The fields a refused review names (fails the test for any other refusal). */
function errorsOf(error: Error) {
  if (!(error instanceof ReviewInvalid)) throw error;
  return error.errors;
}

async function jpeg(): Promise<{ name: string; bytes: Uint8Array }> {
  const bytes = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  return { name: "roof.jpg", bytes: new Uint8Array(bytes) };
}

describe("reviewer names", () => {
  it("signs with a first name and an initial", () => {
    expect(reviewerName("Jordan Lee")).toBe("Jordan L.");
    expect(reviewerName("  maria de la cruz ")).toBe("maria C.");
    expect(reviewerName("Cher")).toBe("Cher");
    expect(reviewerName("")).toBe("A homeowner");
  });
});

describe.each(DATABASE_TARGETS)("reviews from verified hires on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("waits for the project to be completed, then takes one review", async () => {
    const scene = await completedHire(db(), { completed: false });
    const early = await refused(writeReview(db(), scene.homeowner.userId, scene.leadId, GOOD));
    expect(early).toBeInstanceOf(ReviewRefused);
    expect(early.message).toBe(REVIEW_ERRORS.notCompleted);
    expect(await db().select().from(reviews).where(eq(reviews.leadId, scene.leadId))).toEqual([]);

    const done = await completedHire(db());
    const chance = await reviewChance(db(), done.homeowner.userId, done.leadId);
    expect(chance).toMatchObject({ completed: true, review: null, business: done.business });
    const id = await writeReview(db(), done.homeowner.userId, done.leadId, GOOD, [await jpeg()]);
    const again = await refused(writeReview(db(), done.homeowner.userId, done.leadId, GOOD));
    expect(again.message).toBe(REVIEW_ERRORS.already);

    const list = await reviewsOfBusiness(db(), done.business.id);
    expect(list.published).toBe(1);
    expect(list.reviews[0]).toMatchObject({
      id,
      authorName: "Jordan L.",
      stars: 5,
      service: "roof-repair",
      removedReason: null,
    });
    expect(list.reviews[0]?.photos).toHaveLength(1);
    // A published review's photo is public; the business's figures follow.
    const photoId = list.reviews[0]?.photos[0]?.id ?? "";
    expect(await photoFor(db(), null, photoId)).toMatchObject({ public: true });
    expect(await ratingOf(db(), done.business.id)).toMatchObject({ rating: 5, reviewCount: 1 });
  });

  it("refuses bad stars and text beside each field, storing nothing", async () => {
    const scene = await completedHire(db());
    const error = await refused(
      writeReview(db(), scene.homeowner.userId, scene.leadId, { stars: "6", body: "Too short" }),
    );
    expect(error).toBeInstanceOf(ReviewInvalid);
    expect(errorsOf(error)).toEqual({
      stars: REVIEW_ERRORS.stars,
      body: REVIEW_ERRORS.textShort(9),
    });
    const long = await refused(
      writeReview(db(), scene.homeowner.userId, scene.leadId, {
        stars: "3",
        body: "x".repeat(REVIEW_TEXT.max + 1),
      }),
    );
    expect(errorsOf(long).body).toBe(REVIEW_ERRORS.textLong(REVIEW_TEXT.max + 1));
    const photos = await refused(
      writeReview(
        db(),
        scene.homeowner.userId,
        scene.leadId,
        GOOD,
        Array.from({ length: 6 }, () => ({ name: "a.jpg", bytes: new Uint8Array(1) })),
      ),
    );
    expect(errorsOf(photos).photos).toBe(REVIEW_ERRORS.tooManyPhotos);
    expect(await db().select().from(reviews).where(eq(reviews.leadId, scene.leadId))).toEqual([]);
  });

  it("is only for the homeowner who hired: anyone else finds nothing", async () => {
    const scene = await completedHire(db());
    const stranger = await createPerson(db(), "Sam Stranger");
    expect(await refused(writeReview(db(), stranger.userId, scene.leadId, GOOD))).toBeInstanceOf(
      NotFound,
    );
    expect(await refused(writeReview(db(), scene.pro.userId, scene.leadId, GOOD))).toBeInstanceOf(
      NotFound,
    );
    await expect(reviewChance(db(), stranger.userId, scene.leadId)).rejects.toBeInstanceOf(
      NotFound,
    );
  });

  it("keeps earlier versions when edited, and closes edits after 30 days", async () => {
    const scene = await completedHire(db());
    const start = new Date("2026-11-01T12:00:00Z");
    const id = await writeReview(db(), scene.homeowner.userId, scene.leadId, GOOD, [], start);
    const later = new Date(start.getTime() + 10 * DAY);
    await editReview(
      db(),
      scene.homeowner.userId,
      id,
      { stars: "3", body: "The leak came back after a week; they returned to fix it." },
      [],
      later,
    );
    const versions = await versionsOf(db(), id);
    expect(versions).toMatchObject([{ stars: 5, body: GOOD.body }]);
    expect(await ratingOf(db(), scene.business.id)).toMatchObject({ rating: 3, reviewCount: 1 });
    const closed = await refused(
      editReview(db(), scene.homeowner.userId, id, GOOD, [], new Date(start.getTime() + 30 * DAY)),
    );
    expect(closed.message).toBe(REVIEW_ERRORS.editClosed);
    // Someone else's review is not there for them.
    expect(await refused(editReview(db(), scene.pro.userId, id, GOOD))).toBeInstanceOf(NotFound);
  });

  it("lets the business reply once and report once; nobody else", async () => {
    const scene = await completedHire(db());
    const id = await writeReview(db(), scene.homeowner.userId, scene.leadId, GOOD);
    expect(
      await refused(replyToReview(db(), scene.homeowner.userId, id, "Thanks!")),
    ).toBeInstanceOf(NotFound);
    const empty = await refused(replyToReview(db(), scene.pro.userId, id, "   "));
    expect(empty.message).toBe(REVIEW_ERRORS.replyEmpty);
    await replyToReview(db(), scene.pro.userId, id, "Thank you, Jordan!");
    const twice = await refused(replyToReview(db(), scene.pro.userId, id, "Again"));
    expect(twice.message).toBe(REVIEW_ERRORS.replied);
    const [reply] = await reviewsOfBusiness(db(), scene.business.id).then((page) => page.reviews);
    expect(reply?.reply?.body).toBe("Thank you, Jordan!");

    const badReason = await refused(
      reportReview(db(), scene.pro.userId, id, { reason: "too_negative", note: "" }),
    );
    expect(badReason.message).toBe(REVIEW_ERRORS.reportReason);
    await reportReview(db(), scene.pro.userId, id, {
      reason: "personal_information",
      note: "It gives my technician's home address.",
    });
    const reportedTwice = await refused(
      reportReview(db(), scene.pro.userId, id, { reason: "abusive", note: "" }),
    );
    expect(reportedTwice.message).toBe(REVIEW_ERRORS.reported);
    expect(
      await db().select().from(reviewReports).where(eq(reviewReports.reviewId, id)),
    ).toHaveLength(1);
    const own = await reviewsForOwner(db(), scene.pro.userId, scene.business.id);
    expect(own.reported).toEqual([id]);
    await expect(
      reviewsForOwner(db(), scene.homeowner.userId, scene.business.id),
    ).rejects.toBeInstanceOf(NotFound);
  });

  it("shows a removed review by its reason alone", async () => {
    const scene = await completedHire(db());
    const id = await writeReview(db(), scene.homeowner.userId, scene.leadId, GOOD, [await jpeg()]);
    const [photo] = (await reviewsOfBusiness(db(), scene.business.id)).reviews[0]?.photos ?? [];
    await db()
      .update(reviews)
      .set({ removedAt: new Date(), removedReason: "personal_information" })
      .where(eq(reviews.id, id));
    const [shown] = (await reviewsOfBusiness(db(), scene.business.id)).reviews;
    expect(shown).toMatchObject({ body: "", stars: 0, removedReason: "personal_information" });
    expect(shown?.photos).toEqual([]);
    expect(removedText("personal_information")).toContain("personal information");
    expect(await photoFor(db(), null, photo?.id ?? "")).toBeNull();
    const edit = await refused(editReview(db(), scene.homeowner.userId, id, GOOD));
    expect(edit.message).toBe(REVIEW_ERRORS.removed);
  });

  it("refuses a review of one's own business", async () => {
    const owner = await createPerson(db(), "Ana Pro");
    const scene = await completedHire(db(), { pro: owner, homeowner: owner });
    const error = await refused(writeReview(db(), owner.userId, scene.leadId, GOOD));
    expect(error.message).toBe(REVIEW_ERRORS.ownBusiness);
  });
});
