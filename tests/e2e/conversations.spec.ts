/**
 * A conversation in two browsers: the homeowner and the pro each on the
 * thread's page, a message posted by one appears on the other's open page
 * without a reload (the page's event stream); without JavaScript a message
 * is still sent and shown after sending, its time in the request's zone
 * whatever the browser's own; axe finds nothing on the page, with
 * a form's refusal shown too. It runs a server of its own on PostgreSQL
 * (TEST_DATABASE_URL). (The app's server modules use Vite's
 * import.meta.glob, which Playwright's loader does not have: the people
 * sign in with the site's demo button and the rows are written here.)
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { contractors, leads, requestPros, threads } from "../../database/schema";
import { expect, test, type Page } from "./fixtures";
import { fillHomeQuote } from "./home-quote";
import { accessibilityViolations } from "./hydration";
import { siteForTheseTests, type Person } from "./postgres-spec";

const BUSINESS = "Summit Ridge Roofing";
const site = siteForTheseTests("The conversations'");
const { at, signIn } = site;

/** The pro's business (a real one, owned by them). */
async function businessOf(pro: Person): Promise<string> {
  const contractorId = randomUUID();
  await site.db.insert(contractors).values({
    id: contractorId,
    slug: `summit-ridge-${contractorId}`,
    name: BUSINESS,
    description: "Roof repair and replacement.",
    rating: 0,
    reviewCount: 0,
    features: [],
    phone: "+13035550147",
    email: `office-${contractorId}@example.com`,
    address: "1200 Larimer St, Denver, CO",
    gallery: [],
    categories: ["roofing"],
    citySlugs: ["denver-co"],
    isSample: false,
    ownerId: pro.userId,
  });
  return contractorId;
}

/** The homeowner's request, the pro's business, and their thread (as the pro's accept opens it). */
async function threadBetween(homeowner: Person, pro: Person): Promise<string> {
  const contractorId = await businessOf(pro);
  const [lead] = await site.db
    .insert(leads)
    .values({
      source: "dashboard",
      name: "Jordan Rivera",
      email: "jordan@example.com",
      phone: "+13035550100",
      service: "roof-repair",
      citySlug: "denver-co",
      postalCode: "80202",
      country: "US",
      details: "Shingles blew off in the storm.",
      // Messages only: the pro sees the email and phone once the homeowner shares them.
      preferredContact: "messages",
      consentText: "I agree…",
      consentAt: new Date(),
      userId: homeowner.userId,
      status: "sent",
      idempotencyKey: randomUUID(),
    })
    .returning({ id: leads.id });
  if (!lead) throw new Error("no request");
  // The business accepted the request: that is what opens a thread.
  await site.db.insert(requestPros).values({
    leadId: lead.id,
    contractorId,
    state: "accepted",
    consentText: "I agree…",
    consentVersion: "test",
    consentAt: new Date(),
    clientAddress: "203.0.113.9",
    userAgent: "test",
    acceptedAt: new Date(),
    respondedAt: new Date(),
  });
  const [thread] = await site.db
    .insert(threads)
    .values({ leadId: lead.id, contractorId })
    .returning({ id: threads.id });
  if (!thread) throw new Error("no thread");
  return `/dashboard/messages/${thread.id}`;
}

/** Opens the thread and waits until its page listens for new messages. */
async function openLive(page: Page, path: string) {
  await page.goto(at(path));
  await page.waitForSelector("html[data-hydrated]");
  await expect(page.locator('[data-live="open"]')).toBeAttached({ timeout: 15_000 });
}

const messages = (page: Page) => page.getByRole("list", { name: "Messages" });

