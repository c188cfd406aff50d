/**
 * The choice of pros for a request sent without signing in (the home and
 * city forms): only the browser whose signed cookie names the request may
 * see it (anyone else: 404). Signed in as its owner, the dashboard's page.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { getUser, NO_STORE } from "~/features/auth/require-user.server";
import { step } from "~/features/marketplace/answers.server";
import { adoptOnSignIn, browserOwner } from "~/features/marketplace/browser-request.server";
import {
  choiceFor,
  isChoosing,
  requestForChoice,
  sendChoice,
} from "~/features/marketplace/choice.server";
import { ChoosePros } from "~/features/marketplace/choose-pros";
import { projectFor } from "~/features/marketplace/project.server";
import { deliveryOf, orNotFound, orNull } from "~/features/marketplace/answers.server";
import { getDb, getRequestInfo, getServices } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/choose";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const locale = localeOf(context);
  const user = await getUser(request, context);
  if (user) {
    // Signed in since: the account takes this browser's request, and shows it.
    const adopted = await adoptOnSignIn(getServices(context), request, user.id);
    const own = await orNull(projectFor(db, { userId: user.id }, params.id, locale));
    if (own) {
      throw redirect(localizePath(`/dashboard/projects/${params.id}/pros${url.search}`, locale), {
        headers: adopted ? { "Set-Cookie": adopted } : undefined,
      });
    }
  }
  const owner = await browserOwner(context, request, params.id);
  const lead = await orNotFound(requestForChoice(db, owner, params.id), locale);
  if (!isChoosing(lead)) throw redirect(localizePath(`/requests/${lead.id}`, locale));
  return data(await choiceFor(db, lead, null, url), { headers: NO_STORE });
}

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("requests")]);
  return data;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const locale = localeOf(context);
  const owner = await browserOwner(context, request, params.id);
  const form = await request.formData();
  const sender = {
    ...owner,
    clientAddress: getRequestInfo(context).clientAddress,
    userAgent: request.headers.get("User-Agent") ?? "",
  };
  const refused = await step(
    () => sendChoice(getDb(context), sender, params.id, form, deliveryOf(context), locale),
    undefined,
    locale,
  );
  return refused ?? redirect(localizePath(`/requests/${params.id}?sent=1`, locale));
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ location }) => {
  const title = i18nFor(localeOfPath(location.pathname))._(msg`Choose pros`);
  return [{ title: `${title} | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];
};

export default function ChooseForBrowser({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useLingui();
  const localize = useLocalize();
  return (
    <div className="mx-auto grid max-w-3xl px-4 py-10 sm:px-6">
      <ChoosePros
        choice={loaderData}
        base={localize(`/requests/${params.id}/pros`)}
        later={{ to: `/requests/${params.id}`, label: t`Back to your request` }}
        answer={actionData}
      />
    </div>
  );
}
