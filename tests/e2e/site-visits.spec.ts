/**
 * Site visits (issue 34) in the browser, two people each with their own
 * accounts: a pro sets its visit hours, a homeowner whose request it accepted
 * books one of its free times, both see the visit (in the job's zone, with
 * the zone's name) on their schedules, the pro moves it (the invite's
 * SEQUENCE rises) and it is cancelled (its reminders go). Without
 * JavaScript: booking, cancelling, proposing times and picking one. Errors
 * beside their fields; axe on every page; the "Add to calendar" download.
 */
import { expect, test, type Locator, type Page } from "./fixtures";
import { accessibilityViolations, drawBelowFold, visit } from "./hydration";
import {
  accountEmail,
  acceptedPair,
  addressField,
  bookFirstTime,
  clockOf,
  dateOf,
  dayFromNow,
  invitesWhen,
  JOB_ZONE,
  loosely,
  openBooking,
  type OutboxJob,
  remindersOf,
  sequenceOf,
  timeList,
  zoneAbbreviation,
} from "./visits";

/** A time with its zone's name, as the visit's pages say it: "9:00 AM MST". */
const ZONED_TIME = /\d{1,2}:\d{2}\s[AP]M\s[A-Z]{2,4}/;

/** The visit page's time, in the summary. */
const shownTime = (page: Page) =>
  page
    .locator("dl")
    .filter({ has: page.getByText("State", { exact: true }) })
    .locator("dd")
    .nth(1);

/** The visit page's state, in the summary. */
const shownState = (page: Page) =>
  page
    .locator("dl")
    .filter({ has: page.getByText("State", { exact: true }) })
    .locator("dd")
    .first();

/** The pro's hours: Monday 09:00–12:00 and 13:00–17:00, visits of an hour. */
async function setMondayHours(pro: Page) {
  await pro.goto("/pro/visits");
  await expect(pro.getByRole("heading", { name: "Visit hours", level: 1 })).toBeVisible();
  const monday = pro.getByRole("group", { name: /^Monday/ });
  await monday.getByLabel("From", { exact: true }).nth(0).fill("09:00");
  await monday.getByLabel("To", { exact: true }).nth(0).fill("12:00");
  await monday.getByLabel("From", { exact: true }).nth(1).fill("13:00");
  await monday.getByLabel("To", { exact: true }).nth(1).fill("17:00");
  await pro.getByRole("combobox", { name: "Visit length" }).selectOption("60");
  await pro.getByRole("button", { name: "Save visit hours" }).click();
  await expect(pro.getByText("Your visit hours are saved.")).toBeVisible();
  await expect(monday.getByLabel("From", { exact: true }).nth(1)).toHaveValue("13:00");
  // Each time field shows its whole value ("01:00 PM", not "01:00 P"): as wide as its content.
  expect(await cutTimeFields(monday)).toEqual([]);
}

/** The time fields in `scope` narrower than what they show: each one's value and the shortfall. */
async function cutTimeFields(scope: Locator): Promise<string[]> {
  return scope.locator('input[type="time"]').evaluateAll((inputs) =>
    (inputs as HTMLInputElement[]).flatMap((input) => {
      const whole = input.cloneNode() as HTMLInputElement;
      whole.value = input.value;
      whole.style.width = "max-content";
      input.after(whole);
      const short = whole.getBoundingClientRect().width - input.getBoundingClientRect().width;
      whole.remove();
      return short > 0.5 ? [`${input.value}: ${short.toFixed(1)} px short`] : [];
    }),
  );
}

