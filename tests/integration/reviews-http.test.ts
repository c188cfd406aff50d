/**
 * The review loop over HTTP, on PostgreSQL, as browsers without JavaScript
 * use it: the homeowner reviews the pro they hired once the project is
 * completed (refusals beside their field, text kept), edits it; the profile
 * shows it with "Verified hire" and its JSON-LD; the pro replies once and
 * reports it. Anyone else gets 404, on the pages and on every post.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_ERRORS } from "~/features/reviews/limits";
import { reviewerName } from "~/features/reviews/review-checks.server";
import { contractors, reviewReports, reviews, reviewVersions, users } from "../../database/schema";
import { postForm } from "../support/console";
import { expectSafeAnswer, HOSTILE } from "../support/hostile";
import { CookieJar } from "../support/cookie-jar";
import { createBusiness } from "../support/marketplace-factories";
import { signedInOn, startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { completedHire } from "../support/review-factories";

const baseUrl = process.env.TEST_DATABASE_URL;

const ENTITIES = { "<!-- -->": "", "&#x27;": "'", "&quot;": '"', "&amp;": "&" };
const decoded = (html: string) =>
  Object.entries(ENTITIES).reduce((text, [from, to]) => text.replaceAll(from, to), html);

const GOOD = "They replaced the flashing in a day and the leak is gone.";

describe.runIf(baseUrl)("reviews over HTTP", () => {
  let site: PostgresSite;

  beforeAll(async () => {
    site = await startSiteOnPostgres();
  }, 120_000);
  afterAll(async () => {
    await site.stop();
  });

  const signedIn = () => signedInOn(site);

  const actor = (userId: string) => ({ userId, clientAddress: "203.0.113.9", userAgent: "test" });

  /** A hire between two signed-in browsers (completed unless asked), and a stranger. */
  async function scene(completed = true) {
    const [homeowner, pro, stranger] = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const business = await createBusiness(site.db, actor(pro.userId), "Summit Ridge Roofing");
    const hire = await completedHire(site.db, {
      homeowner: actor(homeowner.userId),
      pro: actor(pro.userId),
      business,
      completed,
    });
    const [row] = await site.db
      .select({ slug: contractors.slug })
      .from(contractors)
      .where(eq(contractors.id, business.id));
    const path = `/dashboard/projects/${hire.leadId}/review`;
    return { homeowner, pro, stranger, business, hire, path, slug: row?.slug ?? "" };
  }

  const page = async (jar: CookieJar, path: string) => {
    const response = await jar.fetch(`${site.url}${path}`);
    return { status: response.status, html: decoded(await response.text()) };
  };
  const multipart = (jar: CookieJar, path: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set("photos", new File([], ""));
    return jar.fetch(`${site.url}${path}`, {
      method: "POST",
      body: form,
      headers: { origin: site.url },
      redirect: "manual",
    });
  };

  it("answers 404 to anyone but the homeowner, on the page and the post", async () => {
    const { stranger, pro, path } = await scene();
    expect((await page(stranger.jar, path)).status).toBe(404);
    expect((await page(pro.jar, path)).status).toBe(404);
    const posted = await multipart(stranger.jar, path, { intent: "write", stars: "1", body: GOOD });
    expect(posted.status).toBe(404);
    const unknown = `/dashboard/projects/${crypto.randomUUID()}/review`;
    expect((await page(stranger.jar, unknown)).status).toBe(404);
    expect((await page(stranger.jar, "/dashboard/projects/nope/review")).status).toBe(404);
  });

  it("waits for the project to be completed", async () => {
    const { homeowner, path } = await scene(false);
    const before = await page(homeowner.jar, path);
    expect(before.html).toContain(REVIEW_ERRORS.notCompleted);
    const early = await multipart(homeowner.jar, path, { intent: "write", stars: "5", body: GOOD });
    expect(early.status).toBe(409);
  });

  it("publishes a review, refusing bad input beside its field with the text kept", async () => {
    const { homeowner, stranger, hire, path, slug } = await scene();
    const project = await page(homeowner.jar, `/dashboard/projects/${hire.leadId}`);
    expect(project.html).toContain("How did Summit Ridge Roofing do?");
    expect(project.html).toContain(`href="${path}"`);

    const refused = await multipart(homeowner.jar, path, {
      intent: "write",
      body: "Too short",
    });
    expect(refused.status).toBe(400);
    const html = decoded(await refused.text());
    expect(html).toContain(REVIEW_ERRORS.stars);
    expect(html).toContain(REVIEW_ERRORS.textShort(9));
    expect(html).toContain(">Too short</textarea>");

    const published = await multipart(homeowner.jar, path, {
      intent: "write",
      stars: "4",
      body: GOOD,
    });
    expect(published.status).toBe(302);
    expect(published.headers.get("location")).toBe(
      `/dashboard/projects/${hire.leadId}?reviewed#review`,
    );
    const after = await page(homeowner.jar, `/dashboard/projects/${hire.leadId}?reviewed`);
    expect(after.html).toContain("your review of Summit Ridge Roofing is published");
    expect(after.html).toContain("Edit your review");

    // The profile (a query the cache never keeps: this render is fresh).
    const profile = await page(stranger.jar, `/pros/${slug}?reviews=1`);
    expect(profile.status).toBe(200);
    expect(profile.html).toContain("Verified hire");
    expect(profile.html).toContain(GOOD);
    const [author] = await site.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, homeowner.userId));
    const signed = reviewerName(author?.name ?? "");
    expect(profile.html).toContain(signed);
    expect(profile.html).toMatch(/Roof Repair · [A-Z][a-z]+ 20\d\d/);
    const jsonLd = [
      ...profile.html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs),
    ]
      .map((match) => JSON.parse(match[1] ?? "{}") as Record<string, unknown>)
      .find((data) => "aggregateRating" in data);
    expect(jsonLd).toMatchObject({
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
      review: [{ reviewBody: GOOD, reviewRating: { ratingValue: 4 }, author: { name: signed } }],
    });

    // Once only.
    const again = await multipart(homeowner.jar, path, { intent: "write", stars: "5", body: GOOD });
    expect(again.status).toBe(409);
    expect(decoded(await again.text())).toContain(REVIEW_ERRORS.already);
  });

  it("keeps the earlier version when the homeowner edits", async () => {
    const { homeowner, hire, path } = await scene();
    await multipart(homeowner.jar, path, { intent: "write", stars: "5", body: GOOD });
    const edited = await multipart(homeowner.jar, path, {
      intent: "edit",
      stars: "2",
      body: "The leak came back a week later; they have not returned my calls.",
    });
    expect(edited.status).toBe(302);
    const [review] = await site.db.select().from(reviews).where(eq(reviews.leadId, hire.leadId));
    expect(review?.stars).toBe(2);
    const versions = await site.db
      .select()
      .from(reviewVersions)
      .where(eq(reviewVersions.reviewId, review?.id ?? ""));
    expect(versions).toMatchObject([{ stars: 5, body: GOOD }]);
  });

  it("lets the pro reply once and report once; another business finds nothing", async () => {
    const { homeowner, pro, stranger, business, hire, path, slug } = await scene();
    await multipart(homeowner.jar, path, { intent: "write", stars: "2", body: GOOD });
    const [review] = await site.db.select().from(reviews).where(eq(reviews.leadId, hire.leadId));
    const reviewId = review?.id ?? "";
    const list = await page(pro.jar, `/pro/reviews?business=${business.id}`);
    expect(list.html).toContain("Reviews of Summit Ridge Roofing");
    expect(list.html).toContain("Publish reply");

    const empty = await postForm(pro.jar, site.url, `/pro/reviews?business=${business.id}`, {
      intent: "reply",
      reviewId,
      reply: "  ",
    });
    expect(empty.status).toBe(400);
    expect(decoded(await empty.text())).toContain(REVIEW_ERRORS.replyEmpty);
    const replied = await postForm(pro.jar, site.url, `/pro/reviews?business=${business.id}`, {
      intent: "reply",
      reviewId,
      reply: "Sorry to hear it, we'll come back Monday.",
    });
    expect(replied.status).toBe(302);
    const twice = await postForm(pro.jar, site.url, `/pro/reviews?business=${business.id}`, {
      intent: "reply",
      reviewId,
      reply: "Again",
    });
    expect(twice.status).toBe(409);
    const profile = await page(stranger.jar, `/pros/${slug}?reviews=1`);
    expect(profile.html).toContain("Reply from Summit Ridge Roofing");
    expect(profile.html).toContain("Sorry to hear it, we'll come back Monday.");

    const reported = await postForm(pro.jar, site.url, `/pro/reviews?business=${business.id}`, {
      intent: "report",
      reviewId,
      reason: "personal_information",
      note: "It names my technician.",
    });
    expect(reported.status).toBe(302);
    const after = await page(pro.jar, `/pro/reviews?business=${business.id}&done=report`);
    expect(after.html).toContain("You reported this review.");
    expect(
      await site.db.select().from(reviewReports).where(eq(reviewReports.reviewId, reviewId)),
    ).toHaveLength(1);

    // Another business's owner: the review is not theirs to answer.
    const other = await createBusiness(site.db, actor(stranger.userId), "Other Roofing");
    const foreign = await postForm(stranger.jar, site.url, `/pro/reviews?business=${other.id}`, {
      intent: "reply",
      reviewId,
      reply: "Hijack",
    });
    expect(foreign.status).toBe(404);
    expect((await page(stranger.jar, `/pro/reviews?business=${business.id}`)).status).toBe(404);
  });

  it("takes hostile values in every review field without a 5xx or a reflection", async () => {
    const { homeowner, pro, business, hire, path, slug } = await scene();
    for (const value of HOSTILE) {
      const fields = { intent: "write", stars: value, body: value };
      await expectSafeAnswer(
        `review ${value}`,
        await multipart(homeowner.jar, path, fields),
        site.url,
      );
    }
    const body = `${HOSTILE[0] ?? ""} and a long enough text about the job.`;
    await multipart(homeowner.jar, path, { intent: "write", stars: "3", body });
    const [review] = await site.db.select().from(reviews).where(eq(reviews.leadId, hire.leadId));
    await expectSafeAnswer("profile", await fetch(`${site.url}/pros/${slug}?reviews=1`), site.url);
    const page = `/pro/reviews?business=${business.id}`;
    for (const value of HOSTILE) {
      const forms: Record<string, string>[] = [
        { intent: "reply", reviewId: value, reply: value },
        { intent: "report", reviewId: review?.id ?? "", reason: value, note: value },
        { intent: value, reviewId: review?.id ?? "" },
      ];
      for (const fields of forms) {
        await expectSafeAnswer(
          `pro ${value}`,
          await postForm(pro.jar, site.url, page, fields),
          site.url,
        );
      }
    }
    await expectSafeAnswer("pro page", await pro.jar.fetch(`${site.url}${page}`), site.url);
  });
});
