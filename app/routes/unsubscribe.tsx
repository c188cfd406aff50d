/**
 * One-click unsubscribe (CAN-SPAM, CASL; RFC 8058): the link in every
 * notification email. Opening it shows what will stop and a button; only a
 * post turns the emails off, so a link scanner or a preview that fetches the
 * link changes nothing. The post is the page's button, or the mail client's
 * own Unsubscribe (`List-Unsubscribe=One-Click`, from the mail provider: the
 * cross-site check lets this path through, the signed token being the
 * authorization). No sign-in; a token we did not sign is the plain 404.
 *
 * In the recipient's language (users.locale): the email's link is one path
 * for every language. Under /es/ or /fr/ (the language switcher), in that
 * language. The words are translated here on the server, in whichever
 * language that is, not in the page's.
 */
import { msg } from "@lingui/core/macro";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NO_STORE } from "~/features/auth/require-user.server";
import { notFound } from "~/features/marketplace/answers.server";
import { EMAIL_SETTINGS_PATH, NOTIFICATION_LABELS } from "~/features/notifications/kinds";
import { isOptedOut, optOut, personLocale } from "~/features/notifications/opt-outs.server";
import { readUnsubscribeToken } from "~/features/notifications/tokens.server";
import { getServices } from "~/lib/app-context.server";
import type { EdgeHandle } from "~/lib/edge";
import { i18nFor } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import { DEFAULT_LOCALE, HTML_LANG } from "~/lib/locales";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/unsubscribe";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { database, secret } = getServices(context);
  const target = readUnsubscribeToken(secret, params.token);
  const recipient = target ? await personLocale(database.db, target.userId) : null;
  if (!target || recipient === null) notFound();
  const off = await isOptedOut(database.db, target.userId, target.kind);
  const pathLocale = localeOf(context);
  const locale = pathLocale === DEFAULT_LOCALE ? recipient : pathLocale;
  const i18n = i18nFor(locale);
  const label = NOTIFICATION_LABELS[target.kind];
  const brand = BRAND.name;
  return data(
    {
      off,
      lang: HTML_LANG[locale],
      settings: localizePath(EMAIL_SETTINGS_PATH, locale),
      text: {
        title: i18n._(msg`Email preferences | ${brand}`),
        offTitle: i18n._(msg`You won't get these emails any more`),
        offKind: i18n._(label.off),
        offOthers: i18n._(msg`Other emails about your requests, like confirmations, still come.`),
        turnBackOn: i18n._(msg`You can turn them back on in <0>your email settings</0>.`),
        stop: i18n._(label.stop),
        what: i18n._(label.what),
        button: i18n._(msg`Stop these emails`),
        chooseAll: i18n._(
          msg`You can choose every email we send you in <0>your email settings</0> (after signing in).`,
        ),
      },
    },
    { headers: NO_STORE },
  );
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("dashboard")]);
  return data;
}

export async function action({ context, params }: Route.ActionArgs) {
  const { database, secret, logger } = getServices(context);
  const target = readUnsubscribeToken(secret, params.token);
  if (!target || !(await optOut(database.db, target.userId, target.kind))) notFound();
  logger.info({ userId: target.userId, kind: target.kind }, "notification emails turned off");
  return data({ off: true }, { headers: NO_STORE });
}

// The signed token turns a person's emails off: never written to the log.
export const handle = {
  edge: { secretParams: ["token"] },
} satisfies EdgeHandle<keyof Route.LoaderArgs["params"]>;

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData.text.title },
  { name: "robots", content: "noindex, nofollow" },
  // The token never leaves the site in a Referer (and the button's post still
  // carries the site's Origin).
  { name: "referrer", content: "same-origin" },
];

/** A sentence translated on the server whose `<0>…</0>` is the link to the email settings. */
function SettingsSentence({ text, to }: { text: string; to: string }) {
  const [before = "", inside = "", after = ""] = text.split(/<0>|<\/0>/);
  return (
    <>
      {before}
      <Link to={to} className="font-medium text-navy-700 underline underline-offset-2">
        {inside}
      </Link>
      {after}
    </>
  );
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { text, settings } = loaderData;
  const off = actionData?.off === true || loaderData.off;
  return (
    <section
      aria-labelledby="unsubscribe-title"
      lang={loaderData.lang}
      className="mx-auto grid max-w-xl gap-4 px-4 py-16"
    >
      {off ? (
        <>
          <h1 id="unsubscribe-title" className="text-2xl font-bold text-navy-900">
            {text.offTitle}
          </h1>
          <p role="status" className="text-muted">
            {text.offKind} {text.offOthers}
          </p>
          <p>
            <SettingsSentence text={text.turnBackOn} to={settings} />
          </p>
        </>
      ) : (
        <>
          <h1 id="unsubscribe-title" className="text-2xl font-bold text-navy-900">
            {text.stop}
          </h1>
          <p className="text-muted">{text.what}</p>
          <Form method="post">
            <Button type="submit" variant="secondary">
              {text.button}
            </Button>
          </Form>
          <p className="text-sm text-muted">
            <SettingsSentence text={text.chooseAll} to={settings} />
          </p>
        </>
      )}
    </section>
  );
}
