/**
 * A demo contractor's business (local sign-in mode): a profile the demo
 * account owns, with sample requests in its inbox at each step (new,
 * accepted, quoted) and a message from each homeowner it accepted, so the
 * pro side works with no set-up. Like every demo
 * account it belongs to one browser (decision 017): the business is offered
 * to nobody else (serving-pros.server.ts) and listed nowhere public, so no
 * visitor's request ever reaches it. The sample homeowners are invented,
 * with reserved addresses and 555-01xx numbers; nothing is ever sent to them
 * (written straight to the tables, never to the outbox). Their keys carry
 * SAMPLE_PROJECT_KEY_PREFIX and the account id: the operator's lists leave
 * them out, and housekeeping deletes them with the account. The accepted
 * sample request has a site visit booked for a few days ahead (issue 34), on
 * the business's schedule and in its calendar feed.
 */
import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { DemoRole } from "~/features/auth/index.server";
import { findCity, zoneOfPlace } from "~/features/places/index.server";
import { SAMPLE_PROJECT_KEY_PREFIX } from "~/lib/demo-data";
import type { Database } from "~/lib/db.server";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import {
  contractors,
  leads,
  messages,
  quotes,
  requestPros,
  threads,
  users,
  visits,
  type ProState,
} from "../../../database/schema";
import { answerDeadline } from "./answer-window";
import { PRO_CONSENT_VERSION, proConsentText } from "./requests.server";

const DAY_MS = 24 * 60 * 60 * 1000;
const BUSINESS_NAME = "Morgan Roofing & Gutters";

interface SampleRequest {
  key: string;
  name: string;
  phone: string;
  service: string;
  postalCode: string;
  details: string;
  state: ProState;
  hoursAgo: number;
  /** How long the pro took to answer (accept or decline); null while unanswered. */
  answeredAfterMinutes: number | null;
  /** What the homeowner wrote in the conversation the accept opened (unread by the pro). */
  message?: string;
  /** A visit the homeowner booked: days ahead, at the hour in the city's zone, at this address. */
  visit?: { inDays: number; hour: number; address: string };
}

const SAMPLE_REQUESTS: readonly SampleRequest[] = [
  {
    key: "pro-hail",
    name: "Sam Okafor",
    phone: "+13035550141",
    service: "roof-repair",
    postalCode: "80205",
    details: "Hail last week: a few shingles gone on the north side and a drip in the attic.",
    state: "sent",
    hoursAgo: 3,
    answeredAfterMinutes: null,
  },
  {
    key: "pro-gutters",
    name: "Priya Shah",
    phone: "+13035550142",
    service: "gutter-installation",
    postalCode: "80210",
    details: "Seamless aluminium gutters for a ranch house, about 140 feet, two downspouts.",
    state: "accepted",
    hoursAgo: 30,
    answeredAfterMinutes: 95,
    message:
      "Thanks for taking this on! The side gate is unlocked if you want to measure while we're at work.",
    visit: { inDays: 3, hour: 10, address: "456 Example Ave, Denver, CO 80210" },
  },
  {
    key: "pro-inspection",
    name: "Dana Whitfield",
    phone: "+13035550143",
    service: "roof-inspection",
    postalCode: "80218",
    details: "We are buying a 1960s bungalow and want the roof checked before closing.",
    state: "quoted",
    hoursAgo: 75,
    answeredAfterMinutes: 250,
    message: "Could the inspection happen before Friday? We close on the house next week.",
  },
];

/**
 * The demo account's business and its sample requests, in the account's
 * transaction. The business reads its emails in the account's language; the
 * sample homeowners wrote in English (their requests' labels follow the page).
 */
