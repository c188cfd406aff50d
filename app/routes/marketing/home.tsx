import { data, redirect } from "react-router";
import { CallbackForm, CALLBACK_INTENT } from "~/features/leads/callback-form";
import { issueFormKey } from "~/features/leads/form-key.server";
import { handleLeadAction } from "~/features/leads/lead-action.server";
import { callbackSchema, quoteRequestSchema } from "~/features/leads/lead-schema";
import { QuoteForm, QUOTE_INTENT } from "~/features/leads/quote-form";
import { pageMeta } from "~/lib/meta";
import { siteUrl } from "~/lib/site-url.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  return { siteUrl: siteUrl(), formKey: issueFormKey(context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === QUOTE_INTENT) {
    return handleLeadAction({
      context,
      form,
      intent,
      source: "home",
      schema: quoteRequestSchema,
      // Spec §2: a quote request continues to /search with the service and ZIP.
      onSuccess: (lead) => {
        const query = new URLSearchParams();
        query.set("service", lead?.service ?? "");
        query.set("zip", lead?.postalCode ?? "");
        return redirect(`/search?${query.toString()}`);
      },
    });
  }
  if (intent === CALLBACK_INTENT) {
    return handleLeadAction({
      context,
      form,
      intent,
      source: "callback",
      schema: callbackSchema,
      onSuccess: (_lead, formKey) => data({ form: CALLBACK_INTENT, ok: true, formKey }),
    });
  }
  throw data("This form is not one we know.", { status: 400 });
}

// An action's status headers (Retry-After) reach the page response.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${BRAND.name}: Find Trusted Local Contractors in the USA and Canada`,
    description:
      "Compare local roofers, plumbers, electricians, landscapers, painters and builders. Tell us about your project and get free quotes from vetted contractors.",
    siteUrl: loaderData.siteUrl,
    path: "/",
  });

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-4xl gap-16 px-4 py-12 sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight text-navy-900">
        Find Expert Contractors
      </h1>
      <section
        id="quote"
        aria-labelledby="quote-title"
        className="scroll-mt-6 rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="quote-title" className="mb-6 text-2xl font-bold text-navy-900">
          Get Your Quote
        </h2>
        <QuoteForm formKey={loaderData.formKey} result={actionData} action="/?index" />
      </section>
      <section
        aria-labelledby="callback-title"
        className="rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="callback-title" className="mb-6 text-2xl font-bold text-navy-900">
          Schedule a Call
        </h2>
        <CallbackForm formKey={loaderData.formKey} result={actionData} action="/?index" />
      </section>
    </div>
  );
}
