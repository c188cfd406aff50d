/**
 * The conversation page over HTTP, on PostgreSQL, as browsers without
 * JavaScript use it: the homeowner and the pro write to each other with
 * form posts (post, redirect, get), the homeowner shares their contact, a
 * message is reported once; refusals come back beside their field with the
 * text kept. Anyone else gets 404, on the page and on every post. A post
 * reaches the thread's open event stream (the page's live updates).
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MESSAGE_ERRORS,
  MESSAGE_RATE,
  REPORT_ERRORS,
  SHARE_ERRORS,
} from "~/features/conversations/limits";
import { sendToPros } from "~/features/marketplace/requests.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { and, eq } from "drizzle-orm";
import { messageReports, threads, type ContactMethod } from "../../database/schema";
import { postForm } from "../support/console";
import { quoteFields } from "../support/factories";
import { CookieJar } from "../support/cookie-jar";
import {
  consentFor,
  createBusiness,
  createRequest,
  delivery,
} from "../support/marketplace-factories";
import { signedInOn, startSiteOnPostgres, type PostgresSite } from "../support/postgres-site";

const baseUrl = process.env.TEST_DATABASE_URL;

/** The page's text as a browser shows it (React escapes quotes and marks where texts join). */
const ENTITIES = { "<!-- -->": "", "&#x27;": "'", "&quot;": '"', "&amp;": "&" };
const decoded = (html: string) =>
  Object.entries(ENTITIES).reduce((text, [from, to]) => text.replaceAll(from, to), html);

