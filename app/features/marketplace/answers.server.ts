/**
 * How the marketplace's routes answer its errors: another person's id (or
 * one that does not exist) is a plain 404 page with no hint; a step the
 * state table refuses (409) or a choice the person can fix (400) comes back
 * to the form with the sentence, beside what they typed.
 */
import { msg } from "@lingui/core/macro";
import { data, type RouterContextProvider } from "react-router";
import { emailJobStatus, mailSettings } from "~/features/leads/index.server";
import { getRequestInfo, getServices } from "~/lib/app-context.server";
import { announceBusinessesOn } from "~/features/fresh-pages/index.server";
import type { FormFailure } from "~/lib/forms";
import { translate } from "~/lib/i18n.server";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { BadChoice, NotFound, type Actor, type Delivery } from "./requests.server";
import { IllegalStep } from "./states";

/** The 404 every unknown or foreign id answers, in the page's language. */
export function notFound(locale: Locale = DEFAULT_LOCALE): never {
  throw data(translate(locale, msg`We couldn't find the page you were looking for.`), {
    status: 404,
  });
}

/** Runs a read or a step; NotFound becomes the 404 page (in the page's language). */
export async function orNotFound<T>(work: Promise<T>, locale: Locale = DEFAULT_LOCALE): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFound) notFound(locale);
    throw error;
  }
}

/**
 * Runs a step; a refused one answers its status and sentence for the form,
 * in the page's language (`locale`), with what was typed (`values`).
 * NotFound is the 404 page.
 */
export async function step<T>(
  work: () => Promise<T>,
  values?: Record<string, string>,
  locale: Locale = DEFAULT_LOCALE,
): Promise<T | ReturnType<typeof data<FormFailure>>> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFound) notFound(locale);
    if (error instanceof IllegalStep || error instanceof BadChoice) {
      return data<FormFailure>(
        { ok: false, formError: translate(locale, error.sentence), values },
        { status: error.status, headers: NO_STORE_HEADERS },
      );
    }
    throw error;
  }
}

/** Who is taking the step, with what proves their consent (address, browser). */
export function actorOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
  userId: string,
): Actor {
  return {
    userId,
    clientAddress: getRequestInfo(context).clientAddress,
    userAgent: request.headers.get("User-Agent") ?? "",
  };
}

/** How this installation's emails go (composed now, "held" without SMTP). */
export function deliveryOf(context: Readonly<RouterContextProvider>): Delivery {
  const services = getServices(context);
  return {
    mail: mailSettings(services),
    emailStatus: emailJobStatus(services),
    stale: (businessIds) =>
      announceBusinessesOn(services.database.db, services.messageBus, services.logger, businessIds),
    visitQuietMs: services.env.VISIT_EMAIL_QUIET_S * 1000,
    ...(services.now ? { now: services.now } : {}),
  };
}

/** A read that may find nothing the person may see: null instead of NotFound. */
export async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}
