/**
 * Every state change a side must act on is an email to that side (issue
 * 43, item 7): the hired business is told it was hired; the pros passed
 * over are told they were not chosen, thanked only if they had answered;
 * the homeowner hears which pros the request went to, that a pro declined,
 * and every email to them links back to the request (a signed link that
 * opens it when no account has it). A suspended business is told why. On
 * PGlite and PostgreSQL.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readRequestLinkToken, requestLinkSecret } from "~/features/leads/request-link.server";
import { hire } from "~/features/marketplace/homeowner-steps.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { COMMAND_LINE } from "~/features/operator/audit.server";
import { suspendBusiness } from "~/features/operator/contractor-suspension.server";
import type { EmailMessage } from "~/lib/mail/email";
import { contractors, leads, outboxJobs, type OutboxKind } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  quoteInput,
} from "../support/marketplace-factories";

describe.each(DATABASE_TARGETS)("closing every loop, on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** The emails of `kind` queued for the request, as stored. */
  const emailsOf = async (leadId: string, kind: OutboxKind) =>
    (
      await db()
        .select({ payload: outboxJobs.payload })
        .from(outboxJobs)
        .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, kind)))
    ).map((job) => job.payload as EmailMessage);

  async function threeBusinesses(names: string[]) {
    const owners = await Promise.all(names.map((name) => createPerson(db(), `${name} Owner`)));
    const businesses = await Promise.all(
      names.map((name, index) => createBusiness(db(), owners[index] ?? null, name)),
    );
    return { owners, businesses };
  }

  it("tells the hired pro, and words 'not chosen' by whether each pro had answered", async () => {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const { owners, businesses } = await threeBusinesses([
      "Alpine Roofing",
      "Birch Roofing",
      "Cedar Roofing",
    ]);
    const [alpine, birch, cedar] = businesses;
    const [ann, bo] = owners;
    if (!alpine || !birch || !cedar || !ann || !bo) throw new Error("missing");
    // Alpine reads Spanish: its emails are in Spanish, with links to its pages in Spanish.
    await db().update(contractors).set({ locale: "es" }).where(eq(contractors.id, alpine.id));
    const leadId = await createRequest(db(), homeowner);
    await sendToPros(
      db(),
      homeowner,
      leadId,
      businesses.map((business) => business.id),
      consentFor(...businesses),
      delivery,
    );
    // Alpine and Birch accept and quote; Cedar never answers.
    for (const [owner, business] of [
      [ann, alpine],
      [bo, birch],
    ] as const) {
      await proStep(db(), owner.userId, leadId, business.id, { event: "accept" });
      await saveQuote(
        db(),
        owner.userId,
        leadId,
        business.id,
        quoteSchema.parse(quoteInput()),
        delivery,
      );
    }
    await hire(db(), homeowner.userId, leadId, alpine.id, delivery);

    const [hired, ...more] = await emailsOf(leadId, "hired_email");
    expect(more).toEqual([]);
    expect(hired?.to).toBe(`office-${alpine.id}@example.com`);
    expect(hired?.subject).toMatch(/^Contratación: .+ en Denver, CO 80202$/);
    expect(hired?.text).toContain("Jordan L. contrató a Alpine Roofing para");
    expect(hired?.text).toContain(
      `https://trade-match.example/es/pro/requests/${leadId}?business=${alpine.id}`,
    );
    // The hired email carries none of the homeowner's details: the page shows what they allowed.
    expect(hired?.text).not.toMatch(/jordan@example\.com|555|Lee\b/);

    const notChosen = await emailsOf(leadId, "not_chosen_email");
    const to = (business: { id: string }) =>
      notChosen.find((email) => email.to === `office-${business.id}@example.com`);
    expect(notChosen).toHaveLength(2);
    expect(to(birch)?.text).toContain(
      "Jordan L. has chosen another option for Roof Repair in Denver, CO 80202. Thank you for answering.",
    );
    expect(to(cedar)?.text).toContain(
      "Jordan L. has hired another pro for Roof Repair in Denver, CO 80202, so the request is closed for your business. There is nothing more to do.",
    );
    expect(to(cedar)?.text).not.toMatch(/answering/);
  });

  /** A request sent from the home form without signing in: no account has it. */
  async function browserRequest(homeowner: Actor) {
    const leadId = await createRequest(db(), homeowner, { email: "sam@example.net" });
    await db().update(leads).set({ userId: null }).where(eq(leads.id, leadId));
    return {
      leadId,
      sender: {
        browserLeadId: leadId,
        clientAddress: homeowner.clientAddress,
        userAgent: homeowner.userAgent,
      },
    };
  }

  /** The request that a link in an email opens (its path's id), checked with the site's key. */
  async function opens(link: string | undefined) {
    const url = new URL(link ?? "");
    const [, , id, open, token] = url.pathname.split("/");
    if (!id || open !== "open") return null;
    const read = readRequestLinkToken(await requestLinkSecret(db()), id, token, new Date());
    return read === "open" ? { id, next: url.searchParams.get("next") } : null;
  }

  const linkIn = (text: string | undefined, before: string) =>
    new RegExp(`${before}:? (https://\\S+)`).exec(text ?? "")?.[1];

  it("names the pros a request went to, and gives a homeowner without an account a way back", async () => {
    const homeowner = await createPerson(db(), "Sam Ortiz");
    const { owners, businesses } = await threeBusinesses(["Dune Roofing", "Elm Roofing"]);
    const [dune, elm] = businesses;
    const [dee, eli] = owners;
    if (!dune || !elm || !dee || !eli) throw new Error("missing");
    const { leadId, sender } = await browserRequest(homeowner);
    await sendToPros(db(), sender, leadId, [dune.id, elm.id], consentFor(dune, elm), delivery);

    const [sent] = await emailsOf(leadId, "request_sent_email");
    expect(sent?.to).toBe("sam@example.net");
    expect(sent?.subject).toBe("Your request was sent to Dune Roofing and Elm Roofing");
    expect(sent?.text).toContain(
      "Your request for Roof Repair in Denver, CO 80202 was sent to Dune Roofing and Elm Roofing on TradeMatch.",
    );
    expect(await opens(linkIn(sent?.text, "Follow your request here"))).toEqual({
      id: leadId,
      next: null,
    });

    // Elm declines: the homeowner is told, with a way to choose another pro in its place.
    await proStep(
      db(),
      eli.userId,
      leadId,
      elm.id,
      { event: "decline", reason: "other" },
      delivery,
    );
    const [declined] = await emailsOf(leadId, "pro_declined_email");
    expect(declined?.to).toBe("sam@example.net");
    expect(declined?.subject).toBe("Elm Roofing can't take on your request");
    expect(declined?.text).toContain(
      "Elm Roofing can't take on your request, so its place is free.",
    );
    expect(declined?.text).toContain(
      "Your request for Roof Repair in Denver, CO 80202 is still open with the other pros you chose.",
    );
    expect(await opens(linkIn(declined?.text, "You can choose another pro in its place"))).toEqual({
      id: leadId,
      next: "pros",
    });

    // Dune quotes: the quote email opens the request too (it used to link to a dashboard
    // that a homeowner without an account cannot see).
    await proStep(db(), dee.userId, leadId, dune.id, { event: "accept" });
    await saveQuote(db(), dee.userId, leadId, dune.id, quoteSchema.parse(quoteInput()), delivery);
    const [quote] = await emailsOf(leadId, "quote_email");
    const compare = linkIn(quote?.text, "Compare the quotes and choose a pro");
    expect(compare).not.toMatch(/dashboard/);
    expect(await opens(compare)).toEqual({ id: leadId, next: null });
  });

  it("sends an account holder's emails to their own project page, with no key", async () => {
    const homeowner = await createPerson(db(), "Ria Patel");
    const { businesses } = await threeBusinesses(["Fir Roofing"]);
    const [fir] = businesses;
    if (!fir) throw new Error("missing");
    const leadId = await createRequest(db(), homeowner);
    await sendToPros(db(), homeowner, leadId, [fir.id], consentFor(fir), delivery);
    const [sent] = await emailsOf(leadId, "request_sent_email");
    expect(linkIn(sent?.text, "Follow your request here")).toBe(
      `https://trade-match.example/dashboard/projects/${leadId}`,
    );
    expect(sent?.text).not.toMatch(/any browser/);
  });

  it("tells a business an operator suspended, in its language, with the reason", async () => {
    const { businesses } = await threeBusinesses(["Gale Roofing"]);
    const [gale] = businesses;
    if (!gale) throw new Error("missing");
    await db().update(contractors).set({ locale: "fr" }).where(eq(contractors.id, gale.id));
    await suspendBusiness(db(), COMMAND_LINE, delivery, gale.id, "Licence lapsed in March");
    const [job] = await db()
      .select({ payload: outboxJobs.payload })
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, "business_suspended_email"));
    const email = job?.payload as EmailMessage | undefined;
    expect(email?.to).toBe(`office-${gale.id}@example.com`);
    expect(email?.subject).toBe("Gale Roofing est suspendue sur TradeMatch");
    expect(email?.text).toContain("Notre motif\u00a0: Licence lapsed in March");
    expect(email?.text).toContain("https://trade-match.example/fr/pro/profile");
  });
});
