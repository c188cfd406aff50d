import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { threadAccess } from "~/features/conversations/access.server";
import { photoFor } from "~/features/marketplace/photos.server";
import {
  MESSAGE_ERRORS,
  MESSAGE_MAX_CHARS,
  MESSAGE_RATE,
  REMOVED_TEXT,
  THREAD_PAGE_SIZE,
} from "~/features/conversations/limits";
import { threadsOf, unreadTotal } from "~/features/conversations/list.server";
import { postMessage, type MessageInput } from "~/features/conversations/post.server";
import {
  decideReport,
  reportMessage,
  waitingReports,
} from "~/features/conversations/reports.server";
import { shareContact, threadView } from "~/features/conversations/view.server";
import { sendToPros, type Actor } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import {
  auditLog,
  contractors,
  leads,
  MESSAGE_MAX_CHARS as SCHEMA_MAX_CHARS,
  messages,
  outboxJobs,
  threadReads,
  threads,
  type ContactMethod,
} from "../../database/schema";
import { DATABASE_TARGETS, type TestDatabase } from "../support/databases";
import { recordingOutboxWorker } from "../support/factories";
import {
  consentFor,
  createBusiness,
  createPerson,
  createRequest,
  delivery,
  refused,
} from "../support/marketplace-factories";

const OPERATOR = { id: null, email: "operator@trade-match.example" };