test("a message posted by one appears on the other's open page without a reload", async ({
  browser,
}) => {
  test.slow();
  const homeowner = await signIn(browser);
  const pro = await signIn(browser);
  const path = await threadBetween(homeowner, pro);
  // The homeowner's browser keeps Tokyo time: the page still says Denver's, as the server
  // wrote it, on the first render, on hydration and for the message that arrives live.
  const cdp = await homeowner.page.context().newCDPSession(homeowner.page);
  await cdp.send("Emulation.setTimezoneOverride", { timezoneId: "Asia/Tokyo" });
  const hydrationErrors: string[] = [];
  homeowner.page.on("console", (message) => {
    if (message.type() === "error" && /hydrat/i.test(message.text())) {
      hydrationErrors.push(message.text());
    }
  });
  await openLive(homeowner.page, path);
  await openLive(pro.page, path);
  await expect(
    homeowner.page.getByRole("heading", { name: `${BUSINESS} · Roof Repair` }),
  ).toBeVisible();
  await expect(pro.page.getByRole("heading", { name: "Jordan · Roof Repair" })).toBeVisible();
  // Marks each window: a reload or a navigation would lose it.
  for (const page of [homeowner.page, pro.page]) {
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
  }

  const box = pro.page.getByRole("textbox", { name: "Your message" });
  const hello = "Hello Jordan, we can inspect on Tuesday.";
  await expect(pro.page.getByText("0 of 5,000 characters.")).toBeVisible();
  await box.fill(hello);
  // The live count, once the page runs JavaScript.
  await expect(pro.page.getByText(`${String(hello.length)} of 5,000 characters.`)).toBeVisible();
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  await pro.page
    .getByLabel("Add photos")
    .setInputFiles({ name: "flashing.png", mimeType: "image/png", buffer: png });
  await pro.page.getByRole("button", { name: "Send", exact: true }).click();
  // The sender sees it, and the form starts empty again.
  await expect(messages(pro.page).getByText(hello)).toBeVisible();
  await expect(box).toHaveValue("");

  // The homeowner's open page shows it, announced, without a reload.
  await expect(messages(homeowner.page).getByText(hello)).toBeVisible({ timeout: 15_000 });
  await expect(
    homeowner.page.getByRole("img", { name: `Photo sent by ${BUSINESS}` }),
  ).toBeVisible();
  await expect(
    homeowner.page.getByRole("status").filter({ hasText: "New message from" }),
  ).toHaveText(new RegExp(`^New message from ${BUSINESS}, .* M[SD]T\\.$`));
  // In the request's zone (Denver's) with its name, never UTC's or the browser's own.
  await expect(messages(homeowner.page).locator("time").last()).toHaveText(/ M[SD]T$/);
  expect(await homeowner.page.evaluate(() => new Date().getTimezoneOffset())).toBe(-540);

  await homeowner.page.getByRole("textbox", { name: "Your message" }).fill("Tuesday works for me.");
  await homeowner.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(pro.page).getByText("Tuesday works for me.")).toBeVisible({
    timeout: 15_000,
  });
  await expect(pro.page.getByRole("status").filter({ hasText: "New message from" })).toHaveText(
    /^New message from Jordan, /,
  );
  for (const page of [homeowner.page, pro.page]) {
    expect(await page.evaluate(() => "stillHere" in window)).toBe(true);
  }

  // The homeowner shares their contact: the pro sees it once their page reads the thread again.
  await homeowner.page
    .getByRole("button", { name: `Share my email and phone with ${BUSINESS}` })
    .click();
  await expect(homeowner.page.getByText(/You shared your email and phone with/)).toBeVisible();
  await expect(pro.page.getByText("Shared when the homeowner chooses to.")).toBeVisible();
  await pro.page.reload();
  await expect(pro.page.getByRole("link", { name: "jordan@example.com" })).toBeVisible();

  expect(await accessibilityViolations(homeowner.page)).toEqual([]);
  expect(await accessibilityViolations(pro.page)).toEqual([]);
  expect(hydrationErrors).toEqual([]);
  for (const person of [homeowner, pro]) await person.page.context().close();
});