export async function seedDemoBusiness(
  db: Database,
  owner: { id: string; email: string; locale?: Locale },
  now = new Date(),
): Promise<string> {
  // Its own words in the account's language, as a business would write them (issue 23).
  const locale = owner.locale ?? DEFAULT_LOCALE;
  const [business] = await db
    .insert(contractors)
    .values({
      slug: `demo-${owner.id}`,
      name: BUSINESS_NAME,
      description: translate(
        locale,
        msg`Roof repairs, replacements and seamless gutters across the Denver metro area. (A demo business: only you can see it.)`,
      ),
      rating: 0,
      reviewCount: 0,
      features: [
        translate(locale, msg`Free estimates`),
        translate(locale, msg`Storm damage repair`),
      ],
      phone: "+13035550140",
      email: owner.email,
      address: "Denver, CO",
      gallery: [],
      categories: ["roofing"],
      citySlugs: ["denver-co"],
      isSample: false,
      demoOnly: true,
      ownerId: owner.id,
      locale,
      yearsInBusiness: 12,
      licenceNumber: "RC-0000000",
      licenceRegion: "CO",
      basePlace: "denver-co",
      serviceRadius: 30,
      hours: "Mon–Fri 7am–6pm",
      showPhone: false,
      showEmail: false,
      showAddress: false,
    })
    .returning({ id: contractors.id });
  if (!business) throw new Error("the demo business was not created");
  for (const sample of SAMPLE_REQUESTS) {
    const sentAt = new Date(now.getTime() - sample.hoursAgo * 3600_000);
    const [lead] = await db
      .insert(leads)
      .values({
        idempotencyKey: `${SAMPLE_PROJECT_KEY_PREFIX}${owner.id}:${sample.key}`,
        createdAt: sentAt,
        source: "dashboard",
        name: sample.name,
        email: `${sample.name.split(" ")[0]?.toLowerCase() ?? "homeowner"}@example.com`,
        phone: sample.phone,
        service: sample.service,
        citySlug: "denver-co",
        postalCode: sample.postalCode,
        country: "US",
        details: sample.details,
        preferredContact: null,
        consentText: proConsentText([BUSINESS_NAME]),
        consentAt: sentAt,
        status: "sent",
      })
      .returning({ id: leads.id });
    if (!lead) continue;
    // Answered some time after it came in, as a pro would: the figures on /pro
    // (time to respond) read these times.
    const answeredAt =
      sample.answeredAfterMinutes === null
        ? null
        : new Date(sentAt.getTime() + sample.answeredAfterMinutes * 60_000);
    // Quoted an hour after accepting.
    const quotedAt = answeredAt && new Date(answeredAt.getTime() + 3600_000);
    await db.insert(requestPros).values({
      leadId: lead.id,
      contractorId: business.id,
      state: sample.state,
      consentText: proConsentText([BUSINESS_NAME]),
      consentVersion: PRO_CONSENT_VERSION,
      consentAt: sentAt,
      // The window shows on the page; a demo account goes before any deadline job would matter.
      answerBy: answerDeadline(sentAt),
      clientAddress: "sample",
      userAgent: "sample data",
      viewedAt: answeredAt,
      acceptedAt: sample.state === "declined" ? null : answeredAt,
      respondedAt: answeredAt,
      updatedAt: (sample.state === "quoted" ? quotedAt : answeredAt) ?? sentAt,
    });
    // The accept opened a conversation; the homeowner wrote first (the pro has not read it).
    if (answeredAt && sample.message) {
      const wroteAt = new Date(answeredAt.getTime() + 20 * 60_000);
      const [thread] = await db
        .insert(threads)
        .values({
          leadId: lead.id,
          contractorId: business.id,
          createdAt: answeredAt,
          lastMessageAt: wroteAt,
        })
        .returning({ id: threads.id });
      if (thread) {
        await db.insert(messages).values({
          threadId: thread.id,
          side: "homeowner",
          authorId: null,
          body: sample.message,
          createdAt: wroteAt,
        });
      }
    }
    if (sample.visit && answeredAt) {
      await seedVisit(db, lead.id, business.id, sample.visit, answeredAt, now);
    }
    if (sample.state === "quoted" && quotedAt) {
      const day = (days: number) =>
        new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
      await db.insert(quotes).values({
        leadId: lead.id,
        contractorId: business.id,
        currency: "USD",
        minCents: 35_000,
        maxCents: 35_000,
        included: "A full inspection with photos and a written report the same day.",
        startFrom: day(2),
        startTo: day(5),
        validUntil: day(28),
        message: "Happy to walk through the report with you on site.",
        createdAt: quotedAt,
        updatedAt: quotedAt,
      });
    }
  }
  return business.id;
}

const VISIT_MINUTES = 60;

/** A visit the sample homeowner booked, at the hour in the Denver sample's zone. */
async function seedVisit(
  db: Database,
  leadId: string,
  contractorId: string,
  visit: NonNullable<SampleRequest["visit"]>,
  bookedAt: Date,
  now: Date,
): Promise<void> {
  const city = await findCity("denver-co");
  const timeZone = city ? zoneOfPlace(city) : "America/Denver";
  const start = Temporal.Instant.fromEpochMilliseconds(now.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .add({ days: visit.inDays })
    .toZonedDateTime({ timeZone, plainTime: new Temporal.PlainTime(visit.hour) });
  const startsAt = new Date(start.epochMilliseconds);
  const endsAt = new Date(startsAt.getTime() + VISIT_MINUTES * 60_000);
  await db.insert(visits).values({
    leadId,
    contractorId,
    state: "booked",
    startsAt,
    endsAt,
    blockedUntil: endsAt,
    timeZone,
    address: visit.address,
    createdBy: "homeowner",
    createdAt: bookedAt,
    updatedAt: bookedAt,
  });
}

/** Whether the person owns a business already (a demo homeowner turning pro gets one). */
export async function ownsBusiness(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contractors.id })
    .from(contractors)
    .where(eq(contractors.ownerId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * The contractor the sign-in page's "Sign in as a demo contractor" creates:
 * a business of its own with sample requests in its inbox (visible to this
 * browser alone). A returning demo homeowner signing in as one gets the
 * business too.
 */
export const DEMO_CONTRACTOR: DemoRole = {
  kind: "contractor",
  name: "Casey Morgan",
  async seed(db, account, now) {
    await seedDemoBusiness(db, account, now);
  },
  async addTo(db, accountId, locale) {
    if (await ownsBusiness(db, accountId)) return;
    const [account] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, accountId));
    if (account) await seedDemoBusiness(db, { id: accountId, email: account.email, locale });
  },
};
