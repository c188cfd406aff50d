/**
 * Test data for business profiles and claims: a profile form filled in as a
 * person would, and the one-time code of a claim read back from where it
 * went (the outbox job, or, for browser tests, the running server's
 * operator endpoint).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import type { ProfileFormValues } from "~/features/contractors/profile-values";
import type { EmailMessage } from "~/lib/mail/email";
import type { Database } from "~/lib/db.server";
import { contractors, outboxJobs } from "../../database/schema";
import { E2E_DATA_DIR } from "./operator";

/** A complete, valid profile form (a Denver roofer); override any field. */
export function profileValues(overrides: ProfileFormValues = {}): ProfileFormValues {
  return {
    name: "Peak Line Roofing",
    categories: ["roofing"],
    services: ["roof-repair", "gutter-installation"],
    places: "Denver, CO\nAurora, CO",
    basePlace: "",
    radius: "",
    licenceNumber: "",
    licenceRegion: "",
    insuranceCarrier: "Acme Mutual",
    description: "Roof repairs within a week; gutters too.",
    yearsInBusiness: "12",
    hours: "Mon–Fri 7am–6pm",
    phone: "(303) 555-0147",
    email: "office@peakline.example",
    address: "1200 Larimer St, Denver, CO 80202",
    showPhone: "on",
    showEmail: "on",
    ...overrides,
  };
}

/** The six digits in a claim email's text. */
export function codeInText(text: string): string {
  const code = /^(\d{6})$/m.exec(text)?.[1];
  if (!code) throw new Error(`no code in the email:\n${text}`);
  return code;
}

/** The newest claim email queued for this address, as the outbox holds it. */
export async function claimEmailTo(db: Database, to: string) {
  const [job] = await db
    .select()
    .from(outboxJobs)
    .where(
      and(eq(outboxJobs.kind, "claim_code_email"), sql`${outboxJobs.payload} ->> 'to' = ${to}`),
    )
    .orderBy(desc(outboxJobs.id))
    .limit(1);
  if (!job) throw new Error(`no claim email to ${to}`);
  return { job, message: job.payload as EmailMessage };
}

/** The code of the newest claim email to this address. */
export async function claimCodeSentTo(db: Database, to: string): Promise<string> {
  return codeInText((await claimEmailTo(db, to)).message.text);
}

export async function businessBySlug(db: Database, slug: string) {
  const [row] = await db.select().from(contractors).where(eq(contractors.slug, slug));
  return row;
}

/** The operator endpoint's path for queued claim emails (server/operator/operator-api.ts). */
export const OPERATOR_CLAIM_EMAILS_PATH = "/_operator/outbox?kind=claim_code_email";

/**
 * Browser tests: the code of the newest claim email to this address, read
 * from the running server (the embedded database is that process's alone),
 * through the operator endpoint, as tests/support/operator.ts reads leads.
 */
export async function storedClaimCode(to: string, dataDir = E2E_DATA_DIR): Promise<string> {
  const runtime = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8")) as {
    url: string;
    token: string;
  };
  const response = await fetch(`${runtime.url}${OPERATOR_CLAIM_EMAILS_PATH}`, {
    headers: { authorization: `Bearer ${runtime.token}` },
  });
  if (!response.ok) throw new Error(`operator endpoint answered ${response.status.toString()}`);
  const jobs = (await response.json()) as { payload: EmailMessage }[];
  const newest = jobs.find((job) => job.payload.to === to);
  if (!newest) throw new Error(`no claim email to ${to}`);
  return codeInText(newest.payload.text);
}
