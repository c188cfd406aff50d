/**
 * /pros/:slug/claim: "Is this your business?" The signed-in person asks for
 * a one-time code, sent to the listing's business email, and types it here;
 * the right code makes them the business's owner. In the page's language,
 * and so is the code's email.
 */
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { data, Form, redirect, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, Field, FormAlert, TextInput } from "~/components/ui/form-controls";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { claimMessage } from "~/features/contractors/claim-messages.server";
import { claimPage, confirmClaim, sendClaimCode } from "~/features/contractors/claims.server";
import { NotFound } from "~/features/marketplace/requests.server";
import { getServices } from "~/lib/app-context.server";
import { announceBusinesses } from "~/features/fresh-pages/index.server";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/claim";

/** An unknown business, or a slug that cannot be one: the site's 404 page. */
async function orNotFound<T>(work: Promise<T>, locale: Locale): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    const i18n = i18nFor(locale);
    throw data(
      {
        title: i18n._(msg`Business not found`),
        message: i18n._(msg`We couldn't find that business.`),
      },
      { status: 404, headers: NO_STORE },
    );
  }
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = await requireUser(
    request,
    context,
    localizePath(`/pros/${params.slug}/claim`, locale),
  );
  const page = await orNotFound(
    claimPage(getServices(context).database.db, user.id, params.slug),
    locale,
  );
  // Why there is nothing to claim, if so (the messages live on the server).
  const notice =
    page.owner === "other"
      ? claimMessage("owned", locale)
      : page.owner === "you"
        ? claimMessage("yours", locale)
        : !page.business.hasEmail
          ? claimMessage("noEmail", locale)
          : null;
  return data(
    {
      ...page,
      notice,
      pending: page.pending && {
        expiresAt: page.pending.expiresAt.toISOString(),
        triesLeft: page.pending.triesLeft,
      },
    },
    { headers: NO_STORE },
  );
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("pro")]);
  return data;
}

type ClaimAnswer =
  | { intent: "send"; sentTo?: string; error?: string }
  | { intent: "confirm"; error?: string; formError?: string; code: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = localeOf(context);
  const user = await requireUser(
    request,
    context,
    localizePath(`/pros/${params.slug}/claim`, locale),
  );
  const services = getServices(context);
  const form = await request.formData();
  if (form.get("intent") === "send") {
    const sent = await orNotFound(sendClaimCode(services, user.id, params.slug, locale), locale);
    if (sent.ok) return data<ClaimAnswer>({ intent: "send", sentTo: sent.sentTo });
    return data<ClaimAnswer>(
      { intent: "send", error: sent.message },
      {
        status: sent.reason === "too_soon" ? 429 : 409,
        headers: sent.retryAfterS ? { "Retry-After": sent.retryAfterS.toString() } : undefined,
      },
    );
  }
  const typed = form.get("code");
  const code = typeof typed === "string" ? typed.slice(0, 20) : "";
  const confirmed = await orNotFound(
    confirmClaim(services.database.db, user.id, params.slug, code, new Date(), locale),
    locale,
  );
  if (confirmed.ok) {
    services.logger.info({ contractorId: confirmed.contractorId }, "business claimed");
    // Its cards stop asking "Is this your business?" (decision 041).
    await announceBusinesses(context, [confirmed.contractorId]);
    return redirect(localizePath("/pro?claimed=1", locale));
  }
  return data<ClaimAnswer>(
    confirmed.reason === "owned"
      ? { intent: "confirm", formError: confirmed.message, code }
      : { intent: "confirm", error: confirmed.message, code },
    { status: confirmed.reason === "owned" ? 409 : 400 },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const name = loaderData.business.name;
  const brand = BRAND.name;
  return [
    {
      title: i18nFor(localeOfPath(location.pathname))._(msg`Is ${name} your business? | ${brand}`),
    },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const localize = useLocalize();
  const { business, owner, pending, notice } = loaderData;
  const maskedEmail = business.maskedEmail;
  const supportEmail = BRAND.supportEmail;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const sendAnswer = actionData?.intent === "send" ? actionData : undefined;
  const confirmAnswer = actionData?.intent === "confirm" ? actionData : undefined;
  const codeId = "claim-code";
  // The error says how many tries are left when there is one.
  const triesLeft = pending?.triesLeft ?? 0;
  const triesHint =
    pending && !confirmAnswer?.error ? (
      <Plural value={triesLeft} one="# try left." other="# tries left." />
    ) : undefined;
  const sentTo = sendAnswer?.sentTo;
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900">
          <Trans>Is this your business?</Trans>
        </h1>
        <p className="text-xl font-semibold text-navy-800">{business.name}</p>
      </div>
      {notice ? (
        <p className="rounded-card bg-surface p-6 shadow-card">
          {notice}{" "}
          {owner === "you" ? (
            <a href={localize("/pro/profile")} className="font-medium text-navy-700 underline">
              <Trans>Edit its profile</Trans>
            </a>
          ) : (
            <Trans>
              Write to{" "}
              <a href={`mailto:${supportEmail}`} className="font-medium text-navy-700 underline">
                {supportEmail}
              </a>
              .
            </Trans>
          )}
        </p>
      ) : (
        <div className="grid gap-6 rounded-card bg-surface p-6 shadow-card sm:p-8">
          <p className="text-muted">
            <Trans>
              To check that it is yours, we send a 6-digit code to the business email on its
              listing, {maskedEmail}. The code works for 15 minutes. Once you type it here, you
              manage the profile and receive the requests homeowners send to it.
            </Trans>
          </p>
          <Form method="post" className="grid gap-3" aria-label={t`Send a code`}>
            <input type="hidden" name="intent" value="send" />
            <FormAlert message={sendAnswer?.error} />
            {sentTo ? (
              <FormAlert
                tone="success"
                message={t`We sent a code to ${sentTo}. It works for 15 minutes.`}
              />
            ) : null}
            <Button
              type="submit"
              variant={pending ? "secondary" : "primary"}
              disabled={busy === "send"}
              className="justify-self-start"
            >
              {pending ? t`Send a new code` : t`Send a code to ${maskedEmail}`}
            </Button>
          </Form>
          {pending || confirmAnswer ? (
            <Form method="post" className="grid gap-4" aria-label={t`Confirm the code`}>
              <input type="hidden" name="intent" value="confirm" />
              <FormAlert message={confirmAnswer?.formError} />
              <Field
                id={codeId}
                label={t`Code from the email`}
                hint={triesHint}
                error={confirmAnswer?.error}
              >
                <TextInput
                  id={codeId}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={20}
                  required
                  defaultValue={confirmAnswer?.code}
                  className="max-w-48 text-lg tracking-widest"
                  {...describedBy(codeId, confirmAnswer?.error, Boolean(triesHint))}
                />
              </Field>
              <Button type="submit" disabled={busy === "confirm"} className="justify-self-start">
                <Trans>Confirm the code</Trans>
              </Button>
            </Form>
          ) : null}
        </div>
      )}
    </div>
  );
}
