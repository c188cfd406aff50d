/**
 * The choice of pros for a request sent without signing in (the home and
 * city forms): only the browser whose signed cookie names the request may
 * see it (anyone else: 404). Signed in as its owner, the dashboard's page.
 */
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
import { BRAND } from "~/site";
import type { Route } from "./+types/choose";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const user = await getUser(request, context);
  if (user) {
    // Signed in since: the account takes this browser's request, and shows it.
    const adopted = await adoptOnSignIn(getServices(context), request, user.id);
    const own = await orNull(projectFor(db, { userId: user.id }, params.id));
    if (own) {
      throw redirect(`/dashboard/projects/${params.id}/pros${url.search}`, {
        headers: adopted ? { "Set-Cookie": adopted } : undefined,
      });
    }
  }
  const owner = await browserOwner(context, request, params.id);
  const lead = await orNotFound(requestForChoice(db, owner, params.id));
  if (!isChoosing(lead)) throw redirect(`/requests/${lead.id}`);
  return data(await choiceFor(db, lead, null, url), { headers: NO_STORE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const owner = await browserOwner(context, request, params.id);
  const form = await request.formData();
  const sender = {
    ...owner,
    clientAddress: getRequestInfo(context).clientAddress,
    userAgent: request.headers.get("User-Agent") ?? "",
  };
  const refused = await step(() =>
    sendChoice(getDb(context), sender, params.id, form, deliveryOf(context)),
  );
  return refused ?? redirect(`/requests/${params.id}?sent=1`);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Choose pros | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ChooseForBrowser({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-3xl px-4 py-10 sm:px-6">
      <ChoosePros
        choice={loaderData}
        base={`/requests/${params.id}/pros`}
        later={{ to: `/requests/${params.id}`, label: "Back to your request" }}
        answer={actionData}
      />
    </div>
  );
}