test("book, see on both schedules, move (SEQUENCE rises) and cancel (reminders go)", async ({
  browser,
}) => {
  test.slow();
  const pair = await acceptedPair(browser, "Mesa Visit");
  const { pro, homeowner, name } = pair;
  await setMondayHours(pro);
  const homeownerEmail = await accountEmail(homeowner);
  expect(homeownerEmail).toContain("@");

  // The booking page: the Monday hours, with the lunch break, in the job's zone.
  await openBooking(pair);
  const list = timeList(homeowner);
  await expect(list.getByText(/^Times are in Mountain Time \(M[SD]T\)\.$/)).toBeVisible();
  const monday = list.getByRole("group", { name: /^Monday/ }).last();
  await expect(monday.getByRole("radio", { name: /^11:00\sAM/ })).toHaveCount(1);
  await expect(monday.getByRole("radio", { name: /^1:00\sPM/ })).toHaveCount(1);
  await expect(monday.getByRole("radio", { name: /^12:00\sPM/ })).toHaveCount(0);
  await homeowner.screenshot({ path: "/tmp/visits-booking.png", fullPage: true });

  const booked = await bookFirstTime(homeowner, "2400 Baseline Rd, Boulder, CO 80302");
  const abbreviation = zoneAbbreviation(booked.start);
  await expect(homeowner.getByRole("heading", { name: `Site visit with ${name}` })).toBeVisible();
  await expect(shownState(homeowner)).toHaveText("Booked");
  await expect(shownTime(homeowner)).toContainText(ZONED_TIME);
  await expect(shownTime(homeowner)).toContainText(
    new RegExp(`${loosely(clockOf(booked.start))}\\s${abbreviation}`),
  );
  await expect(homeowner.getByText("2400 Baseline Rd, Boulder, CO 80302")).toBeVisible();
  // The footer is drawn as a visitor who scrolls sees it (content-visibility skips it otherwise).
  await drawBelowFold(homeowner);
  await homeowner.screenshot({ path: "/tmp/visits-visit.png", fullPage: true });

  // The homeowner's schedule: Upcoming has it.
  await homeowner.goto("/dashboard/schedule");
  const upcoming = homeowner.getByRole("region", { name: "Upcoming" });
  await expect(
    upcoming.getByRole("link", { name: `Open visit with ${name}: Roof Repair` }),
  ).toBeVisible();
  await expect(upcoming).toContainText(
    new RegExp(`${loosely(clockOf(booked.start))}\\s${abbreviation}`),
  );

  // The pro's week of that date has it, linking to the visit.
  await pro.goto(`/pro/schedule?view=week&date=${dateOf(booked.start)}`);
  await expect(pro.getByRole("heading", { name: `Schedule of ${name}`, level: 1 })).toBeVisible();
  const entry = pro
    .getByRole("listitem")
    .filter({ has: pro.locator(`a[href$="/visits/${booked.id}"]`) });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(new RegExp(`^${loosely(clockOf(booked.start))}`));
  await expect(entry).toContainText(abbreviation);

  // The pro moves it to another free time, with a reason.
  const toHomeowner = (jobs: OutboxJob[]) =>
    jobs.filter((job) => job.payload.to === homeownerEmail);
  // Each side gets one invite of the booking.
  const first = await invitesWhen(booked.id, (jobs) => jobs.length >= 2);
  expect(toHomeowner(first)).toHaveLength(1);
  const before = await remindersOf(booked.id);
  expect(before.length).toBeGreaterThan(0);
  await pro.goto(booked.url);
  // The list of new times is folded away until asked for; the visit's own time is not in it.
  await pro.getByText("Choose a new time").click();
  const newTime = pro.getByRole("group", { name: "New time" });
  const radios = newTime.getByRole("radio");
  const values = await radios.evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  );
  expect(values.map((value) => new Date(value).getTime())).not.toContain(
    new Date(booked.start).getTime(),
  );
  const moved = values[0];
  if (!moved) throw new Error("no other free time to move the visit to");
  await newTime.locator(`input[value="${moved}"]`).check();
  await pro.getByRole("textbox", { name: /Why move it\?/ }).fill("Crew change");
  await pro.getByRole("button", { name: "Move the visit" }).click();
  await expect(
    pro.getByText("The visit is moved. You both get an email with the new time."),
  ).toBeVisible();

  await homeowner.goto(booked.url);
  await expect(shownState(homeowner)).toHaveText("Moved");
  await expect(shownTime(homeowner)).toContainText(
    new RegExp(`${loosely(clockOf(moved))}\\s${zoneAbbreviation(moved)}`),
  );
  await expect(homeowner.getByText("Crew change")).toBeVisible();
  const afterMove = toHomeowner(
    await invitesWhen(booked.id, (jobs) => toHomeowner(jobs).length >= 2),
  );
  expect(afterMove).toHaveLength(2);
  const [firstInvite, newest] = [afterMove[0], afterMove.at(-1)];
  if (!firstInvite || !newest) throw new Error("no invites");
  expect(sequenceOf(newest)).toBeGreaterThan(sequenceOf(firstInvite));
  expect(newest.payload.calendar?.method).toBe("REQUEST");
  // The old time's reminders are gone; the new time's carry the new SEQUENCE.
  const reminders = await remindersOf(booked.id);
  const oldSequences = new Set(before.map((job) => job.payload.sequence));
  expect(reminders.length).toBeGreaterThan(0);
  for (const job of reminders) {
    expect(oldSequences.has(job.payload.sequence)).toBe(false);
    expect(job.payload.sequence).toBe(sequenceOf(newest));
  }

  // The homeowner cancels it, with a reason.
  await homeowner.getByRole("textbox", { name: /Why cancel it\?/ }).fill("Plans changed");
  await homeowner.getByRole("button", { name: "Cancel the visit" }).click();
  await expect(homeowner.getByText("The visit is cancelled. You both get an email.")).toBeVisible();
  await expect(shownState(homeowner)).toHaveText(/^Cancelled/);
  await expect(homeowner.getByText("Plans changed")).toBeVisible();
  await expect(homeowner.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  const cancelled = toHomeowner(
    await invitesWhen(booked.id, (jobs) => toHomeowner(jobs).length >= 3),
  ).at(-1);
  expect(cancelled?.payload.calendar?.method).toBe("CANCEL");
  expect(await remindersOf(booked.id)).toEqual([]);
  await pro.reload();
  await expect(shownState(pro)).toHaveText("Cancelled by the homeowner");
  await Promise.all([pro.context().close(), homeowner.context().close()]);
});

