/**
 * The homeowner's choice of pros, as a page shows it: step one lists the
 * pros serving the request (none ticked, unless the request started on that
 * pro's own listing); step two (`?review=1` with the ticked `pro`s) shows the
 * consent line naming each. The dashboard's page and the page for a request
 * sent without signing in share it.
 */
import { msg, plural } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import { eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Database } from "~/lib/db.server";
import { i18nFor } from "~/lib/i18n.server";
import { localeOfPath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { contractors, leads, requestPros, type LeadStatus } from "../../../database/schema";
import { formValues } from "~/lib/forms";
import { answerLineIn } from "./answer-words";
import { distanceLineIn } from "./distance-shown";
import { SAMPLE_LISTINGS } from "./sample-listings";
import { prosServing, type OfferedPro } from "./serving-pros.server";
import { holdsPlace } from "./answer-window";
import { MAX_PROS_PER_REQUEST } from "./limits";
import {
  checkIds,
  NotFound,
  ownedBy,
  proConsentText,
  sendToPros,
  type Delivery,
  type Owner,
  type Sender,
} from "./requests.server";

export interface ChoiceLead {
  id: string;
  status: LeadStatus;
  title: string | null;
  service: string | null;
  citySlug: string | null;
  postalCode: string | null;
  contractorId: string | null;
}

export interface Choice {
  lead: { id: string; title: string | null; status: LeadStatus };
  already: string[];
  offers: OfferedPro[];
  left: number;
  ticked: string[];
  review: boolean;
  problem: string | null;
  consentText: string | null;
  /** The sample listings' group, in words: its heading and what they are (issue 43). */
  samples: { title: string; note: string };
}

export const choiceColumns = {
  id: leads.id,
  status: leads.status,
  title: leads.title,
  service: leads.service,
  citySlug: leads.citySlug,
  postalCode: leads.postalCode,
  contractorId: leads.contractorId,
};

/** The request with what the choice needs, for its owner only; NotFound otherwise. */
export async function requestForChoice(
  db: Database,
  owner: Owner,
  leadId: string,
): Promise<ChoiceLead> {
  checkIds(leadId);
  const [lead] = await db.select(choiceColumns).from(leads).where(ownedBy(leadId, owner));
  if (!lead) throw new NotFound();
  return lead;
}

/** Whether pros can still be added: a draft, or a sent request with room left. */
export function isChoosing(lead: Pick<ChoiceLead, "status">): boolean {
  return lead.status === "draft" || lead.status === "sent";
}

/**
 * The choice as the page at `url` shows it, in that page's language (its
 * sentences, and the consent text the person reads and agrees to).
 */
export async function choiceFor(
  db: Database,
  lead: ChoiceLead,
  viewerId: string | null,
  url: URL,
): Promise<Choice> {
  const locale = localeOfPath(url.pathname);
  const i18n = i18nFor(locale);
  const already = await db
    .select({
      id: requestPros.contractorId,
      name: contractors.name,
      state: requestPros.state,
      suspended: sql<boolean>`${contractors.suspendedAt} is not null`,
    })
    .from(requestPros)
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(eq(requestPros.leadId, lead.id));
  const sentTo = new Set(already.map((part) => part.id));
  const offers = (await prosServing(db, lead, viewerId))
    .filter((pro) => !sentTo.has(pro.id))
    .map(({ answers, distance, ...pro }) => ({
      ...pro,
      answerLine: answerLineIn(i18n, answers),
      distanceLine: distanceLineIn(i18n, distance),
    }));
  // A suspended business, a decline, no answer in time or a removal no longer
  // holds a place (sendToPros counts the same way).
  const left =
    MAX_PROS_PER_REQUEST -
    already.filter((part) => !part.suspended && holdsPlace(part.state)).length;
  const asked = url.searchParams.getAll("pro");
  // A request started on a pro's own listing comes with that pro ticked (they pressed it).
  const ticked =
    asked.length > 0 || already.length > 0 || !lead.contractorId ? asked : [lead.contractorId];
  const chosen = offers.filter((pro) => ticked.includes(pro.id));
  const reviewing = url.searchParams.has("review");
  const review = reviewing && chosen.length > 0 && chosen.length <= left;
  const problem = !reviewing
    ? null
    : chosen.length === 0
      ? i18n._(msg`Tick at least one pro to send your request to.`)
      : chosen.length > left
        ? tooMany(i18n, chosen.length, left)
        : null;
  return {
    lead: { id: lead.id, title: lead.title, status: lead.status },
    already: already.map(({ name, suspended, state }) =>
      suspended
        ? i18n._(msg`${name} (no longer available)`)
        : state === "no_answer"
          ? i18n._(msg`${name} (did not answer in time)`)
          : state === "removed"
            ? i18n._(msg`${name} (removed)`)
            : name,
    ),
    offers,
    left,
    ticked: chosen.map((pro) => pro.id),
    review,
    problem,
    consentText: review
      ? proConsentText(
          chosen.map((pro) => pro.name),
          locale,
        )
      : null,
    samples: {
      title: i18n._(SAMPLE_LISTINGS.title),
      note: i18n._(SAMPLE_LISTINGS.note),
    },
  };
}

/**
 * The refusal of more ticks than places left (`left`: what remains once the
 * pros already sent to are counted), shown beside the list it is about.
 */
function tooMany(i18n: I18n, count: number, left: number): string {
  return i18n._(
    msg`You ticked ${plural(count, { one: "# pro", other: "# pros" })}; choose at most ${left}.`,
  );
}

export const CONSENT_MISSING = msg`Please tick this box to agree before we send your request.`;

/**
 * The send step's form: the ticked pros, the consent box and the text it
 * showed, in the page's language (`locale`: the text must be the one these
 * names make in it, and is stored as the person read it). Null when sent;
 * else the answer for the form.
 */
export async function sendChoice(
  db: Database,
  sender: Sender,
  leadId: string,
  form: FormData,
  delivery: Delivery,
  locale: Locale,
) {
  const pros = form.getAll("pro").filter((value) => typeof value === "string");
  if (form.get("consent") !== "on") {
    const consent = i18nFor(locale)._(CONSENT_MISSING);
    return data(
      { ok: false as const, errors: { consent }, values: formValues(form) },
      { status: 400, headers: NO_STORE_HEADERS },
    );
  }
  const agreed = form.get("consentText");
  const text = typeof agreed === "string" ? agreed : "";
  await sendToPros(db, sender, leadId, pros, text, delivery, locale);
  return null;
}
