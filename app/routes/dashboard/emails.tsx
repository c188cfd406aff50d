/**
 * The person's email settings: each notification email with a checkbox (on:
 * send it). A plain form (it works without JavaScript); saving comes back
 * here with a notice (Post/Redirect/Get). Every notification email links
 * here; the emails about the person's own requests (confirmations, codes)
 * are not listed: they always go.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Form, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-controls";
import { signedInUser } from "~/features/auth/signed-in.server";
import {
  EMAIL_SETTINGS_PATH,
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
} from "~/features/notifications/kinds";
import { optedOutKinds, saveEmailChoices } from "~/features/notifications/opt-outs.server";
import { getDb } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import { BRAND } from "~/site";
import type { Route } from "./+types/emails";

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const off = await optedOutKinds(getDb(context), user.id);
  return data({
    email: user.email,
    kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, on: !off.includes(kind) })),
    saved: url.searchParams.has("saved"),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const form = await request.formData();
  await saveEmailChoices(getDb(context), user.id, form.getAll("on"));
  const settings = localizePath(EMAIL_SETTINGS_PATH, localeOf(context));
  return redirect(`${settings}?saved`);
}

const brand = BRAND.name;

export const meta: Route.MetaFunction = ({ location }) => [
  { title: i18nFor(localeOfPath(location.pathname))._(msg`Email settings | ${brand}`) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function EmailSettings({ loaderData }: Route.ComponentProps) {
  const { email, kinds, saved } = loaderData;
  const { i18n, t } = useLingui();
  return (
    <section aria-labelledby="emails-title" className="grid max-w-3xl gap-6">
      <h1 id="emails-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        <Trans>Email settings</Trans>
      </h1>
      <FormAlert tone="success" message={saved ? t`Your email settings are saved.` : undefined} />
      <Form method="post" className="grid gap-5 rounded-card bg-surface p-6 shadow-card">
        <fieldset className="grid gap-4">
          <legend className="mb-2 text-xl font-bold text-navy-900">
            <Trans>Emails we send to {email}</Trans>
          </legend>
          {kinds.map(({ kind, on }) => (
            <div key={kind} className="flex items-start gap-3">
              <input
                id={`email-${kind}`}
                type="checkbox"
                name="on"
                value={kind}
                defaultChecked={on}
                aria-describedby={`email-${kind}-what`}
                className="mt-1 size-5 accent-navy-800"
              />
              <div className="grid gap-1">
                <label htmlFor={`email-${kind}`} className="font-semibold text-navy-900">
                  {i18n._(NOTIFICATION_LABELS[kind].title)}
                </label>
                <p id={`email-${kind}-what`} className="text-sm text-muted">
                  {i18n._(NOTIFICATION_LABELS[kind].what)}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <p className="text-sm text-muted">
          <Trans>
            Emails about your own requests (confirmations, codes you asked for) always go.
          </Trans>
        </p>
        <Button type="submit" variant="secondary" className="justify-self-start">
          <Trans>Save</Trans>
        </Button>
      </Form>
    </section>
  );
}
