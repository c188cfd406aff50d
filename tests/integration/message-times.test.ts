/**
 * Message times over HTTP, on PostgreSQL (issue 42 #12, issue 43 #2): for a
 * Denver request, the Messages list and the thread say the Denver time with
 * its zone's name ("12:33 PM MST", never "7:33 PM UTC"), in the page's
 * language; the pro, whose business keeps Toronto time, reads theirs beside
 * it; the data a live update reloads carries the very words the page shows,
 * so the browser renders what the server did; and the days the dashboard and
 * the pro's inbox give a request are Denver's days, not UTC's.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postMessage } from "~/features/conversations/post.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { sendToPros } from "~/features/marketplace/requests.server";
import { defaultVisitSettings } from "~/features/visits/hours";
import { editableUntil } from "~/features/reviews/review-checks.server";
import { saveVisitSettings } from "~/features/visits/settings.server";
import { leads, messages, requestPros, threads } from "../../database/schema";
import type { CookieJar } from "../support/cookie-jar";
import {
  consentFor,
  createBusiness,
  createRequest,
  delivery,
} from "../support/marketplace-factories";
import { signedInOn, startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";
import { completedHire, insertReview } from "../support/review-factories";

const baseUrl = process.env.TEST_DATABASE_URL;

/** The page's text as a browser shows it (React marks where texts join, and escapes). */
const ENTITIES = { "<!-- -->": "", "&#x27;": "'", "&quot;": '"', "&amp;": "&" };
const decoded = (html: string) =>
  Object.entries(ENTITIES).reduce((text, [from, to]) => text.replaceAll(from, to), html);

/** 12:33 and 12:40 PM in Denver on December 1, 2026: 7:33 and 7:40 PM UTC. */
const PRO_WROTE = new Date("2026-12-01T19:33:00Z");
const HOMEOWNER_WROTE = new Date("2026-12-01T19:40:00Z");
/** 8 PM in Denver on December 1, 2026: already December 2 in UTC. */
const EVENING = new Date("2026-12-02T03:00:00Z");

