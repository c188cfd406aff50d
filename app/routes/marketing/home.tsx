import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
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
import { translate } from "~/lib/i18n.server";
import { dispatchIntent } from "~/lib/forms";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { pageMeta } from "~/lib/meta";
import { cachedPageHeaders } from "~/lib/cache-keys";
import { NO_STORE_HEADERS, publicPageHeaders } from "~/lib/page-headers";
import { siteUrl } from "~/lib/site-url.server";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { refuseKnownBlockedPosts } from "~/features/leads/blocked-post.server";
import { z } from "zod";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const brand = BRAND.name;
  return data(
    {
      siteUrl: siteUrl(),
      locale,
      title: translate(locale, msg`${brand}: Find Trusted Local Contractors in the USA and Canada`),
      description: translate(
        locale,
        msg`Compare local roofers, plumbers, electricians, landscapers, painters and builders. Tell us about your project and get free quotes from vetted contractors.`,
      ),
    },
    { headers: cachedPageHeaders([]) },
  );
}

/** A post from a client already refused in this window is answered before the page renders. */
export const middleware: Route.MiddlewareFunction[] = [refuseKnownBlockedPosts];

/** The page's two lead forms, told apart by their intent. */
const homeIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(QUOTE_INTENT) }),
  z.object({ intent: z.literal(CALLBACK_INTENT) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return dispatchIntent<typeof homeIntents, Awaited<ReturnType<typeof handleLeadAction>>>(
    homeIntents,
    form,
    {
      [QUOTE_INTENT]: ({ intent }) =>
        handleLeadAction({
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
            return redirect(localizePath(`/search?${query.toString()}`, localeOf(context)), {
              headers,
            });
          },
        }),
      [CALLBACK_INTENT]: ({ intent }) =>
        handleLeadAction({
          request,
          context,
          form,
          intent,
          leadForm: CALLBACK_LEAD,
          onSuccess: () => data({ form: CALLBACK_INTENT, ok: true }, { headers: NO_STORE_HEADERS }),
        }),
    },
    () => {
      throw data(translate(localeOf(context), msg`This form is not one we know.`), {
        status: 400,
      });
    },
  );
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData.title,
    description: loaderData.description,
    siteUrl: loaderData.siteUrl,
    path: "/",
    locale: loaderData.locale,
  }),
  imagePreload("hero/hero-1", "100vw"),
];

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const callbackAnswered = actionData?.form === CALLBACK_INTENT;
  const localize = useLocalize();
  const locale = useLocale();
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
              <Trans>See what a good contractor can do</Trans>
            </h2>
            <p className="text-lg leading-relaxed text-muted">
              <Trans>
                A dated kitchen, rebuilt by a local crew we matched with the homeowner. Drag the
                handle, or use the arrow keys, to compare before and after.
              </Trans>
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
              <Trans>Get Your Quote</Trans>
            </h2>
            <p className="text-muted">
              <Trans>
                Free and with no obligation. Tell us about the job and we'll line up local
                contractors who do this work in your area.
              </Trans>
            </p>
          </div>
          <QuoteFormIsland result={actionData} action={localize("/?index")} />
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
            <Trans>What Project Can We Help You With</Trans>
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
            <Trans>Why Choose Us</Trans>
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
            <Trans>Our Services at Work</Trans>
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
            <Trans>How It Works</Trans>
          </h2>
          <HowItWorks />
        </section>

        <section
          aria-labelledby="start-title"
          className="below-fold grid gap-6 rounded-card bg-navy-800 p-8 text-white sm:p-12"
        >
          <h2 id="start-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            <Trans>Ready to start your project?</Trans>
          </h2>
          <p className="max-w-2xl text-lg text-navy-100">
            <Trans>
              Sign in to follow your requests, or leave your number and a coordinator will call you
              back.
            </Trans>
          </p>
          <div className="flex flex-wrap items-start gap-3">
            <Link to={localize("/login")} className={buttonClasses("primary", "lg")}>
              <Trans>Start Your Project</Trans>
            </Link>
          </div>
          <details
            id="call-back"
            open={callbackAnswered || undefined}
            className="group rounded-card bg-white text-ink"
          >
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-card px-5 font-semibold text-navy-900 [&::-webkit-details-marker]:hidden">
              <Trans>Schedule a Call</Trans>
              <ChevronDown
                aria-hidden="true"
                className="size-5 transition-transform group-open:rotate-180"
              />
            </summary>
            <div className="px-5 pb-6">
              {/* Open when answered: the answer page opens on the form's answer (its fragment). */}
              <CallbackFormIsland result={actionData} action={localize("/?index")} />
            </div>
          </details>
        </section>
      </div>
      <JsonLd data={organization(loaderData.siteUrl, locale)} />
    </>
  );
}