test("without JavaScript: book and cancel, then the pro proposes two times and one is picked", async ({
  browser,
}) => {
  test.slow();
  const pair = await acceptedPair(browser, "Eldora Visit", { javaScript: false });
  const { pro, homeowner, name } = pair;

  await openBooking(pair);
  const booked = await bookFirstTime(homeowner);
  await expect(shownState(homeowner)).toHaveText("Booked");
  await expect(shownTime(homeowner)).toContainText(ZONED_TIME);
  await homeowner.getByRole("textbox", { name: /Why cancel it\?/ }).fill("Found another date");
  await homeowner.getByRole("button", { name: "Cancel the visit" }).click();
  await expect(homeowner.getByText("The visit is cancelled. You both get an email.")).toBeVisible();
  await expect(shownState(homeowner)).toHaveText("Cancelled by the homeowner");

  // The pro proposes two times on its request page.
  await pro.goto(pair.requestUrl);
  const section = pro.getByRole("region", { name: "Site visit" });
  const form = section.getByRole("form", { name: "Propose times for a visit" });
  const [day1, day2] = [dayFromNow(3), dayFromNow(4)];
  await form.getByLabel("Day 1", { exact: true }).fill(day1);
  await form.getByLabel("Time 1", { exact: true }).fill("10:00");
  await form.getByLabel("Day 2", { exact: true }).fill(day2);
  await form.getByLabel("Time 2", { exact: true }).fill("14:00");
  await form.getByRole("button", { name: "Propose these times" }).click();
  await expect(section.getByText("Times proposed", { exact: true })).toBeVisible();
  await expect(section.getByRole("listitem")).toHaveCount(2);
  await expect(section.getByRole("listitem").first()).toContainText(/10:00\sAM\sM[SD]T/);

  // The homeowner picks one on the visit's page.
  await homeowner.goto(pair.projectUrl);
  await homeowner.getByRole("link", { name: "Times proposed: pick one" }).click();
  await expect(homeowner.getByRole("heading", { name: `Site visit with ${name}` })).toBeVisible();
  expect(homeowner.url()).not.toContain(booked.id);
  const times = homeowner.getByRole("group", { name: "Times the pro proposed" });
  await expect(times.getByRole("radio")).toHaveCount(2);
  await times.getByRole("radio", { name: /2:00\sPM/ }).check();
  await homeowner.getByRole("button", { name: "Book this time" }).click();
  await expect(
    homeowner.getByText("Your visit is booked. You both get an email with the time."),
  ).toBeVisible();
  await expect(shownState(homeowner)).toHaveText("Booked");
  await expect(shownTime(homeowner)).toContainText(/2:00\sPM\sM[SD]T/);
  await pro.goto(pair.requestUrl);
  await expect(section.getByText("Booked", { exact: true })).toBeVisible();
  await Promise.all([pro.context().close(), homeowner.context().close()]);
});