describe.runIf(baseUrl)("message times for a Denver request", () => {
  let site: PostgresSite;
  let homeowner: { jar: CookieJar; userId: string };
  let pro: { jar: CookieJar; userId: string };
  let threadPath = "";
  let projectPath = "";
  let inboxPath = "";

  beforeAll(async () => {
    site = await startSiteOnPostgres();
    [homeowner, pro] = await Promise.all([signedInOn(site), signedInOn(site)]);
    const actor = (userId: string) => ({ userId, clientAddress: "203.0.113.9", userAgent: "test" });
    // A Denver business (its place) whose pro keeps the visit hours in Toronto time.
    const business = await createBusiness(site.db, actor(pro.userId), "Mile High Roofing");
    await saveVisitSettings(
      site.db,
      business.id,
      defaultVisitSettings("America/Toronto"),
      new Date(),
    );
    // A roof repair in Denver (denver-co), accepted: the thread opens.
    const leadId = await createRequest(site.db, actor(homeowner.userId));
    await sendToPros(
      site.db,
      actor(homeowner.userId),
      leadId,
      [business.id],
      consentFor(business),
      delivery,
    );
    await proStep(site.db, pro.userId, leadId, business.id, { event: "accept" });
    const [thread] = await site.db
      .select({ id: threads.id })
      .from(threads)
      .where(eq(threads.leadId, leadId));
    if (!thread) throw new Error("accepting opened no thread");
    threadPath = `/dashboard/messages/${thread.id}`;
    projectPath = `/dashboard/projects/${leadId}`;
    inboxPath = `/pro?business=${business.id}&group=accepted`;
    // Sent to the pro, and the contact shared, on a Denver evening.
    await site.db.update(leads).set({ createdAt: EVENING }).where(eq(leads.id, leadId));
    await site.db
      .update(requestPros)
      .set({ consentAt: EVENING })
      .where(eq(requestPros.leadId, leadId));
    // Two messages, then dated to the minute (the site stamps them with now()).
    for (const [who, body, at] of [
      [pro.userId, "We can come by on Thursday.", PRO_WROTE],
      [homeowner.userId, "Thursday works for me.", HOMEOWNER_WROTE],
    ] as const) {
      const posted = await postMessage(site.db, { delivery }, { userId: who }, thread.id, { body });
      if (!posted.ok) throw new Error(JSON.stringify(posted.errors));
      await site.db.update(messages).set({ createdAt: at }).where(eq(messages.body, body));
    }
    await site.db
      .update(threads)
      .set({ lastMessageAt: HOMEOWNER_WROTE, contactSharedAt: EVENING })
      .where(eq(threads.id, thread.id));
  }, 120_000);
  afterAll(async () => {
    await site.stop();
  });

  const page = async (jar: CookieJar, path: string) => {
    const response = await jar.fetch(`${site.url}${path}`);
    expect(response.status, path).toBe(200);
    return decoded(await response.text());
  };

  it("lists the conversation at its last message's Denver time", async () => {
    const html = await page(homeowner.jar, "/dashboard/messages");
    expect(html).toContain("Mile High Roofing");
    expect(html).toContain(
      `<time dateTime="${HOMEOWNER_WROTE.toISOString()}">Dec 1, 2026, 12:40 PM MST</time>`,
    );
    expect(html).not.toContain("7:40 PM");
    expect(html).not.toMatch(/\bUTC\b/);
    // The homeowner's own zone is not known: the job's is theirs.
    expect(html).not.toContain("Your time");
  });

  it("shows the pro their own Toronto time beside the Denver time in the list", async () => {
    const html = await page(pro.jar, "/dashboard/messages");
    expect(html).toContain("Dec 1, 2026, 12:40 PM MST</time> · Your time: 2:40 PM EST");
  });

  it("dates each message of the thread in Denver time, and the pro's beside it", async () => {
    const html = await page(homeowner.jar, threadPath);
    expect(html).toContain(
      `<time dateTime="${PRO_WROTE.toISOString()}">Dec 1, 12:33 PM MST</time>`,
    );
    expect(html).toContain(
      `<time dateTime="${HOMEOWNER_WROTE.toISOString()}">Dec 1, 12:40 PM MST</time>`,
    );
    expect(html).not.toMatch(/\bUTC\b/);
    expect(html).not.toContain("Your time");
    // The report control names the message by the same time.
    const proPage = await page(pro.jar, threadPath);
    expect(proPage).toContain("Dec 1, 12:33 PM MST</time> · Your time: 2:33 PM EST");
    expect(proPage).toContain("the message sent Dec 1, 12:40 PM MST");
  });

  it("says the Denver time in Spanish and French", async () => {
    const spanish = await page(homeowner.jar, `/es${threadPath}`);
    expect(spanish).toContain(">1 dic, 12:33 p.m. MST</time>");
    const french = await page(pro.jar, `/fr${threadPath}`);
    expect(french).toContain(">1 déc., 12 h 33 HNR</time> · Votre heure\u00a0: 14 h 33 HNE");
    const list = await page(pro.jar, "/fr/dashboard/messages");
    expect(list).toContain(">1 déc. 2026, 12 h 40 HNR</time>");
  });

  it("gives a live update the words the page shows (its data, not the browser's clock)", async () => {
    // A live message revalidates the page: the browser reads the route's data and shows it.
    const response = await homeowner.jar.fetch(`${site.url}${threadPath}.data`);
    expect(response.status).toBe(200);
    const data = await response.text();
    expect(data).toContain("Dec 1, 12:33 PM MST");
    expect(data).toContain("Dec 1, 12:40 PM MST");
  });

  it("gives a request the day it was sent in Denver, on the project, the inbox and the thread", async () => {
    const project = await page(homeowner.jar, projectPath);
    expect(project).toContain("requested Dec 1, 2026");
    const inbox = await page(pro.jar, inboxPath);
    expect(inbox).toContain("Denver, CO 80202 · Dec 1, 2026<");
    expect(inbox).not.toContain("· Dec 2, 2026");
    const thread = await page(homeowner.jar, threadPath);
    expect(thread).toContain("with Mile High Roofing on Dec 1, 2026.");
  });

  it("gives a review's last day to edit in Denver, on the project and the review's page", async () => {
    const actor = { userId: homeowner.userId, clientAddress: "203.0.113.9", userAgent: "test" };
    const hired = await completedHire(site.db, { homeowner: actor });
    // Written yesterday at 03:30 UTC: the evening before in Denver (8:30 or 9:30 PM).
    const today = new Date();
    const written = new Date(
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 3, 30),
    );
    await insertReview(site.db, hired, { createdAt: written });
    const utcDay = (at: Date) =>
      new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(at);
    const lastDay = editableUntil(written);
    // In Denver the window closes on the evening of the UTC day before.
    const denverDay = utcDay(new Date(lastDay.getTime() - 86_400_000));
    const project = await page(homeowner.jar, `/dashboard/projects/${hired.leadId}`);
    expect(project).toContain(`You can edit it until ${denverDay}.`);
    expect(project).not.toContain(utcDay(lastDay));
    const review = await page(homeowner.jar, `/dashboard/projects/${hired.leadId}/review`);
    expect(review).toContain(`You can change it until ${denverDay};`);
  });
});
