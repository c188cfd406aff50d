import { ChevronDown } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { imagePreload } from "~/components/ui/picture";
import { BeforeAfterIsland } from "~/features/home/before-after";
import { CategoryGrid } from "~/features/home/category-grid";
import { HeroIsland } from "~/features/home/hero";
import { HowItWorks } from "~/features/home/how-it-works";
import { ServiceGallery } from "~/features/home/gallery";
import { WhyChooseUs } from "~/features/home/why-choose-us";
import { CALLBACK_INTENT, CallbackFormIsland } from "~/features/leads/callback-form";
import { handleLeadAction } from "~/features/leads/lead-action.server";
import { rememberRequest } from "~/features/marketplace/browser-request.server";
import { getServices } from "~/lib/app-context.server";
import { CALLBACK_LEAD, QUOTE_LEAD } from "~/features/leads/lead-forms.server";
import { QUOTE_INTENT, QuoteFormIsland } from "~/features/leads/quote-form";
import { JsonLd } from "~/features/seo/json-ld";
import { organization } from "~/features/seo/structured-data";
import { ISLANDS_PAGE } from "~/lib/island";
import { pageMeta } from "~/lib/meta";
import { NO_STORE_HEADERS, PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/page-headers";
import { siteUrl } from "~/lib/site-url.server";
import { BRAND } from "~/site";
import { refuseKnownBlockedPosts } from "~/features/leads/blocked-post.server";
import type { Route } from "./+types/home";

export function loader() {
  return data({ siteUrl: siteUrl() }, { headers: PUBLIC_PAGE_CACHE });
}

/** A post from a client already refused in this window is answered before the page renders. */
export const middleware: Route.MiddlewareFunction[] = [refuseKnownBlockedPosts];

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === QUOTE_INTENT) {
    return handleLeadAction({
      request,
      context,
      form,
      intent,
      leadForm: QUOTE_LEAD,
      // Spec §2: a quote request continues to /search with the service and ZIP,
      // where this browser (its cookie names the request) chooses the pros.
      onSuccess: async (lead) => {
        const query = new URLSearchParams();
        query.set("service", lead?.service ?? "");
        query.set("zip", lead?.postalCode ?? "");
        const headers = lead
          ? { "Set-Cookie": await rememberRequest(getServices(context), lead.id) }
          : undefined;
        return redirect(`/search?${query.toString()}`, { headers });
      },
    });
  }
  if (intent === CALLBACK_INTENT) {
    return handleLeadAction({
      request,
      context,
      form,
      intent,
      leadForm: CALLBACK_LEAD,
      onSuccess: () => data({ form: CALLBACK_INTENT, ok: true }, { headers: NO_STORE_HEADERS }),
    });
  }
  throw data("This form is not one we know.", { status: 400 });
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: `${BRAND.name}: Find Trusted Local Contractors in the USA and Canada`,
    description:
      "Compare local roofers, plumbers, electricians, landscapers, painters and builders. Tell us about your project and get free quotes from vetted contractors.",
    siteUrl: loaderData.siteUrl,
    path: "/",
  }),
  imagePreload("hero/hero-1", "100vw"),
];

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const callbackAnswered = actionData?.form === CALLBACK_INTENT;
  return (
    <>
      <HeroIsland />

      <div className="mx-auto grid max-w-7xl gap-20 px-4 py-16 sm:px-6">
        <section
          aria-labelledby="transform-title"
          className="grid items-center gap-8 lg:grid-cols-[1fr_1.4fr]"
        >
          <div className="grid gap-4">
            <h2
              id="transform-title"
              className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
            >
              See what a good contractor can do
            </h2>
            <p className="text-lg leading-relaxed text-muted">
              A dated kitchen, rebuilt by a local crew we matched with the homeowner. Drag the
              handle, or use the arrow keys, to compare before and after.
            </p>
          </div>
          <BeforeAfterIsland />
        </section>

        <section
          id="quote"
          aria-labelledby="quote-title"
          className="grid scroll-mt-20 gap-8 rounded-card bg-surface p-6 shadow-card sm:p-10 lg:grid-cols-[1fr_1.6fr]"
        >
          <div className="grid content-start gap-3">
            <h2 id="quote-title" className="text-3xl font-bold tracking-tight text-navy-900">
              Get Your Quote
            </h2>
            <p className="text-muted">
              Free and with no obligation. Tell us about the job and we'll line up local contractors
              who do this work in your area.
            </p>
          </div>
          <QuoteFormIsland result={actionData} action="/?index" />
        </section>

        {/* Parts below the first screen, estimated at their height on a phone (decision 015). */}
        <section
          aria-labelledby="categories-title"
          className="below-fold grid gap-8 [contain-intrinsic-block-size:auto_180rem] sm:[contain-intrinsic-block-size:auto_90rem] lg:[contain-intrinsic-block-size:auto_62rem]"
        >
          <h2
            id="categories-title"
            className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
          >
            What Project Can We Help You With
          </h2>
          <CategoryGrid />
        </section>

        <section
          aria-labelledby="why-title"
          className="below-fold grid gap-8 [contain-intrinsic-block-size:auto_65rem] sm:[contain-intrinsic-block-size:auto_40rem]"
        >
          <h2
            id="why-title"
            className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
          >
            Why Choose Us
          </h2>
          <WhyChooseUs />
        </section>

        <section
          aria-labelledby="gallery-title"
          className="below-fold grid gap-8 [contain-intrinsic-block-size:auto_95rem] lg:[contain-intrinsic-block-size:auto_40rem]"
        >
          <h2
            id="gallery-title"
            className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
          >
            Our Services at Work
          </h2>
          <ServiceGallery />
        </section>

        <section
          aria-labelledby="steps-title"
          className="below-fold grid gap-8 [contain-intrinsic-block-size:auto_48rem] lg:[contain-intrinsic-block-size:auto_40rem]"
        >
          <h2
            id="steps-title"
            className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl"
          >
            How It Works
          </h2>
          <HowItWorks />
        </section>

        <section
          aria-labelledby="start-title"
          className="below-fold grid gap-6 rounded-card bg-navy-800 p-8 text-white sm:p-12"
        >
          <h2 id="start-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to start your project?
          </h2>
          <p className="max-w-2xl text-lg text-navy-100">
            Sign in to follow your requests, or leave your number and a coordinator will call you
            back.
          </p>
          <div className="flex flex-wrap items-start gap-3">
            <Link to="/login" className={buttonClasses("primary", "lg")}>
              Start Your Project
            </Link>
          </div>
          <details
            id="call-back"
            open={callbackAnswered || undefined}
            className="group rounded-card bg-white text-ink"
          >
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-card px-5 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
              Schedule a Call
              <ChevronDown
                aria-hidden="true"
                className="size-5 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="px-5 pb-6">
              {/* The answer page opens at the form, with the answer in it. */}
              <CallbackFormIsland result={actionData} action="/?index#call-back" />
            </div>
          </details>
        </section>
      </div>
      <JsonLd data={organization(loaderData.siteUrl)} />
    </>
  );
}
