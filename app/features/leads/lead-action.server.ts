/**
 * The action side of a lead form: answers each outcome of submitLead the way
 * a person expects. Errors come back with what they typed; a success is
 * answered only after the lead is committed.
 */
import { data, type RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "~/lib/app-context.server";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import type { LeadSource } from "../../../database/schema";
import { readCookie } from "~/features/auth/cookies.server";
import { FORM_KEY_COOKIE } from "./form-key.server";
import type { FieldErrors, LeadFormSchema } from "./lead-schema";
import { echoFormValues, submitLead, type SubmitInput } from "./leads.server";
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

export function rateLimitMessage(retryAfterS: number): string {
  const minutes = Math.ceil(retryAfterS / 60);
  const wait =
    retryAfterS < 90 ? `${retryAfterS.toString()} seconds` : `${minutes.toString()} minutes`;
  return `You've sent several requests in a short time. Please try again in ${wait}.`;
}

export interface LeadActionOptions {
  request: Request;
  context: Readonly<RouterContextProvider>;
  form: FormData;
  intent: string;
  source: LeadSource;
  schema: LeadFormSchema;
  extra?: SubmitInput["extra"];
  /** The answer to a success (or to a submission ignored as spam, with no lead). */
  onSuccess: (lead: LeadRow | null) => Response | ReturnType<typeof data<LeadActionData>>;
}

export async function handleLeadAction(options: LeadActionOptions) {
  const services = getServices(options.context);
  const { clientAddress } = getRequestInfo(options.context);
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
      source: options.source,
      schema: options.schema,
      form: options.form,
      formKey: readCookie(options.request, FORM_KEY_COOKIE),
      extra: options.extra,
    });
  } catch (error) {
    services.logger.error({ err: error, source: options.source }, "lead could not be saved");
    return fail(
      503,
      { formError: UNAVAILABLE_MESSAGE, values: echoFormValues(options.form) },
      { "Retry-After": "60" },
    );
  }

  switch (outcome.status) {
    case "invalid":
      return fail(400, { errors: outcome.errors, values: outcome.values });
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
