/**
 * A visit as one of its two sides sees it (issue 34): the homeowner of the
 * visit's request or the owner of its business; NotFound for anyone else.
 * Times are ISO (the page formats them in the job's zone); what this side
 * may do now follows the state table and the visit's time.
 */
import { msg } from "@lingui/core/macro";
import { and, eq, gt } from "drizzle-orm";
import { z } from "zod";
import { checkIds, NotFound, shortName, what } from "~/features/marketplace/index.server";
import type { Database } from "~/lib/db.server";
import { i18nFor, translate } from "~/lib/i18n.server";
import type { Locale } from "~/lib/locales";
import { hasControlCharacters, singleLine } from "~/lib/plain-text";
import { CONTROL_CHARACTERS_MESSAGE } from "~/lib/text-check-messages";
import {
  contractors,
  leads,
  requestPros,
  visitOptions,
  visits,
  type ProState,
  type VisitCause,
  type VisitSide,
  type VisitState,
} from "../../../database/schema";
import { visitSettingsOf } from "./settings.server";
import { canStepVisit, holdsTime, sideMayTake, type VisitEvent } from "./states.server";
import { ADDRESS_MAX, ADDRESS_NEEDED } from "./visit-labels";
import { MAX_REASON_LENGTH } from "./visits.server";

/** What this side may do with the visit now. */
export interface VisitActions {
  pick: boolean;
  reschedule: boolean;
  cancel: boolean;
  done: boolean;
  noShow: boolean;
}

export interface VisitView {
  id: string;
  leadId: string;
  contractorId: string;
  citySlug: string | null;
  side: VisitSide;
  state: VisitState;
  startsAt: string | null;
  endsAt: string | null;
  /** The job's zone: every time is shown in it. */
  timeZone: string;
  /** The pro's own zone (its settings'), to show its time too when it differs; null for the homeowner. */
  viewerZone: string | null;
  /** The other side: the business's name, or the homeowner's short name ("Jordan L."). */
  other: string;
  /** "Roof Repair in Denver, CO 80202", in the page's language. */
  project: string;
  address: string | null;
  /** The proposed times still to come, while proposed. */
  options: string[];
  /** The reason given with the last move or the cancellation. */
  reason: string | null;
  /** Why the site cancelled it, when no one did themselves. */
  cause: VisitCause | null;
  /** Whether the visit takes time in calendars (booked or moved): "Add to calendar". */
  holdsTime: boolean;
  actions: VisitActions;
}

/** A pro's parts with which it still sees the visit's address. */
const TAKEN_ON: readonly ProState[] = ["accepted", "quoted", "hired"];

const may = (side: VisitSide, state: VisitState, event: VisitEvent): boolean =>
  canStepVisit(state, event) && sideMayTake(side, event);

/** What `side` may do with a visit in `state` at `now` (starts: its start, if it has one). */
export function visitActions(
  side: VisitSide,
  state: VisitState,
  startsAt: Date | null,
  now: Date,
  hasOptions: boolean,
): VisitActions {
  const started = startsAt !== null && startsAt <= now;
  return {
    pick: may(side, state, "pick") && hasOptions,
    reschedule: may(side, state, "reschedule") && startsAt !== null && !started,
    cancel: may(side, state, side === "homeowner" ? "cancel_by_homeowner" : "cancel_by_pro"),
    done: may(side, state, "complete") && started,
    noShow: may(side, state, side === "homeowner" ? "no_show_pro" : "no_show_homeowner") && started,
  };
}

