/** The dashboard's choice of pros for a request (features/marketplace/choose-pros.tsx). */
import { data, redirect } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { actorOf, deliveryOf, orNotFound, step } from "~/features/marketplace/answers.server";
import {
  choiceFor,
  isChoosing,
  requestForChoice,
  sendChoice,
} from "~/features/marketplace/choice.server";
import { ChoosePros } from "~/features/marketplace/choose-pros";
import { getDb } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/choose-pros";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url.pathname);
  const db = getDb(context);
  const lead = await orNotFound(requestForChoice(db, { userId: user.id }, params.id));
  if (!isChoosing(lead)) throw redirect(`/dashboard/projects/${lead.id}`);
  return data(await choiceFor(db, lead, user.id, url), { headers: NO_STORE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context, `/dashboard/projects/${params.id}/pros`);
  const form = await request.formData();
  const refused = await step(() =>
    sendChoice(
      getDb(context),
      actorOf(request, context, user.id),
      params.id,
      form,
      deliveryOf(context),
    ),
  );
  return refused ?? redirect(`/dashboard/projects/${params.id}?sent=1`);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Choose pros | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ChooseProsPage({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <ChoosePros
      choice={loaderData}
      base={`/dashboard/projects/${params.id}/pros`}
      later={{ to: "/dashboard", label: "Back to My Projects" }}
      answer={actionData}
    />
  );
}