describe.each(DATABASE_TARGETS)("conversations on $name", (target) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await target.create();
  });
  afterAll(async () => {
    await database.dispose();
  });

  /** A homeowner's request sent to a business, accepted by its owner: their thread. */
  async function scene(preferredContact: ContactMethod | null = null) {
    const homeowner = await createPerson(db(), "Jordan Lee");
    const pro = await createPerson(db(), "Ana Pro");
    const business = await createBusiness(db(), pro);
    const leadId = await createRequest(db(), homeowner, { preferredContact });
    await sendToPros(db(), homeowner, leadId, [business.id], consentFor(business), delivery);
    await proStep(db(), pro.userId, leadId, business.id, { event: "accept" });
    const [thread] = await db()
      .select()
      .from(threads)
      .where(and(eq(threads.leadId, leadId), eq(threads.contractorId, business.id)));
    if (!thread) throw new Error("accepting opened no thread");
    return { homeowner, pro, business, leadId, threadId: thread.id };
  }

  const post = (who: Actor, threadId: string, input: string | MessageInput) =>
    postMessage(
      db(),
      { delivery },
      { userId: who.userId },
      threadId,
      typeof input === "string" ? { body: input } : input,
    );

  async function posted(who: Actor, threadId: string, body: string) {
    const result = await post(who, threadId, body);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.message;
  }

  const emailJobs = (leadId: string) =>
    db()
      .select({
        status: outboxJobs.status,
        payload: outboxJobs.payload,
        delayS:
          sql<number>`extract(epoch from ${outboxJobs.nextAttemptAt} - ${outboxJobs.createdAt})`.mapWith(
            Number,
          ),
      })
      .from(outboxJobs)
      .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "message_email")));

  it("opens exactly one thread when the pro accepts, and no other step opens one", async () => {
    const { pro, business, leadId } = await scene();
    await refused(proStep(db(), pro.userId, leadId, business.id, { event: "accept" }));
    const opened = await db().select().from(threads).where(eq(threads.leadId, leadId));
    expect(opened).toHaveLength(1);

    const other = await createPerson(db());
    const declining = await createBusiness(db(), other);
    const homeowner = await createPerson(db());
    const second = await createRequest(db(), homeowner);
    await sendToPros(db(), homeowner, second, [declining.id], consentFor(declining), delivery);
    await proStep(db(), other.userId, second, declining.id, { event: "view" });
    await proStep(
      db(),
      other.userId,
      second,
      declining.id,
      {
        event: "decline",
        reason: "fully_booked",
      },
      delivery,
    );
    expect(await db().select().from(threads).where(eq(threads.leadId, second))).toEqual([]);
  });

  it("lets the homeowner and the pro in, and no one else", async () => {
    const { homeowner, pro, business, leadId, threadId } = await scene();
    const stranger = await createPerson(db(), "Sam Stranger");
    expect(await threadAccess(db(), homeowner.userId, threadId)).toEqual({
      threadId,
      side: "homeowner",
      leadId,
      contractorId: business.id,
    });
    expect(await threadAccess(db(), pro.userId, threadId)).toMatchObject({ side: "pro" });
    expect(await threadAccess(db(), stranger.userId, threadId)).toBeNull();
    expect(await threadAccess(db(), homeowner.userId, "not-a-uuid")).toBeNull();
    expect(await threadAccess(db(), "nobody", threadId)).toBeNull();
    expect(await threadAccess(db(), homeowner.userId, crypto.randomUUID())).toBeNull();
    // A browser that owns a request without an account: only while no account has it.
    expect(await threadAccess(db(), { browserLeadId: leadId }, threadId)).toBeNull();
    await refused(threadView(db(), stranger.userId, threadId));
    await refused(post(stranger, threadId, "Hello?"));
  });

  it("lets a browser that sent a request without an account read and write as the homeowner", async () => {
    const homeowner = await createPerson(db());
    const pro = await createPerson(db());
    const business = await createBusiness(db(), pro);
    const leadId = await createRequest(db(), homeowner);
    await db().update(leads).set({ userId: null }).where(eq(leads.id, leadId));
    const browser = { browserLeadId: leadId };
    await sendToPros(
      db(),
      { ...browser, clientAddress: "203.0.113.9", userAgent: "test" },
      leadId,
      [business.id],
      consentFor(business),
      delivery,
    );
    await proStep(db(), pro.userId, leadId, business.id, { event: "accept" });
    const [thread] = await db().select().from(threads).where(eq(threads.leadId, leadId));
    const threadId = thread?.id ?? "";
    expect(await threadAccess(db(), browser, threadId)).toMatchObject({ side: "homeowner" });
    expect(await threadAccess(db(), { browserLeadId: crypto.randomUUID() }, threadId)).toBeNull();
    expect(await threadAccess(db(), homeowner.userId, threadId)).toBeNull();
    const sent = await postMessage(db(), { delivery }, browser, threadId, {
      body: "Hi from my phone",
    });
    expect(sent).toMatchObject({ ok: true, message: { side: "homeowner" } });
    const view = await threadView(db(), pro.userId, threadId);
    expect(view.messages.map((m) => m.body)).toEqual(["Hi from my phone"]);
  });

  it("shows the newest 50 messages, with a cursor for older ones that marks nothing read", async () => {
    const { homeowner, pro, threadId } = await scene();
    const rows = Array.from({ length: THREAD_PAGE_SIZE + 5 }, (_, i) => ({
      threadId,
      side: "pro" as const,
      authorId: pro.userId,
      body: `Note ${String(i + 1)}`,
    }));
    const ids = (await db().insert(messages).values(rows).returning({ id: messages.id })).map(
      (row) => row.id,
    );
    const older = await threadView(db(), homeowner.userId, threadId, {
      before: String(ids[10]),
    });
    expect(older.messages.map((m) => m.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Note ${String(i + 1)}`),
    );
    expect(older.olderCursor).toBeNull();
    expect(await unreadTotal(db(), homeowner.userId)).toBe(THREAD_PAGE_SIZE + 5);
    const newest = await threadView(db(), homeowner.userId, threadId, { before: "nonsense" });
    expect(newest.messages).toHaveLength(THREAD_PAGE_SIZE);
    expect(newest.messages.at(-1)?.body).toBe(`Note ${String(THREAD_PAGE_SIZE + 5)}`);
    expect(newest.olderCursor).toBe(ids[5]);
    const rest = await threadView(db(), homeowner.userId, threadId, { before: newest.olderCursor });
    expect(rest.messages.map((m) => m.id)).toEqual(ids.slice(0, 5));
    expect(await unreadTotal(db(), homeowner.userId)).toBe(0);
  });

  it("lets a suspended business read its threads but not write, storing nothing", async () => {
    const { homeowner, pro, business, threadId } = await scene();
    await db()
      .update(contractors)
      .set({ suspendedAt: new Date(), suspendedReason: "Licence lapsed." })
      .where(eq(contractors.id, business.id));
    const refused = await post(pro, threadId, "Still here!");
    expect(refused).toEqual({
      ok: false,
      errors: { body: MESSAGE_ERRORS.suspended },
      status: 409,
    });
    expect(await db().select().from(messages).where(eq(messages.threadId, threadId))).toEqual([]);
    // The homeowner may still write (and reads the suspension on their project page).
    expect((await post(homeowner, threadId, "Are you still available?")).ok).toBe(true);
  });

  it("posts from both sides, oldest first, with what is mine", async () => {
    const { homeowner, pro, threadId } = await scene();
    const first = await posted(pro, threadId, "  Hi Jordan, when can we look at the roof?  ");
    expect(first).toMatchObject({
      threadId,
      side: "pro",
      body: "Hi Jordan, when can we look at the roof?",
    });
    await posted(homeowner, threadId, "Monday morning works.");
    const view = await threadView(db(), homeowner.userId, threadId);
    expect(view.messages.map((m) => [m.side, m.body, m.mine])).toEqual([
      ["pro", "Hi Jordan, when can we look at the roof?", false],
      ["homeowner", "Monday morning works.", true],
    ]);
    expect(view.otherName).toMatch(/^Summit Ridge/);
    expect(view.businessProfilePath).toMatch(/^\/pros\/business-/);
    expect((await threadView(db(), pro.userId, threadId)).otherName).toBe("Jordan");
  });

  it("refuses an empty message and one over the limit, saying how many were typed", async () => {
    const { homeowner, threadId } = await scene();
    expect(await post(homeowner, threadId, "   \n ")).toEqual({
      ok: false,
      status: 400,
      errors: { body: "Write a message or add a photo." },
    });
    const long = await post(homeowner, threadId, "a".repeat(MESSAGE_MAX_CHARS + 1));
    expect(long).toMatchObject({ ok: false, status: 400 });
    expect(!long.ok && long.errors.body).toBe(
      "Keep your message to 5,000 characters or fewer (you typed 5,001).",
    );
    expect(MESSAGE_MAX_CHARS).toBe(SCHEMA_MAX_CHARS);
    expect(await posted(homeowner, threadId, "é".repeat(MESSAGE_MAX_CHARS))).toBeTruthy();
    expect((await threadView(db(), homeowner.userId, threadId)).messages).toHaveLength(1);
  });

  it("stores photos with the message, shown to the thread's people only", async () => {
    const { homeowner, pro, threadId } = await scene();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#c33" },
    })
      .png()
      .toBuffer();
    const photo = new File([new Uint8Array(png)], "roof.png", { type: "image/png" });
    const result = await post(homeowner, threadId, { body: "", photos: [photo] });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.message.photoIds).toHaveLength(1);
    const view = await threadView(db(), pro.userId, threadId);
    expect(view.messages[0]?.photoIds).toEqual(result.message.photoIds);
    // What /photos/:id.webp serves to whom.
    const photoId = result.message.photoIds[0] ?? "";
    const visibleTo = async (userId: string | null) =>
      (await photoFor(db(), userId, photoId)) !== null;
    expect(await visibleTo(pro.userId)).toBe(true);
    expect(await visibleTo(homeowner.userId)).toBe(true);
    expect(await visibleTo((await createPerson(db())).userId)).toBe(false);
    expect(await visibleTo(null)).toBe(false);
    expect((await photoFor(db(), pro.userId, photoId))?.public).toBe(false);
    const bad = await post(homeowner, threadId, {
      body: "And this",
      photos: [new File([new Uint8Array([1, 2, 3])], "notes.txt")],
    });
    expect(bad).toMatchObject({ ok: false, status: 400 });
    expect(!bad.ok && bad.errors.photos).toContain('"notes.txt" isn\'t a photo we can read');
    expect((await threadView(db(), pro.userId, threadId)).messages).toHaveLength(1);
  });

  it("limits how many messages a person sends, saying when to try again", async () => {
    const { pro, threadId } = await scene();
    for (let i = 0; i < MESSAGE_RATE.max; i++) await posted(pro, threadId, `Update ${String(i)}`);
    const refusedPost = await post(pro, threadId, "One more");
    expect(refusedPost).toMatchObject({ ok: false, status: 429 });
    expect(!refusedPost.ok && refusedPost.errors.body).toMatch(
      /^You've sent 20 messages in the last 10 minutes\. Please wait \d+ (minutes?|seconds?) before sending another\.$/,
    );
    expect((await threadView(db(), pro.userId, threadId)).messages).toHaveLength(MESSAGE_RATE.max);
  });

  it("shows an accepted pro only the channels allowed when sending", async () => {
    const byEmail = await scene("email");
    expect((await threadView(db(), byEmail.pro.userId, byEmail.threadId)).contact).toEqual({
      email: "jordan@example.com",
      phone: null,
    });
    const anyWay = await scene(null);
    expect((await threadView(db(), anyWay.pro.userId, anyWay.threadId)).contact).toEqual({
      email: "jordan@example.com",
      phone: "+13035550100",
    });
  });

  it("masks a messages-only homeowner's contact until they share it, and only they can", async () => {
    const { homeowner, pro, threadId } = await scene("messages");
    expect((await threadView(db(), pro.userId, threadId)).contact).toBeNull();
    expect(await shareContact(db(), pro.userId, threadId)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect((await threadView(db(), pro.userId, threadId)).contact).toBeNull();
    const shared = await shareContact(db(), homeowner.userId, threadId);
    expect(shared).toMatchObject({ ok: true, changed: true });
    expect(await shareContact(db(), homeowner.userId, threadId)).toMatchObject({
      ok: true,
      changed: false,
    });
    expect((await threadView(db(), pro.userId, threadId)).contact).toEqual({
      email: "jordan@example.com",
      phone: "+13035550100",
    });
    // The homeowner never sees the business's private email or phone.
    const own = await threadView(db(), homeowner.userId, threadId);
    expect(own.contact).toBeNull();
    expect(JSON.stringify(own)).not.toContain("office-");
  });

  it("counts unread messages per side, and reading clears them", async () => {
    const { homeowner, pro, threadId } = await scene();
    await posted(pro, threadId, "First");
    await posted(pro, threadId, "Second");
    expect(await unreadTotal(db(), homeowner.userId)).toBe(2);
    expect(await unreadTotal(db(), pro.userId)).toBe(0);
    const [summary] = await threadsOf(db(), homeowner.userId);
    expect(summary).toMatchObject({ threadId, side: "homeowner", unread: 2, preview: "Second" });
    await threadView(db(), homeowner.userId, threadId);
    expect(await unreadTotal(db(), homeowner.userId)).toBe(0);
    expect((await threadsOf(db(), homeowner.userId))[0]?.unread).toBe(0);
    const reply = await posted(homeowner, threadId, "x".repeat(300));
    expect(await unreadTotal(db(), pro.userId)).toBe(1);
    expect(await unreadTotal(db(), homeowner.userId)).toBe(0);
    const [proSide] = await threadsOf(db(), pro.userId);
    expect(proSide).toMatchObject({ side: "pro", unread: 1, otherName: "Jordan" });
    expect(proSide?.preview).toHaveLength(120);
    const proView = await threadView(db(), pro.userId, threadId);
    expect(proView.otherReadUpTo).toBe(reply.id);
    const [marker] = await db()
      .select()
      .from(threadReads)
      .where(and(eq(threadReads.threadId, threadId), eq(threadReads.side, "pro")));
    expect(marker?.lastReadId).toBe(reply.id);
    expect(await unreadTotal(db(), pro.userId)).toBe(0);
  });

  it("lists a person's threads as homeowner and as pro, newest activity first", async () => {
    const a = await scene();
    const b = await scene();
    // The pro of thread A also sent a request of their own, accepted by B's pro.
    const ownRequest = await createRequest(db(), a.pro);
    await sendToPros(db(), a.pro, ownRequest, [b.business.id], consentFor(b.business), delivery);
    await proStep(db(), b.pro.userId, ownRequest, b.business.id, { event: "accept" });
    const listed = () => threadsOf(db(), a.pro.userId);
    expect((await listed()).map((t) => t.side)).toEqual(["homeowner", "pro"]);
    await posted(a.homeowner, a.threadId, "Any news?");
    expect((await listed()).map((t) => [t.side, t.unread])).toEqual([
      ["pro", 1],
      ["homeowner", 0],
    ]);
    expect(await unreadTotal(db(), a.pro.userId)).toBe(1);
    expect(await threadsOf(db(), "not-a-uuid")).toEqual([]);
  });

  it("takes a report once, never of one's own message, and hides a removed message", async () => {
    const { homeowner, pro, threadId } = await scene();
    const rude = await posted(pro, threadId, "Something rude");
    const own = await posted(homeowner, threadId, "Please stop.");
    expect(await reportMessage(db(), homeowner.userId, own.id, "test")).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await reportMessage(db(), homeowner.userId, rude.id, "  ")).toMatchObject({
      ok: false,
      status: 400,
    });
    await refused(reportMessage(db(), (await createPerson(db())).userId, rude.id, "Rude"));
    await refused(reportMessage(db(), homeowner.userId, "12abc", "Rude"));
    const report = await reportMessage(db(), homeowner.userId, String(rude.id), "Insulting");
    if (!report.ok) throw new Error(report.error);
    expect(await reportMessage(db(), homeowner.userId, rude.id, "Again")).toEqual({
      ok: false,
      status: 409,
      error: "You have already reported this message. An operator will look at it.",
    });
    const queue = await waitingReports(db());
    expect(queue.reports.find((r) => r.reportId === report.reportId)).toMatchObject({
      reason: "Insulting",
      reporter: { id: homeowner.userId },
      message: { id: rude.id, body: "Something rude", side: "pro" },
      thread: { id: threadId },
    });
    expect(await decideReport(db(), OPERATOR, report.reportId, "removed")).toEqual({ ok: true });
    expect(await decideReport(db(), OPERATOR, report.reportId, "kept")).toMatchObject({
      ok: false,
      status: 409,
    });
    const view = await threadView(db(), homeowner.userId, threadId);
    expect(view.messages[0]).toMatchObject({ id: rude.id, body: REMOVED_TEXT, removed: true });
    expect(JSON.stringify(await threadsOf(db(), pro.userId))).not.toContain("Something rude");
    expect((await waitingReports(db())).reports.map((r) => r.reportId)).not.toContain(
      report.reportId,
    );
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "message"), eq(auditLog.subjectId, String(rude.id))));
    expect(audit).toMatchObject([
      {
        action: "message.remove",
        actorEmail: OPERATOR.email,
        after: { reportId: report.reportId },
      },
    ]);
  });

  it("queues one unread email for the other side, due in 5 minutes, not twice within the hour", async () => {
    const { homeowner, pro, leadId, threadId } = await scene();
    await posted(pro, threadId, "Hello");
    await posted(pro, threadId, "Are you there?");
    const jobs = await emailJobs(leadId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      status: "held",
      payload: { threadId, side: "homeowner" },
      delayS: 300,
    });
    // The worker sends it while the messages are unread, and notes when.
    await db()
      .update(outboxJobs)
      .set({ status: "pending", nextAttemptAt: sql`now() - interval '1 second'` })
      .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "message_email")));
    const { worker, sent } = recordingOutboxWorker(db());
    await worker.runOnce();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toBe(`${homeowner.userId}@example.com`);
    expect(sent[0]?.text).toContain(`/dashboard/projects/${leadId}`);
    expect(sent[0]?.text).not.toContain("Are you there?");
    expect((await emailJobs(leadId)).map((job) => job.status)).toEqual(["sent"]);
    // Emailed within the hour: another message queues nothing.
    await posted(pro, threadId, "One more thing");
    expect(await emailJobs(leadId)).toHaveLength(1);
    // The homeowner's reply queues the pro's email; reading before it is due drops it.
    await posted(homeowner, threadId, "Yes, here");
    expect((await emailJobs(leadId)).map((job) => job.payload)).toContainEqual(
      expect.objectContaining({ threadId, side: "pro" }),
    );
    await threadView(db(), pro.userId, threadId);
    expect((await emailJobs(leadId)).map((job) => job.status)).toEqual(["sent"]);
  });

  it("drops a due unread email when the message was read meanwhile", async () => {
    const { homeowner, leadId, threadId } = await scene();
    const message = await posted(homeowner, threadId, "Quick question");
    await db()
      .update(threadReads)
      .set({ lastReadId: message.id })
      .where(eq(threadReads.threadId, threadId));
    await db()
      .insert(threadReads)
      .values({ threadId, side: "pro", lastReadId: message.id })
      .onConflictDoNothing();
    await db()
      .update(outboxJobs)
      .set({ status: "pending", nextAttemptAt: sql`now() - interval '1 second'` })
      .where(and(eq(outboxJobs.leadId, leadId), eq(outboxJobs.kind, "message_email")));
    const { worker, sent } = recordingOutboxWorker(db());
    expect(await worker.runOnce()).toBe(1);
    expect(sent).toEqual([]);
    expect(await emailJobs(leadId)).toEqual([]);
  });
});