/** The visit as the person sees it, or NotFound (an unknown id, or not one of its two sides). */
export async function visitFor(
  db: Database,
  userId: string,
  visitId: string,
  options: { locale?: Locale; now?: Date } = {},
): Promise<VisitView> {
  checkIds(visitId);
  const locale = options.locale ?? "en";
  const now = options.now ?? new Date();
  const [row] = await db
    .select({
      id: visits.id,
      leadId: visits.leadId,
      contractorId: visits.contractorId,
      state: visits.state,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      timeZone: visits.timeZone,
      address: visits.address,
      reason: visits.reason,
      cause: visits.cause,
      homeownerId: leads.userId,
      requestName: leads.name,
      requestStatus: leads.status,
      service: leads.service,
      citySlug: leads.citySlug,
      postalCode: leads.postalCode,
      ownerId: contractors.ownerId,
      business: contractors.name,
      part: requestPros.state,
    })
    .from(visits)
    .innerJoin(leads, eq(leads.id, visits.leadId))
    .innerJoin(contractors, eq(contractors.id, visits.contractorId))
    .innerJoin(
      requestPros,
      and(eq(requestPros.leadId, visits.leadId), eq(requestPros.contractorId, visits.contractorId)),
    )
    .where(eq(visits.id, visitId));
  if (!row) throw new NotFound();
  const side: VisitSide | null =
    row.homeownerId === userId ? "homeowner" : row.ownerId === userId ? "pro" : null;
  if (!side) throw new NotFound();
  const proposed =
    row.state === "proposed"
      ? await db
          .select({ startsAt: visitOptions.startsAt })
          .from(visitOptions)
          .where(and(eq(visitOptions.visitId, row.id), gt(visitOptions.startsAt, now)))
          .orderBy(visitOptions.startsAt)
      : [];
  const proSeesAddress = TAKEN_ON.includes(row.part) && row.requestStatus !== "cancelled";
  const request = {
    id: row.leadId,
    name: row.requestName,
    service: row.service,
    citySlug: row.citySlug,
    postalCode: row.postalCode,
  };
  return {
    id: row.id,
    leadId: row.leadId,
    contractorId: row.contractorId,
    citySlug: row.citySlug,
    side,
    state: row.state,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    timeZone: row.timeZone,
    viewerZone: side === "pro" ? (await visitSettingsOf(db, row.contractorId)).timeZone : null,
    other: side === "homeowner" ? singleLine(row.business) : shortName(row.requestName),
    project: what(request, i18nFor(locale), locale),
    address: side === "homeowner" || proSeesAddress ? row.address : null,
    options: proposed.map((option) => option.startsAt.toISOString()),
    reason: row.reason,
    cause: row.cause,
    holdsTime: holdsTime(row.state),
    actions: visitActions(side, row.state, row.startsAt, now, proposed.length > 0),
  };
}

/** The visit page's forms, one branch per intent (fields as typed; checked by `visitFormErrors`). */
export const visitIntents = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("pick"),
    start: z.string().optional(),
    address: z.string().optional(),
  }),
  z.object({
    intent: z.literal("reschedule"),
    slot: z.string().optional(),
    reason: z.string().optional(),
  }),
  z.object({ intent: z.literal("cancel"), reason: z.string().optional() }),
  z.object({ intent: z.literal("done") }),
  z.object({ intent: z.literal("no_show") }),
]);
export type VisitIntent = z.output<typeof visitIntents>;

/** Which of the page's forms an intent belongs to (marking done and no-show share one). */
export const formOfIntent = (intent: VisitIntent["intent"]): string =>
  intent === "done" || intent === "no_show" ? "mark" : intent;

/** A time from the list (an ISO instant), or null. */
export function instantOf(value: string | undefined): Date | null {
  const date = new Date(value ?? "");
  return value && !Number.isNaN(date.getTime()) ? date : null;
}

/** What is wrong with a form's fields before the step is tried, by field, in the page's language. */
export function visitFormErrors(value: VisitIntent, locale: Locale): Record<string, string> {
  const errors: Record<string, string> = {};
  const time = (field: string, input: string | undefined) => {
    if (!instantOf(input)) errors[field] = translate(locale, msg`Choose a time for the visit.`);
  };
  const reason = (input: string | undefined) => {
    if (!input?.trim() || input.length > MAX_REASON_LENGTH) {
      errors.reason = translate(locale, msg`Please say why, in a few words.`);
    } else if (hasControlCharacters(input, { multiLine: true })) {
      errors.reason = translate(locale, CONTROL_CHARACTERS_MESSAGE);
    }
  };
  if (value.intent === "pick") {
    time("start", value.start);
    const address = value.address ?? "";
    if (!address.trim()) {
      errors.address = translate(locale, ADDRESS_NEEDED);
    } else if (address.length > ADDRESS_MAX) {
      const most = ADDRESS_MAX;
      errors.address = translate(locale, msg`Keep the address under ${most} characters.`);
    } else if (hasControlCharacters(address)) {
      errors.address = translate(locale, CONTROL_CHARACTERS_MESSAGE);
    }
  }
  if (value.intent === "reschedule") {
    time("slot", value.slot);
    reason(value.reason);
  }
  if (value.intent === "cancel") reason(value.reason);
  return errors;
}
