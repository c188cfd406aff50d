/**
 * What the pro's request page does on the server (the route keeps only the
 * loader's composition): which of the pro's businesses the page is for, and
 * the pro's actions on the request, one intent each (accept, decline with a
 * reason, save a quote, propose times for a site visit).
 */
import { msg } from "@lingui/core/macro";
import { data, redirect, type RouterContextProvider } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { deliveryOf, notFound, orNotFound, step } from "~/features/marketplace/answers.server";
import { chosenBusiness } from "~/features/marketplace/inbox.server";
import { proStep } from "~/features/marketplace/pro-steps.server";
import { quoteSchemaIn, saveQuote } from "~/features/marketplace/quotes.server";
import { getDb } from "~/lib/app-context.server";
import { announceBusinesses } from "~/features/fresh-pages/index.server";
import {
  dispatchIntent,
  failureOf,
  parseSubmission,
  type FormFailure,
  type FormValues,
} from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { z } from "zod";
import { DECLINE_REASONS } from "../../../database/enums";
import { answerProposeVisit } from "./propose-visit.server";

/** The business the page is for (`?business=`), one of the pro's own; else the 404. */
export async function businessOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
  userId: string,
) {
  const url = new URL(request.url);
  const locale = localeOf(context);
  const owned = await orNotFound(chosenBusiness(getDb(context), userId, url), locale);
  if (!owned) notFound(locale);
  return owned.business;
}

/** The pro's actions on a request, one branch each (the quote's fields are checked by its own schema). */
function proIntents(locale: Locale) {
  return z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("accept") }),
      z.object({
        intent: z.literal("decline"),
        reason: z.enum(DECLINE_REASONS, {
          error: () => translate(locale, msg`Choose why you are declining.`),
        }),
      }),
      z.object({ intent: z.literal("quote") }),
      z.object({ intent: z.literal("propose_visit") }),
    ],
    { error: () => translate(locale, msg`Please choose what to do with this request.`) },
  );
}

/** The pro's form on request `leadId`: back to the page, or the refusal beside its fields. */
export async function answerProRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  leadId: string,
) {
  const locale = localeOf(context);
  const user = signedInUser(context);
  const business = await businessOf(request, context, user.id);
  const db = getDb(context);
  const back = localizePath(`/pro/requests/${leadId}?business=${business.id}`, locale);
  const refuse = (failure: FormFailure) => data(failure, { status: 400 });
  const answer = async (event: Parameters<typeof proStep>[4], values: FormValues) => {
    const done = await step(
      () => proStep(db, user.id, leadId, business.id, event, deliveryOf(context)),
      values,
      locale,
    );
    if (typeof done !== "string") return done;
    // Its answer rate and time show on its cards and rank it (decision 041).
    await announceBusinesses(context, [business.id]);
    return redirect(back);
  };
  return dispatchIntent<ReturnType<typeof proIntents>, Awaited<ReturnType<typeof answer>>>(
    proIntents(locale),
    await request.formData(),
    {
      accept: (_, values) => answer({ event: "accept" }, values),
      decline: ({ reason }, values) => answer({ event: "decline", reason }, values),
      quote: async (_, values) => {
        const quote = parseSubmission(quoteSchemaIn(locale), values);
        if (quote.status === "error") return refuse(failureOf(quote));
        const done = await step(
          () => saveQuote(db, user.id, leadId, business.id, quote.value, deliveryOf(context)),
          values,
          locale,
        );
        return done ?? redirect(`${back}&quoted=1`);
      },
      propose_visit: (_, values) =>
        answerProposeVisit(context, user.id, leadId, business.id, values, back),
    },
    // No intent the page offers: a sentence for the form; a field: beside it.
    (failure) =>
      refuse(
        failure.fieldErrors.intent
          ? { ok: false, formError: failure.fieldErrors.intent }
          : failureOf(failure),
      ),
  );
}
