/**
 * The action side of a lead form: takes the lead through submitLead (the one
 * way in) and answers each outcome the way a person expects. Errors come back
 * with what they typed; a success is answered only after the lead is
 * committed. A refusal answers with the action's data alone: React Router
 * does not run the page's loaders again after a 4xx or 5xx action answer
 * (no route here overrides shouldRevalidate), and a no-JavaScript post
 * renders the page with the message beside the form.
 */
import { data, type RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "~/lib/app-context.server";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { readCookie } from "~/lib/cookies.server";
import { FORM_KEY_COOKIE } from "./form-key.server";
import type { FieldErrors } from "./lead-schema";
import { echoFormValues, submitLead, type LeadContext, type LeadForm } from "./leads.server";
import type { LeadRow } from "./messages.server";

export interface LeadActionData {
  /** Which form on the page answered (its intent). */
  form: string;
  ok: boolean;
  errors?: FieldErrors;
  values?: Record<string, string>;
  formError?: string;
}

export const UNAVAILABLE_MESSAGE =
  "We couldn't save your request just now. Please try again in a minute: everything you typed is still here.";

/** A post without a valid form key (no cookie, or one we did not sign). */
export const SEND_AGAIN_MESSAGE = "Please check your details and send the form again.";

export function rateLimitMessage(retryAfterS: number): string {
  const minutes = Math.ceil(retryAfterS / 60);
  const wait =
    retryAfterS < 90 ? `${retryAfterS.toString()} seconds` : `${minutes.toString()} minutes`;
  return `You've sent several requests in a short time. Please try again in ${wait}.`;
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

export async function handleLeadAction<T>(options: LeadActionOptions<T>) {
  const services = getServices(options.context);
  const { clientAddress } = getRequestInfo(options.context);
  const { source } = options.leadForm;
  const fail = (
    status: number,
    payload: Omit<LeadActionData, "form" | "ok">,
    headers?: Record<string, string>,
  ) =>
    data<LeadActionData>(
      { form: options.intent, ok: false, ...payload },
      { status, headers: { ...NO_STORE_HEADERS, ...headers } },
    );

  let outcome: Awaited<ReturnType<typeof submitLead>>;
  try {
    outcome = await submitLead({
      services,
      clientAddress,
      leadForm: options.leadForm,
      form: options.form,
      formKey: readCookie(options.request, FORM_KEY_COOKIE),
      context: options.lead,
    });
  } catch (error) {
    services.logger.error({ err: error, source }, "lead could not be saved");
    return fail(
      503,
      { formError: UNAVAILABLE_MESSAGE, values: echoFormValues(options.form) },
      { "Retry-After": "60" },
    );
  }

  switch (outcome.status) {
    case "invalid":
      return fail(400, { errors: outcome.errors, values: outcome.values });
    case "send_again":
      return fail(400, {
        errors: outcome.errors,
        values: outcome.values,
        formError: SEND_AGAIN_MESSAGE,
      });
    case "rate_limited":
      return fail(
        429,
        { formError: rateLimitMessage(outcome.retryAfterS), values: outcome.values },
        { "Retry-After": outcome.retryAfterS.toString() },
      );
    case "ignored":
      return options.onSuccess(null);
    default:
      return options.onSuccess(outcome.lead);
  }
}
