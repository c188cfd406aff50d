/**
 * A conversation closes with its part (issues 42 and 43): once the homeowner
 * removes the pro, closes the request or hires another pro, neither side can
 * write in it (409, the sentence beside the message field), both still read
 * it with a line saying why, and an unread message waiting to be emailed is
 * not emailed. An open conversation stays open.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "~/features/conversations/message-email.server";
import { postMessage } from "~/features/conversations/post.server";
import { threadView } from "~/features/conversations/view.server";
import { closeRequest, hire, removePro } from "~/features/marketplace/homeowner-steps.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { quoteSchema, saveQuote } from "~/features/marketplace/quotes.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { outboxJobs, threads } from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { recordingOutboxWorker } from "../support/factories";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  quoteInput,
} from "../support/marketplace-factories";

const pending = { ...delivery, emailStatus: "pending" as const };

describe.each(DATABASE_TARGETS)("a closed conversation, on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A request to two businesses, both accepted: the homeowner, each pro and its thread. */
  async function scene() {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const pros = await Promise.all([createPerson(db(), "Ana Pro"), createPerson(db(), "Ben Pro")]);
    const businesses = await Promise.all(pros.map((pro) => createBusiness(db(), pro)));
    const leadId = await createRequest(db(), homeowner);
    await sendToPros(
      db(),
      homeowner,
      leadId,
      businesses.map((business) => business.id),
      consentFor(...businesses),
      delivery,
    );
    const parts = [];
    for (const [index, business] of businesses.entries()) {
      const pro = pros[index] as Actor;
      await proStep(db(), pro.userId, leadId, business.id, { event: "accept" });
      const [thread] = await db()
        .select({ id: threads.id })
        .from(threads)
        .where(and(eq(threads.leadId, leadId), eq(threads.contractorId, business.id)));
      if (!thread) throw new Error("accepting opened no thread");
      parts.push({ pro, business, threadId: thread.id });
    }
    const [first, second] = parts;
    if (!first || !second) throw new Error("no parts");
    return { homeowner, leadId, first, second };
  }

  const write = (who: Actor, threadId: string, body: string) =>
    postMessage(db(), { delivery: pending }, who, threadId, { body });

  it("refuses both sides once the homeowner removes the pro, and says why to each", async () => {
    const { homeowner, leadId, first } = await scene();
    expect((await write(first.pro, first.threadId, "Tuesday works")).ok).toBe(true);
    await removePro(db(), homeowner, leadId, first.business.id, delivery);
    const byPro = await write(first.pro, first.threadId, "Are you sure?");
    expect(byPro).toMatchObject({ ok: false, status: 409 });
    expect(byPro.ok ? "" : byPro.errors.body).toBe(
      "Jordan closed the request with your business, so this conversation is closed. You can still read it.",
    );
    const byHomeowner = await write(homeowner, first.threadId, "Sorry!");
    expect(byHomeowner.ok ? "" : byHomeowner.errors.body).toContain(
      `You removed ${first.business.name} from this request`,
    );
    const prosView = await threadView(db(), first.pro.userId, first.threadId);
    expect(prosView.closure).toBe("pro_removed");
    expect(prosView.messages.map((message) => message.body)).toEqual(["Tuesday works"]);
    expect((await threadView(db(), homeowner.userId, first.threadId)).closure).toBe("pro_removed");
  });

  it("closes every pro's conversation on Not going ahead, and emails no unread message", async () => {
    const { homeowner, leadId, first, second } = await scene();
    // The homeowner writes to the first pro; its unread-message email waits five minutes.
    expect((await write(homeowner, first.threadId, "Can you come Monday?")).ok).toBe(true);
    await closeRequest(db(), homeowner, leadId, "postponed", delivery);
    for (const { pro, threadId } of [first, second]) {
      const refused = await write(pro, threadId, "Still interested?");
      expect(refused.ok ? "" : refused.errors.body).toBe(
        "Jordan is not going ahead with this request, so this conversation is closed. You can still read it.",
      );
    }
    const { worker, sent } = recordingOutboxWorker(db(), {
      now: () => new Date(Date.now() + 10 * 60_000),
      mail: delivery.mail,
    });
    await worker.runOnce();
    expect(sent.filter((email) => /sent you a message/.test(email.subject))).toEqual([]);
    const waiting = await db()
      .select({ id: outboxJobs.id })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "message_email")));
    expect(waiting).toEqual([]);
  });

  it("closes the pro not chosen, and keeps the hired pro's conversation open", async () => {
    const { homeowner, leadId, first, second } = await scene();
    await saveQuote(
      db(),
      first.pro.userId,
      leadId,
      first.business.id,
      quoteSchema.parse(quoteInput()),
      delivery,
    );
    await hire(db(), homeowner.userId, leadId, first.business.id, delivery);
    const notChosen = await write(second.pro, second.threadId, "Congratulations");
    expect(notChosen.ok ? "" : notChosen.errors.body).toBe(
      "Jordan hired another pro, so this conversation is closed. You can still read it.",
    );
    expect((await write(first.pro, first.threadId, "Thank you! See you Monday.")).ok).toBe(true);
    expect((await write(homeowner, first.threadId, "Great.")).ok).toBe(true);
    expect((await threadView(db(), first.pro.userId, first.threadId)).closure).toBeNull();
  });
});