describe.runIf(baseUrl)("the conversation page over HTTP", () => {
  let site: PostgresSite;

  beforeAll(async () => {
    // The home form at once (no minimum fill time): a browser without an account sends a request.
    site = await startSiteOnPostgres({ FORM_MIN_FILL_MS: "0" });
  }, 120_000);
  afterAll(async () => {
    await site.stop();
  });

  const signedIn = () => signedInOn(site);

  /** A homeowner's request sent to a pro's business, accepted: their thread, and a stranger. */
  async function scene(preferredContact: ContactMethod | null = "messages") {
    const [homeowner, pro, stranger] = await Promise.all([signedIn(), signedIn(), signedIn()]);
    const actor = (userId: string) => ({ userId, clientAddress: "203.0.113.9", userAgent: "test" });
    const business = await createBusiness(site.db, actor(pro.userId), "Summit Ridge Roofing");
    const owner = actor(homeowner.userId);
    const leadId = await createRequest(site.db, owner, { preferredContact });
    await sendToPros(site.db, owner, leadId, [business.id], consentFor(business), delivery);
    await proStep(site.db, pro.userId, leadId, business.id, { event: "accept" });
    const [thread] = await site.db
      .select({ id: threads.id })
      .from(threads)
      .where(and(eq(threads.leadId, leadId), eq(threads.contractorId, business.id)));
    if (!thread) throw new Error("accepting opened no thread");
    const path = `/dashboard/messages/${thread.id}`;
    return { homeowner, pro, stranger, business, leadId, threadId: thread.id, path };
  }

  const page = async (jar: CookieJar, path: string) => {
    const response = await jar.fetch(`${site.url}${path}`);
    return { status: response.status, html: decoded(await response.text()) };
  };
  const post = (jar: CookieJar, path: string, fields: Record<string, string>) =>
    postForm(jar, site.url, path, fields);
  const postMultipart = (jar: CookieJar, path: string, form: FormData) =>
    jar.fetch(`${site.url}${path}`, { method: "POST", body: form, headers: { origin: site.url } });

  it("answers 404 to anyone else, on the page and on every post", async () => {
    const { stranger, homeowner, path } = await scene();
    expect((await page(stranger.jar, path)).status).toBe(404);
    expect((await page(homeowner.jar, "/dashboard/messages/not-a-thread")).status).toBe(404);
    const unknown = `/dashboard/messages/${crypto.randomUUID()}`;
    expect((await page(homeowner.jar, unknown)).status).toBe(404);
    const posts: Record<string, string>[] = [
      { intent: "message", body: "Let me in?" },
      { intent: "share" },
      { intent: "report", messageId: "1", reason: "Spam" },
      { intent: "nonsense" },
    ];
    for (const fields of posts) {
      expect((await post(stranger.jar, path, fields)).status).toBe(404);
    }
    const form = new FormData();
    form.set("intent", "message");
    form.set("body", "A photo for you");
    expect((await postMultipart(stranger.jar, path, form)).status).toBe(404);
    // Signed out: the sign-in page.
    const signedOut = await fetch(`${site.url}${path}`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/login\b/);
    const postedSignedOut = await post(new CookieJar(), path, { intent: "message", body: "Hi" });
    expect(postedSignedOut.status).toBe(302);
    expect(postedSignedOut.headers.get("location")).toMatch(/^\/login\b/);
  });

  it("lets the homeowner and the pro write to each other with form posts", async () => {
    const { homeowner, pro, stranger, business, leadId, path } = await scene();
    const first = await page(homeowner.jar, path);
    expect(first.status).toBe(200);
    expect(first.html).toContain("Summit Ridge Roofing · Roof Repair");
    expect(first.html).toContain(`href="/dashboard/projects/${leadId}"`);
    expect(first.html).toContain("No messages yet.");

    const sent = await post(homeowner.jar, path, {
      intent: "message",
      body: "Can you come Tuesday?",
    });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toMatch(new RegExp(`^${path}#message-\\d+$`));

    const proView = await page(pro.jar, path);
    expect(proView.html).toContain("Jordan · Roof Repair");
    expect(proView.html).toContain(`href="/pro/requests/${leadId}?business=${business.id}"`);
    expect(proView.html).toContain("Can you come Tuesday?");
    // The pro can report the homeowner's message; the homeowner cannot report their own.
    expect(proView.html).toContain('name="intent" value="report"');
    expect((await page(homeowner.jar, path)).html).not.toContain('value="report"');

    // The pro answers with a photo: a multipart post, as the page's form sends it, larger
    // than a form's usual body limit (a phone's photo is megabytes).
    const png = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: "#c33",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(png.byteLength).toBeGreaterThan(64 * 1024);
    const form = new FormData();
    form.set("intent", "message");
    form.set("body", "Tuesday at 9 works. Here is the flashing I mean.");
    form.append("photos", new File([new Uint8Array(png)], "roof.png", { type: "image/png" }));
    const reply = await postMultipart(pro.jar, path, form);
    expect(reply.status).toBe(302);

    const homeownerView = await page(homeowner.jar, path);
    expect(homeownerView.html).toContain("Can you come Tuesday?");
    expect(homeownerView.html).toContain("Tuesday at 9 works. Here is the flashing I mean.");
    const photo =
      /<img src="(\/photos\/[0-9a-f-]{36}\.webp)" alt="Photo sent by Summit Ridge Roofing"/.exec(
        homeownerView.html,
      );
    expect(photo, "the photo's thumbnail").not.toBeNull();
    const photoPath = photo?.[1] ?? "";
    expect((await homeowner.jar.fetch(`${site.url}${photoPath}`)).status).toBe(200);
    expect((await stranger.jar.fetch(`${site.url}${photoPath}`)).status).toBe(404);
    // Oldest first.
    expect(homeownerView.html.indexOf("Can you come Tuesday?")).toBeLessThan(
      homeownerView.html.indexOf("Tuesday at 9 works."),
    );
  });

  it("links to the conversation from the project and the pro's request, with the unread count", async () => {
    const { homeowner, pro, business, leadId, path } = await scene();
    expect(
      (await post(pro.jar, path, { intent: "message", body: "Hello from the roofer" })).status,
    ).toBe(302);
    const project = await page(homeowner.jar, `/dashboard/projects/${leadId}`);
    expect(project.html).toContain(`href="${path}"`);
    expect(project.html).toContain("Open the conversation");
    expect(project.html).toContain("1 unread message");
    // Reading the thread marks it read.
    await page(homeowner.jar, path);
    expect((await page(homeowner.jar, `/dashboard/projects/${leadId}`)).html).toContain(
      "No unread messages",
    );
    const request = await page(pro.jar, `/pro/requests/${leadId}?business=${business.id}`);
    expect(request.html).toContain(`href="${path}"`);
    expect(request.html).toContain("Open the conversation");
  });

  it("keeps a messages-only homeowner's contact from the pro until they share it", async () => {
    const { homeowner, pro, path } = await scene();
    const before = await page(pro.jar, path);
    expect(before.html).toContain("Shared when the homeowner chooses to.");
    expect(before.html).not.toContain("jordan@example.com");
    expect(before.html).not.toContain("+13035550100");
    // Only the homeowner may share.
    const refused = await post(pro.jar, path, { intent: "share" });
    expect(refused.status).toBe(403);
    // Said on the pro's page, in the contact panel (not only in the page's data).
    expect(decoded(await refused.text())).toMatch(
      new RegExp(`<p id="share-error"[^>]*>${SHARE_ERRORS.notHomeowner}</p>`),
    );
    expect((await page(homeowner.jar, path)).html).toContain(
      "Share my email and phone with Summit Ridge Roofing",
    );
    const shared = await post(homeowner.jar, path, { intent: "share" });
    expect(shared.status).toBe(302);
    const after = await page(pro.jar, path);
    expect(after.html).toContain('href="mailto:jordan@example.com"');
    expect(after.html).toContain('href="tel:+13035550100"');
    expect(after.html).not.toContain("Shared when the homeowner chooses to.");
    const homeownerAfter = await page(homeowner.jar, path);
    expect(homeownerAfter.html).toContain(
      "You shared your email and phone with Summit Ridge Roofing",
    );
    expect(homeownerAfter.html).not.toContain('value="share"');
  });

  it("refuses a message that is too long beside the field, with the text kept", async () => {
    const { homeowner, pro, path } = await scene();
    const typed = `${"Long story. ".repeat(416)}The end!!`; // 5,001 characters
    expect(typed).toHaveLength(5001);
    const refused = await post(homeowner.jar, path, { intent: "message", body: typed });
    expect(refused.status).toBe(400);
    const html = decoded(await refused.text());
    expect(html).toContain(`<p id="message-body-error"`);
    expect(html).toContain(MESSAGE_ERRORS.tooLong(5001));
    expect(html).toMatch(
      /<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*message-body-error/,
    );
    expect(html).toContain(`>${typed}</textarea>`);
    // Nothing was stored.
    expect((await page(pro.jar, path)).html).not.toContain("Long story.");
    // Empty: said beside the field too.
    const empty = await post(homeowner.jar, path, { intent: "message", body: "   " });
    expect(empty.status).toBe(400);
    expect(decoded(await empty.text())).toContain(MESSAGE_ERRORS.empty);
  });

  it("says beside the field when the person has sent too many messages, keeping the text", async () => {
    const { homeowner, path } = await scene();
    for (let i = 0; i < MESSAGE_RATE.max; i += 1) {
      const sent = await post(homeowner.jar, path, {
        intent: "message",
        body: `Note ${String(i)}`,
      });
      expect(sent.status).toBe(302);
    }
    const limited = await post(homeowner.jar, path, { intent: "message", body: "One more thing" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = decoded(await limited.text());
    expect(html).toContain(`You've sent ${String(MESSAGE_RATE.max)} messages`);
    expect(html).toContain(`<p id="message-body-error"`);
    expect(html).toContain(">One more thing</textarea>");
  });

  it("reports the other side's message once, with a reason", async () => {
    const { homeowner, pro, path } = await scene();
    await post(pro.jar, path, { intent: "message", body: "Pay me in cash, off the books" });
    await post(homeowner.jar, path, { intent: "message", body: "No thanks" });
    const view = (await page(homeowner.jar, path)).html;
    const ids = [...view.matchAll(/name="messageId" value="(\d+)"/g)].map((m) => m[1] ?? "");
    expect(ids).toHaveLength(1); // only the pro's message has a Report control
    const messageId = ids[0] ?? "";

    const noReason = await post(homeowner.jar, path, { intent: "report", messageId, reason: " " });
    expect(noReason.status).toBe(400);
    const noReasonHtml = decoded(await noReason.text());
    expect(noReasonHtml).toContain(REPORT_ERRORS.reason);
    expect(noReasonHtml).toContain(`id="report-reason-${messageId}-error"`);

    const reason = "Asks to be paid off the books.";
    const reported = await post(homeowner.jar, path, { intent: "report", messageId, reason });
    expect(reported.status).toBe(302);
    expect(reported.headers.get("location")).toBe(
      `${path}?reported=${messageId}#message-${messageId}`,
    );
    const thanked = await page(homeowner.jar, reported.headers.get("location") ?? path);
    expect(thanked.html).toContain("You reported this message. An operator will look at it.");
    const rows = await site.db
      .select()
      .from(messageReports)
      .where(eq(messageReports.messageId, Number(messageId)));
    expect(rows).toMatchObject([{ reporterId: homeowner.userId, reason }]);

    const again = await post(homeowner.jar, path, { intent: "report", messageId, reason });
    expect(again.status).toBe(409);
    const againHtml = decoded(await again.text());
    expect(againHtml).toContain(REPORT_ERRORS.already);
    expect(againHtml).toContain(`>${reason}</textarea>`);
    // The pro's own message (the one reported): refused beside nothing of theirs.
    const own = await post(pro.jar, path, { intent: "report", messageId, reason });
    expect(own.status).toBe(400);
    expect(decoded(await own.text())).toContain(REPORT_ERRORS.own);
    // A message of another thread is no one's business there: 404.
    const other = await scene();
    expect(
      (await post(other.homeowner.jar, other.path, { intent: "report", messageId, reason })).status,
    ).toBe(404);
  });

  it("announces a posted message to the thread's open event stream", async () => {
    const { homeowner, pro, threadId, path } = await scene();
    const streams = new AbortController();
    try {
      const response = await pro.jar.fetch(`${site.url}/threads/${threadId}/events`, {
        signal: streams.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body?.getReader();
      if (!reader) throw new Error("no stream");
      const decoder = new TextDecoder();
      let text = "";
      // Connected once the stream has said how long to wait before reconnecting.
      while (!text.includes("retry:")) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error("the stream ended");
        text += decoder.decode(chunk.value, { stream: true });
      }
      const sent = await post(homeowner.jar, path, { intent: "message", body: "Live?" });
      const messageId = /#message-(\d+)$/.exec(sent.headers.get("location") ?? "")?.[1];
      expect(messageId).toBeDefined();
      while (!text.includes(`data: {"messageId":${messageId ?? ""}}`)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended after:\n${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
      expect(text).toContain(`id: ${messageId ?? ""}\nevent: message\n`);
    } finally {
      streams.abort();
    }
  });

  it("lets the browser that sent a request without an account write on its own page", async () => {
    const browser = new CookieJar();
    await browser.fetch(`${site.url}/`);
    const sent = await post(browser, "/?index", quoteFields({ formKey: undefined }));
    expect(sent.status).toBe(302);
    const search = await (
      await browser.fetch(`${site.url}${sent.headers.get("location") ?? ""}`)
    ).text();
    const leadId = /action="\/requests\/([0-9a-f-]{36})\/pros"/.exec(search)?.[1] ?? "";
    expect(leadId).not.toBe("");
    const pro = await signedIn();
    const actor = { userId: pro.userId, clientAddress: "203.0.113.9", userAgent: "test" };
    const business = await createBusiness(site.db, actor, "Browser Roofing");
    const sender = { browserLeadId: leadId, clientAddress: "203.0.113.9", userAgent: "test" };
    await sendToPros(site.db, sender, leadId, [business.id], consentFor(business), delivery);
    await proStep(site.db, pro.userId, leadId, business.id, { event: "accept" });
    const [thread] = await site.db
      .select({ id: threads.id })
      .from(threads)
      .where(eq(threads.leadId, leadId));
    const path = `/requests/${leadId}/messages/${thread?.id ?? ""}`;

    const request = await page(browser, `/requests/${leadId}`);
    expect(request.html).toContain(`href="${path}"`);
    expect((await page(browser, path)).html).toContain("Browser Roofing · ");
    const posted = await post(browser, path, { intent: "message", body: "Can you come Monday?" });
    expect(posted.status).toBe(302);
    expect((await page(browser, path)).html).toContain("Can you come Monday?");
    // The pro reads it on their side; another browser finds nothing, nor can the pro post here.
    expect((await page(pro.jar, `/dashboard/messages/${thread?.id ?? ""}`)).html).toContain(
      "Can you come Monday?",
    );
    expect((await page(new CookieJar(), path)).status).toBe(404);
    // A signed-in participant is sent to their own page of the thread.
    const proHere = await pro.jar.fetch(`${site.url}${path}`, { redirect: "manual" });
    expect(proHere.headers.get("location")).toBe(`/dashboard/messages/${thread?.id ?? ""}`);
    expect((await post(pro.jar, path, { intent: "message", body: "Hijack" })).status).toBe(404);
  });
});
