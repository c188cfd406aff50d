/**
 * Helpers for the site visits' browser tests (issue 34): a roofer in Longmont
 * (a city no other spec's pros serve: the choose-pros step offers six, and a
 * full run makes dozens of roofers in Boulder)
 * that accepted a homeowner's request, the booking of a visit, times as the
 * job's zone shows them, and the outbox's jobs read through the operator
 * endpoint (the emails are held without SMTP, stored composed with their
 * invites).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { E2E_DATA_DIR } from "../support/operator";
import { expect, type Page } from "./fixtures";
import { joinAsRoofer } from "./people";
import { acceptNewest, sendRoofRepair } from "./send-and-accept";

/** Longmont's zone: the job's zone of every request these tests send. */
export const JOB_ZONE = "America/Denver";

/** A pro of its own and a homeowner whose roof repair it accepted. */
export interface Pair {
  name: string;
  pro: Page;
  homeowner: Page;
  /** The homeowner's project page, without its query. */
  projectUrl: string;
  /** The pro's page of the request. */
  requestUrl: string;
}

/** A new roofer and a homeowner whose request it accepted, both with or without JavaScript. */
export async function acceptedPair(
  browser: Browser,
  label: string,
  { javaScript = true }: { javaScript?: boolean } = {},
): Promise<Pair> {
  const name = `${label} Roofing ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const pro = await joinAsRoofer(browser, name, { javaScript, city: "Longmont, CO" });
  const homeowner = await sendRoofRepair(browser, name, { javaScript, postalCode: "80501" });
  const projectUrl = homeowner.url().replace(/\?.*$/, "");
  const requestUrl = await acceptNewest(pro);
  return { name, pro, homeowner, projectUrl, requestUrl };
}

/** The booking page of the pair's pro, from the project page's "Book a visit" link. */
export async function openBooking(pair: Pair): Promise<void> {
  const { homeowner, projectUrl, name } = pair;
  await homeowner.goto(projectUrl);
  await homeowner.getByRole("link", { name: `Book a visit with ${name}` }).click();
  await expect(
    homeowner.getByRole("heading", { name: `Book a visit with ${name}`, level: 1 }),
  ).toBeVisible();
}

/** The booking form's list of free times. */
export const timeList = (page: Page) => page.getByRole("group", { name: "Time of the visit" });

/** A booked visit: its id, its page and its start (ISO). */
export interface Booked {
  id: string;
  url: string;
  start: string;
}

/** The booking's (or a pick's) field for the street address of the work. */
export const addressField = (page: Page) =>
  page.getByRole("textbox", { name: "Address of the work" });

/** Books the first free time on the open booking page, at `address` (the form asks for one). */
export async function bookFirstTime(
  page: Page,
  address = "350 Kimbark St, Longmont, CO 80501",
): Promise<Booked> {
  const first = timeList(page).getByRole("radio").first();
  const start = (await first.getAttribute("value")) ?? "";
  await first.check();
  await addressField(page).fill(address);
  await page.getByRole("button", { name: "Book this visit" }).click();
  await expect(page).toHaveURL(/\/visits\/[0-9a-f-]{36}\?done=booked$/);
  await expect(
    page.getByText("Your visit is booked. You both get an email with the time."),
  ).toBeVisible();
  const url = page.url().replace(/\?.*$/, "");
  const id = url.split("/").pop() ?? "";
  return { id, url, start };
}

/** Escapes `text` for a RegExp, any space matching any space (Intl puts U+202F before AM). */
export function loosely(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s");
}

/** "9:00 AM" in the job's zone. */
export function clockOf(iso: string, timeZone = JOB_ZONE): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** "MST" / "MDT": the zone's short name at that instant. */
export function zoneAbbreviation(iso: string, timeZone = JOB_ZONE): string {
  return (
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(new Date(iso))
      .find((part) => part.type === "timeZoneName")?.value ?? ""
  );
}

/** The local date (YYYY-MM-DD) of an instant in the zone, as ?date= takes it. */
export function dateOf(iso: string, timeZone = JOB_ZONE): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));
}

/** The day `days` from now in the zone, YYYY-MM-DD. */
export function dayFromNow(days: number, timeZone = JOB_ZONE): string {
  return dateOf(new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString(), timeZone);
}

/** One outbox job as the operator endpoint lists it. */
export interface OutboxJob {
  id: number;
  kind: string;
  status: string;
  payload: {
    to?: string;
    subject?: string;
    text?: string;
    calendar?: { method: string; content: string };
    visitId?: string;
    sequence?: number;
    side?: string;
    hours?: number;
  };
}

/** The newest outbox jobs of a kind (at most 100, newest first), from the running test server. */
export async function outboxJobs(kind: string): Promise<OutboxJob[]> {
  const runtime = JSON.parse(readFileSync(path.join(E2E_DATA_DIR, "server.json"), "utf8")) as {
    url: string;
    token: string;
  };
  const response = await fetch(`${runtime.url}/_operator/outbox?kind=${kind}`, {
    headers: { authorization: `Bearer ${runtime.token}` },
  });
  if (!response.ok) throw new Error(`operator outbox answered ${response.status.toString()}`);
  return (await response.json()) as OutboxJob[];
}

/** The visit emails carrying this visit's invite, oldest first. */
export async function invitesOf(visitId: string): Promise<OutboxJob[]> {
  const jobs = await outboxJobs("visit_email");
  return jobs
    .filter((job) => job.payload.calendar?.content.includes(`UID:${visitId}@`))
    .sort((a, b) => a.id - b.id);
}

/**
 * The visit's invites once `select` finds what a step should have sent: a
 * visit's emails are written by the outbox's next pass after the step (the
 * tests' quiet period is 0), so they are waited for, not read at once.
 */
export async function invitesWhen(
  visitId: string,
  select: (jobs: OutboxJob[]) => boolean,
): Promise<OutboxJob[]> {
  let jobs: OutboxJob[] = [];
  await expect
    .poll(async () => {
      jobs = await invitesOf(visitId);
      return select(jobs);
    })
    .toBe(true);
  return jobs;
}

/** The invite's SEQUENCE. */
export function sequenceOf(job: OutboxJob): number {
  const found = /SEQUENCE:(\d+)/.exec(job.payload.calendar?.content ?? "");
  if (!found?.[1]) throw new Error(`no SEQUENCE in job ${job.id.toString()}`);
  return Number(found[1]);
}

/** This visit's reminder jobs still waiting (pending or held). */
export async function remindersOf(visitId: string): Promise<OutboxJob[]> {
  const jobs = await outboxJobs("visit_reminder_email");
  return jobs.filter(
    (job) => job.payload.visitId === visitId && (job.status === "pending" || job.status === "held"),
  );
}

/** The address the signed-in person's emails go to (their email settings say it). */
export async function accountEmail(page: Page): Promise<string> {
  await page.goto("/dashboard/emails");
  const line = await page.getByText(/^Emails we send to /).textContent();
  return (line ?? "").replace(/^Emails we send to /, "").trim();
}
