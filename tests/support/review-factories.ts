/**
 * Reviews' data tests: a project completed with the pro it hired (through
 * the marketplace's own steps), and published reviews written straight into
 * the table for tests of what pages show (ratings, JSON-LD, ranking).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { hire, homeownerStep } from "~/features/marketplace/homeowner-steps.server";
import { saveQuote } from "~/features/marketplace/quotes.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { contractors, reviews } from "../../database/schema";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
} from "./marketplace-factories";

export interface Hire {
  homeowner: Actor;
  pro: Actor;
  business: { id: string; name: string };
  leadId: string;
}

/**
 * A homeowner's request sent to a business, accepted and quoted by its
 * owner, hired, and (unless `completed: false`) marked completed. Pass a
 * business to hire the same one again for another homeowner.
 */
export async function completedHire(
  db: Database,
  options: {
    business?: Hire["business"];
    pro?: Actor;
    homeowner?: Actor;
    completed?: boolean;
  } = {},
): Promise<Hire> {
  const homeowner = options.homeowner ?? (await createPerson(db, "Jordan Lee"));
  const pro = options.pro ?? (await createPerson(db, "Ana Pro"));
  const business = options.business ?? (await createBusiness(db, pro));
  const leadId = await createRequest(db, homeowner);
  await sendToPros(db, homeowner, leadId, [business.id], consentFor(business), delivery);
  await proStep(db, pro.userId, leadId, business.id, { event: "accept" });
  await saveQuote(
    db,
    pro.userId,
    leadId,
    business.id,
    {
      kind: "range",
      min: 450_000,
      max: 600_000,
      included: "Tear-off, underlayment, architectural shingles, clean-up.",
      startFrom: "2026-12-07",
      startTo: "2026-12-18",
      validDays: 30,
      message: "We can inspect on Monday.",
    },
    delivery,
  );
  await hire(db, homeowner.userId, leadId, business.id, delivery);
  if (options.completed !== false) {
    await homeownerStep(db, homeowner.userId, leadId, { event: "complete" }, delivery);
  }
  return { homeowner, pro, business, leadId };
}

/** A published review of a completed hire, written straight into the table. */
export async function insertReview(
  db: Database,
  scene: Hire,
  overrides: Partial<typeof reviews.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(reviews).values({
    id,
    leadId: scene.leadId,
    contractorId: scene.business.id,
    authorId: scene.homeowner.userId,
    authorName: "Jordan L.",
    stars: 5,
    body: "Fixed the leak in a day and cleaned up after themselves.",
    service: "roof-repair",
    jobMonth: "2026-11-01",
    ...overrides,
  });
  return id;
}

/** A business's rating figures as the trigger keeps them. */
export async function ratingOf(db: Database, contractorId: string) {
  const [row] = await db
    .select({
      rating: contractors.rating,
      reviewCount: contractors.reviewCount,
      reviewStars: contractors.reviewStars,
    })
    .from(contractors)
    .where(eq(contractors.id, contractorId));
  return row;
}
