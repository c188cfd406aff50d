/**
 * The action side of a lead form: takes the lead through submitLead (the one
 * way in) and answers each outcome the way a person expects. Errors come back
 * with what they typed; a success is answered only after the lead is
 * committed. A refusal answers with the action's data alone: React Router
 * does not run the page's loaders again after a 4xx or 5xx action answer
 * (no route here overrides shouldRevalidate), and a no-JavaScript post
 * renders the page with the message beside the form. Messages are in the
 * language of the page the form was sent from.
 */
import { msg, plural } from "@lingui/core/macro";
import { data, type RouterContextProvider } from "react-router";
import { getUser } from "~/features/auth/index.server";
import { getRequestInfo, getServices } from "~/lib/app-context.server";
import { i18nFor, translate } from "~/lib/i18n.server";
import { localeOfRequest } from "~/lib/locale-path";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locales";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { readCookie } from "~/lib/cookies.server";
import { FORM_KEY_COOKIE, formKeyCookie } from "./form-key.server";
import type { FormAnswer, FormFailure } from "~/lib/forms";
import { echoFormValues, submitLead, type LeadContext, type LeadForm } from "./leads.server";
import type { LeadRow } from "./lead-row";

/** A lead form's answer (the forms' one contract, app/lib/forms.ts); `form` is its intent. */
export type LeadActionData = FormAnswer;

const UNAVAILABLE = msg`We couldn't save your request just now. Please try again in a minute: everything you typed is still here.`;

/** A post without a valid form key (no cookie, or one we did not sign). */
const SEND_AGAIN = msg`Please check your details and send the form again.`;

/** The messages in English (tests; the answers are in the request's language). */
export const UNAVAILABLE_MESSAGE = translate(DEFAULT_LOCALE, UNAVAILABLE);
export const SEND_AGAIN_MESSAGE = translate(DEFAULT_LOCALE, SEND_AGAIN);

/** How long to wait before sending again, in a language: seconds under 90, minutes after. */
export function rateLimitMessage(retryAfterS: number, locale: Locale): string {
  const i18n = i18nFor(locale);
  const seconds = retryAfterS;
  const minutes = Math.ceil(retryAfterS / 60);
  const wait =
    retryAfterS < 90
      ? i18n._(
          msg`Please try again in ${plural(seconds, { one: "# second", other: "# seconds" })}.`,
        )
      : i18n._(
          msg`Please try again in ${plural(minutes, { one: "# minute", other: "# minutes" })}.`,
        );
  return `${i18n._(msg`You've sent several requests in a short time.`)} ${wait}`;
}

export interface LeadActionOptions<T> {
  request: Request;
  context: Readonly<RouterContextProvider>;
  form: FormData;
  intent: string;
  leadForm: LeadForm<T>;
  lead?: LeadContext;
  /** The answer to a success (or to a submission ignored as spam, with no lead). */
  onSuccess: (
    lead: LeadRow | null,
  ) =>
    | Response
    | ReturnType<typeof data<LeadActionData>>
    | Promise<Response | ReturnType<typeof data<LeadActionData>>>;
}

/**
 * The lead's context, with the signed-in person's account for a form whose
 * request is theirs at once (LeadForm.signedInOwns): it is on My Projects
 * from the first form, not held by the browser's cookie alone.
 */
async function withSignedIn<T>(options: LeadActionOptions<T>): Promise<LeadContext | undefined> {
  if (!options.leadForm.signedInOwns || options.lead?.userId) return options.lead;
  const user = await getUser(options.request, options.context);
  return user ? { ...options.lead, userId: user.id } : options.lead;
}

export async function handleLeadAction<T>(options: LeadActionOptions<T>) {
  const services = getServices(options.context);
  const { clientAddress } = getRequestInfo(options.context);
  const { source } = options.leadForm;
  const locale = localeOfRequest(options.request);
  const fail = (
    status: number,
    payload: Omit<FormFailure, "form" | "ok">,
    headers?: Record<string, string>,
  ) =>
    data<FormFailure>(
      { form: options.intent, ok: false, ...payload },
      { status, headers: { ...NO_STORE_HEADERS, ...headers } },
    );

  let outcome: Awaited<ReturnType<typeof submitLead>>;
  try {
    outcome = await submitLead({
      services,
      clientAddress,
      userAgent: options.request.headers.get("User-Agent") ?? "",
      leadForm: options.leadForm,
      form: options.form,
      formKey: readCookie(options.request, FORM_KEY_COOKIE),
      context: await withSignedIn(options),
      locale,
    });
  } catch (error) {
    services.logger.error({ err: error, source }, "lead could not be saved");
    return fail(
      503,
      { formError: translate(locale, UNAVAILABLE), values: echoFormValues(options.form) },
      { "Retry-After": "60" },
    );
  }

  /**
   * A refusal's form key keeps the time the form was first served, so the
   * corrected form is not timed again (form-key.server.ts). The edge renews
   * the key on every answer before the app's headers are added; a browser
   * keeps the last Set-Cookie of a name, so this one stands.
   */
  const keepServedAt = (servedAt: number | undefined): Record<string, string> =>
    servedAt === undefined
      ? {}
      : {
          "Set-Cookie": formKeyCookie(
            services.secret,
            services.env.SITE_URL.startsWith("https://"),
            servedAt,
          ),
        };

  switch (outcome.status) {
    case "invalid":
      return fail(
        400,
        { errors: outcome.errors, values: outcome.values },
        keepServedAt(outcome.servedAt),
      );
    case "send_again":
      return fail(
        400,
        {
          errors: outcome.errors,
          values: outcome.values,
          formError: translate(locale, SEND_AGAIN),
        },
        keepServedAt(outcome.servedAt),
      );
    case "rate_limited":
      return fail(
        429,
        {
          formError: rateLimitMessage(outcome.retryAfterS, locale),
          values: outcome.values,
        },
        { "Retry-After": outcome.retryAfterS.toString(), ...keepServedAt(outcome.servedAt) },
      );
    case "ignored":
      return options.onSuccess(null);
    default:
      return options.onSuccess(outcome.lead);
  }
}