test("errors are said beside their fields: no time chosen, no reason to cancel", async ({
  browser,
}) => {
  test.slow();
  const pair = await acceptedPair(browser, "Aspen Visit");
  const { homeowner } = pair;
  await openBooking(pair);
  // The address given, but no time: the server says so beside the list.
  await addressField(homeowner).fill("88 Main St, Longmont, CO 80501");
  await homeowner.getByRole("button", { name: "Book this visit" }).click();
  const list = timeList(homeowner);
  await expect(list).toHaveAccessibleDescription("Choose a time for the visit.");
  await expect(addressField(homeowner)).toHaveValue("88 Main St, Longmont, CO 80501");
  await expect(list.getByText("Choose a time for the visit.")).toBeVisible();
  await expect(homeowner).toHaveURL(/\/visit\?business=/);

  const booked = await bookFirstTime(homeowner);
  const reason = homeowner.getByRole("textbox", { name: /Why cancel it\?/ });
  const cancel = homeowner.getByRole("button", { name: "Cancel the visit" });
  // Empty, the browser itself asks for it (the field is required)…
  await cancel.click();
  expect(
    await reason.evaluate((field) => (field as HTMLTextAreaElement).validity.valueMissing),
  ).toBe(true);
  // …and spaces only come back from the server, said beside the field; nothing changes.
  await reason.fill("   ");
  await cancel.click();
  await expect(reason).toHaveAccessibleDescription(/Please say why, in a few words\./);
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(shownState(homeowner)).toHaveText("Booked");
  await homeowner.goto(booked.url);
  await expect(shownState(homeowner)).toHaveText("Booked");
  const invites = await invitesWhen(booked.id, (jobs) => jobs.length >= 2);
  expect(invites.map((job) => job.payload.calendar?.method)).not.toContain("CANCEL");
  expect((await remindersOf(booked.id)).length).toBeGreaterThan(0);
  await Promise.all([pair.pro.context().close(), homeowner.context().close()]);
});

test("axe finds nothing on the visit pages, a refused form included", async ({ browser }) => {
  test.slow();
  const pair = await acceptedPair(browser, "Pine Visit");
  const { pro, homeowner, name } = pair;
  const axe = async (page: Page, path: string) => {
    await visit(page, path);
    expect(await accessibilityViolations(page), path).toEqual([]);
  };

  await axe(pro, "/pro/visits");
  await openBooking(pair);
  const bookingUrl = homeowner.url();
  await axe(homeowner, bookingUrl);
  // The booking refused without a time: the error beside the list.
  await addressField(homeowner).fill("12 Pine St");
  await homeowner.getByRole("button", { name: "Book this visit" }).click();
  await expect(timeList(homeowner)).toHaveAccessibleDescription("Choose a time for the visit.");
  expect(await accessibilityViolations(homeowner)).toEqual([]);

  await visit(homeowner, bookingUrl);
  const booked = await bookFirstTime(homeowner, "12 Pine St");
  await axe(homeowner, booked.url);
  await axe(pro, booked.url);
  const date = dateOf(booked.start);
  await axe(pro, `/pro/schedule?view=week&date=${date}`);
  await expect(pro.locator(`a[href$="/visits/${booked.id}"]`)).toHaveCount(1);
  await axe(pro, `/pro/schedule?view=day&date=${date}`);
  await expect(pro.locator(`a[href$="/visits/${booked.id}"]`)).toHaveCount(1);

  await axe(homeowner, "/dashboard/schedule");
  await expect(
    homeowner.getByRole("link", { name: `Open visit with ${name}: Roof Repair` }),
  ).toBeVisible();
  await homeowner.getByRole("button", { name: "Create my private calendar link" }).click();
  await expect(
    homeowner.getByRole("textbox", { name: "Your private calendar link" }),
  ).toBeVisible();
  await axe(homeowner, homeowner.url());
  await expect(
    homeowner.getByRole("textbox", { name: "Your private calendar link" }),
  ).toBeVisible();
  await Promise.all([pro.context().close(), homeowner.context().close()]);
});

test("Add to calendar answers text/calendar with the visit's UID", async ({ browser }) => {
  test.slow();
  const pair = await acceptedPair(browser, "Flagstaff Visit");
  const { homeowner } = pair;
  await openBooking(pair);
  const booked = await bookFirstTime(homeowner);
  const href = await homeowner.getByRole("link", { name: "Add to calendar" }).getAttribute("href");
  expect(href).toBe(`/visits/${booked.id}/calendar.ics`);
  const answer = await homeowner.context().request.get(new URL(href ?? "", homeowner.url()).href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^text\/calendar/);
  const body = await answer.text();
  expect(body).toContain("BEGIN:VEVENT");
  expect(body).toMatch(new RegExp(`^UID:${booked.id}@`, "m"));
  expect(body).toContain(`TZID=${JOB_ZONE}`);
  // Another person's browser gets the plain 404.
  const stranger = await browser.newContext();
  const theirs = await stranger.request.get(new URL(href ?? "", homeowner.url()).href, {
    maxRedirects: 0,
  });
  expect([302, 303, 404]).toContain(theirs.status());
  await stranger.close();
  await Promise.all([pair.pro.context().close(), homeowner.context().close()]);
});
