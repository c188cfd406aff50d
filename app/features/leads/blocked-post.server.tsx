/**
 * A lead post from a client this process has already refused in the current
 * rate-limit window is answered before anything else runs: a short page, no
 * loaders, no database, no render of the 100 KB page the form sits on
 * (decision 020). A flood of such posts from one client cost ~10 ms of the
 * one JavaScript thread each and slowed every other visitor's pages to a
 * second; now each costs a fraction of a millisecond.
 *
 * The person loses nothing: the page says how long to wait, lists what they
 * typed, and carries it in a form that sends it again, in the language of
 * the page they sent it from. Data requests (a form
 * sent by JavaScript) go on to the action, whose refusal is already small
 * (lead-action.server.ts), and so does the first refusal of a window, which
 * shows the message beside the form on its own page.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { I18nProvider } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { renderToStaticMarkup } from "react-dom/server";
import type { MiddlewareFunction } from "react-router";
import { serviceLabel } from "~/features/content/index.server";
import { BRAND, isCategorySlug, isServiceSlug } from "~/site";
import { getRequestInfo, getServices } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n.server";
import { localeOfRequest, localizePath } from "~/lib/locale-path";
import { HTML_LANG, type Locale } from "~/lib/locales";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { CALLBACK_WINDOW_MESSAGES, CONTACT_MESSAGES } from "./labels";
import { rateLimitMessage } from "./lead-action.server";
import { HONEYPOT_FIELD, leadBlockFor } from "./leads.server";

/** What each field of the lead forms is called on the page (others are not shown). */
const FIELD_LABELS = new Map<string, MessageDescriptor>([
  ["name", msg`Your name`],
  ["email", msg`Email`],
  ["phone", msg`Phone`],
  ["service", msg`Project type`],
  ["postalCode", msg`ZIP or postal code`],
  ["details", msg`Project details`],
  ["preferredContact", msg`Preferred contact`],
  ["preferredTime", msg`Best time to call`],
]);

/** A choice's words in the language (a service's name, a contact way, a time); other text as typed. */
function valueShown(name: string, value: string, locale: Locale): string {
  const i18n = i18nFor(locale);
  if (name === "service" && (isCategorySlug(value) || isServiceSlug(value))) {
    return serviceLabel(value, locale);
  }
  if (name === "preferredContact" && Object.hasOwn(CONTACT_MESSAGES, value)) {
    return i18n._(CONTACT_MESSAGES[value as keyof typeof CONTACT_MESSAGES]);
  }
  if (name === "preferredTime" && Object.hasOwn(CALLBACK_WINDOW_MESSAGES, value)) {
    return i18n._(CALLBACK_WINDOW_MESSAGES[value as keyof typeof CALLBACK_WINDOW_MESSAGES]);
  }
  return value;
}

const STYLE = `body{font:16px/1.6 system-ui,sans-serif;color:#1e293b;margin:0;padding:2rem 1rem}
main{max-width:40rem;margin:0 auto}h1{font-size:1.5rem;line-height:1.3;color:#0f2747}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}
dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
button{font:inherit;min-height:44px;padding:.5rem 1.25rem;border:0;border-radius:.5rem;background:#b45309;color:#fff;cursor:pointer}
a{color:#0f2747}header{max-width:40rem;margin:0 auto 1rem;font-weight:700}`;

/** The page, in the language of the page the form was sent from (rendered in its I18nProvider). */
function BlockedPage(props: {
  locale: Locale;
  retryAfterS: number;
  action: string;
  fields: [string, string][];
  back: string;
}) {
  const { i18n, t } = useLingui();
  const brand = BRAND.name;
  const shown = props.fields.flatMap(([name, value]) => {
    const label = FIELD_LABELS.get(name);
    return label && value
      ? [{ name, label: i18n._(label), value: valueShown(name, value, props.locale) }]
      : [];
  });
  return (
    <html lang={HTML_LANG[props.locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{t`Please wait before sending again · ${brand}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <header>
          <a href={localizePath("/", props.locale)}>{BRAND.name}</a>
        </header>
        <main>
          <h1>
            <Trans>Please wait before sending again</Trans>
          </h1>
          <p role="alert">{rateLimitMessage(props.retryAfterS, props.locale)}</p>
          <p>
            <Trans>
              Nothing was sent. What you typed is kept here; send it once the wait is over.
            </Trans>
          </p>
          {shown.length > 0 && (
            <dl>
              {shown.map(({ name, label, value }) => (
                <div key={name} style={{ display: "contents" }}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <form method="post" action={props.action}>
            {props.fields.map(([name, value], index) => (
              <input key={`${name}-${index.toString()}`} type="hidden" name={name} value={value} />
            ))}
            <button type="submit">
              <Trans>Send again</Trans>
            </button>
          </form>
          <p>
            <a href={props.back}>
              <Trans>Back to the page</Trans>
            </a>
          </p>
        </main>
      </body>
    </html>
  );
}

/** Is this request a form post that expects a page back (not React Router's `.data`)? */
function isDocumentPost(request: Request): boolean {
  return request.method === "POST" && !new URL(request.url).pathname.endsWith(".data");
}

export const refuseKnownBlockedPosts: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (!isDocumentPost(request)) return next();
  const services = getServices(context);
  const retryAfterS = leadBlockFor(services, getRequestInfo(context).clientAddress);
  if (retryAfterS === null) return next();
  let form: FormData;
  try {
    // A copy: should it not parse, the action reads the body and answers as usual.
    form = await request.clone().formData();
  } catch {
    return next();
  }
  const fields = [...form].flatMap(([name, value]): [string, string][] =>
    typeof value === "string" && name !== HONEYPOT_FIELD ? [[name, value]] : [],
  );
  const url = new URL(request.url);
  const locale = localeOfRequest(request);
  services.logger.warn({ path: url.pathname, retryAfterS }, "lead refused from memory");
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18nFor(locale)}>
      <BlockedPage
        locale={locale}
        retryAfterS={retryAfterS}
        action={url.pathname + url.search}
        fields={fields}
        back={url.pathname}
      />
    </I18nProvider>,
  );
  return new Response(`<!DOCTYPE html>${html}`, {
    status: 429,
    headers: {
      ...NO_STORE_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": retryAfterS.toString(),
    },
  });
};