test("without JavaScript a message is sent and shown after sending, and a refusal keeps the text", async ({
  browser,
}) => {
  test.slow();
  const homeowner = await signIn(browser, false);
  const pro = await signIn(browser, false);
  const path = await threadBetween(homeowner, pro);
  await homeowner.page.goto(at(path));
  await homeowner.page.getByRole("textbox", { name: "Your message" }).fill("Sent without scripts.");
  await homeowner.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(homeowner.page).toHaveURL(new RegExp(`${path}#message-\\d+$`));
  await expect(messages(homeowner.page).getByText("Sent without scripts.")).toBeVisible();

  await pro.page.goto(at(path));
  await expect(messages(pro.page).getByText("Sent without scripts.")).toBeVisible();
  const tooLong = "x".repeat(5001);
  await pro.page.getByRole("textbox", { name: "Your message" }).fill(tooLong);
  await pro.page.getByRole("button", { name: "Send", exact: true }).click();
  const box = pro.page.getByRole("textbox", { name: "Your message" });
  await expect(box).toHaveAccessibleDescription(/Keep your message to 5,000 characters or fewer/);
  await expect(box).toHaveValue(tooLong);

  // Reporting works as a plain form too.
  await pro.page
    .locator("summary")
    .filter({ hasText: /^Report/ })
    .click();
  await pro.page
    .getByRole("textbox", { name: "What is wrong with this message?" })
    .fill("Testing the report form.");
  await pro.page.getByRole("button", { name: "Send report" }).click();
  await expect(pro.page.getByText("You reported this message.")).toBeVisible();
  for (const person of [homeowner, pro]) await person.page.context().close();
});

test("axe finds nothing on the thread page, with a refusal beside a field", async ({ browser }) => {
  test.slow();
  const homeowner = await signIn(browser);
  const pro = await signIn(browser);
  const path = await threadBetween(homeowner, pro);
  await openLive(pro.page, path);
  expect(await accessibilityViolations(pro.page)).toEqual([]);
  await pro.page.getByRole("textbox", { name: "Your message" }).fill("Can we look at the attic?");
  await pro.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(pro.page).getByText("Can we look at the attic?")).toBeVisible();

  await openLive(homeowner.page, path);
  // Nothing written: refused beside the field.
  await homeowner.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(homeowner.page.getByText("Write a message or add a photo.")).toBeVisible();
  // A report without a reason: refused beside its field, its form open.
  await homeowner.page
    .locator("summary")
    .filter({ hasText: /^Report/ })
    .click();
  await homeowner.page.getByRole("button", { name: "Send report" }).click();
  await expect(
    homeowner.page.getByText("Say briefly what is wrong with this message."),
  ).toBeVisible();
  expect(await accessibilityViolations(homeowner.page)).toEqual([]);
  for (const person of [homeowner, pro]) await person.page.context().close();
});

test("a homeowner without an account writes from their request's page", async ({ browser }) => {
  test.slow();
  const pro = await signIn(browser);
  const page = await (await browser.newContext()).newPage();
  await page.goto(at("/"));
  const form = await fillHomeQuote(page, { name: "Robin Guest", zip: "80202" });
  await form.getByRole("button", { name: "Get Your Quote" }).click();
  await expect(page).toHaveURL(/\/search\?/);
  const action = await page.locator('form[action^="/requests/"]').first().getAttribute("action");
  const leadId = /\/requests\/([0-9a-f-]{36})\/pros/.exec(action ?? "")?.[1] ?? "";
  expect(leadId).not.toBe("");
  // The pro's business accepted it: their thread (rows, as the accept writes them).
  const contractorId = await businessOf(pro);
  await site.db.insert(threads).values({ leadId, contractorId });

  await page.goto(at(`/requests/${leadId}`));
  await page.getByRole("link", { name: `Open the conversation with ${BUSINESS}` }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${leadId}/messages/`));
  await expect(page.getByRole("heading", { name: new RegExp(`^${BUSINESS} · `) })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole("textbox", { name: "Your message" }).fill("Is Monday morning good?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages(page).getByText("Is Monday morning good?")).toBeVisible();
  await page.context().close();
  await pro.page.context().close();
});
