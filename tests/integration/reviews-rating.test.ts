import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { completedHire, insertReview, ratingOf } from "../support/review-factories";

describe.each(DATABASE_TARGETS)("a business's rating follows its reviews on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("is the mean and count of published reviews, and forgets a removed one", async () => {
    const first = await completedHire(db());
    expect(await ratingOf(db(), first.business.id)).toEqual({
      rating: 0,
      reviewCount: 0,
      reviewStars: 0,
    });
    await insertReview(db(), first, { stars: 5 });
    const second = await completedHire(db(), { business: first.business, pro: first.pro });
    const secondReview = await insertReview(db(), second, { stars: 4 });
    const third = await completedHire(db(), { business: first.business, pro: first.pro });
    await insertReview(db(), third, { stars: 4 });
    expect(await ratingOf(db(), first.business.id)).toEqual({
      rating: 4.3,
      reviewCount: 3,
      reviewStars: 13,
    });
    await db()
      .update(reviews)
      .set({ removedAt: new Date(), removedReason: "abusive" })
      .where(eq(reviews.id, secondReview));
    expect(await ratingOf(db(), first.business.id)).toEqual({
      rating: 4.5,
      reviewCount: 2,
      reviewStars: 9,
    });
    await db().update(reviews).set({ stars: 1 }).where(eq(reviews.leadId, third.leadId));
    expect(await ratingOf(db(), first.business.id)).toEqual({
      rating: 3,
      reviewCount: 2,
      reviewStars: 6,
    });
  });

  it("refuses a review of a business that had no part in the request", async () => {
    const scene = await completedHire(db());
    const other = await completedHire(db());
    await expect(insertReview(db(), { ...scene, business: other.business })).rejects.toThrow();
  });
});
