/** The dashboard's choice of pros for a request (features/marketplace/choose-pros.tsx). */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { signedInUser } from "~/features/auth/signed-in.server";
import { actorOf, deliveryOf, orNotFound, step } from "~/features/marketplace/answers.server";
import {
  choiceFor,
  isChoosing,
  requestForChoice,
  sendChoice,
} from "~/features/marketplace/choice.server";
import { ChoosePros } from "~/features/marketplace/choose-pros";
import { getDb } from "~/lib/app-context.server";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/choose-pros";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  const locale = localeOf(context);
  const lead = await orNotFound(requestForChoice(db, { userId: user.id }, params.id), locale);
  if (!isChoosing(lead)) throw redirect(localizePath(`/dashboard/projects/${lead.id}`, locale));
  return data(await choiceFor(db, lead, user.id, url));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = signedInUser(context);
  const locale = localeOf(context);
  const form = await request.formData();
  const refused = await step(
    () =>
      sendChoice(
        getDb(context),
        actorOf(request, context, user.id),
        params.id,
        form,
        deliveryOf(context),
        locale,
      ),
    undefined,
    locale,
  );
  return refused ?? redirect(localizePath(`/dashboard/projects/${params.id}?sent=1`, locale));
}

export const meta: Route.MetaFunction = ({ location }) => {
  const title = i18nFor(localeOfPath(location.pathname))._(msg`Choose pros`);
  return [{ title: `${title} | ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];
};

/** Arriving from another page: a project's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadCatalogs("projects")]);
  return loaded;
}

export default function ChooseProsPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useLingui();
  const localize = useLocalize();
  return (
    <ChoosePros
      choice={loaderData}
      base={localize(`/dashboard/projects/${params.id}/pros`)}
      later={{ to: "/dashboard", label: t`Back to My Projects` }}
      answer={actionData}
    />
  );
}
