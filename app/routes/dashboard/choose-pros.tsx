/**
 * The homeowner chooses who receives their request, in two steps that work
 * the same with or without JavaScript: tick up to 3 of the pros serving the
 * place and service (an ordinary GET form, none pre-ticked unless the
 * request started from that pro's own listing), then agree to the consent
 * line that names each ticked pro, and send. Until then the request is a
 * draft that reaches no one.
 */
import { and, eq } from "drizzle-orm";
import { data, Form, Link, redirect } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { describedBy, FieldError, FormAlert } from "~/components/ui/form-controls";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import {
  actorOf,
  deliveryOf,
  orNotFound,
  step,
  type StepFailure,
} from "~/features/marketplace/answers.server";
import { prosServing } from "~/features/marketplace/choices.server";
import { ProFacts, ProName } from "~/features/marketplace/pro-choice";
import { ownRequestScope } from "~/features/marketplace/project.server";
import {
  MAX_PROS_PER_REQUEST,
  proConsentText,
  sendToPros,
} from "~/features/marketplace/requests.server";
import { getDb } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import { contractors, requestPros } from "../../../database/schema";
import type { Route } from "./+types/choose-pros";

export async function loader({ request, context, params, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url.pathname);
  const db = getDb(context);
  const lead = await orNotFound(ownRequestScope(db, user.id, params.id));
  if (lead.status !== "draft" && lead.status !== "sent") {
    throw redirect(`/dashboard/projects/${lead.id}`);
  }
  const already = await db
    .select({ id: requestPros.contractorId, name: contractors.name })
    .from(requestPros)
    .innerJoin(contractors, eq(contractors.id, requestPros.contractorId))
    .where(and(eq(requestPros.leadId, lead.id)));
  const sentTo = new Set(already.map((part) => part.id));
  const offers = (await prosServing(db, lead, user.id)).filter((pro) => !sentTo.has(pro.id));
  const left = MAX_PROS_PER_REQUEST - already.length;
  const asked = url.searchParams.getAll("pro");
  // A request started on a pro's own listing comes with that pro ticked (they pressed it).
  const ticked =
    asked.length > 0 || already.length > 0 || !lead.contractorId ? asked : [lead.contractorId];
  const chosen = offers.filter((pro) => ticked.includes(pro.id));
  const review = url.searchParams.has("review") && chosen.length > 0 && chosen.length <= left;
  const problem = !url.searchParams.has("review")
    ? null
    : chosen.length === 0
      ? "Tick at least one pro to send your request to."
      : chosen.length > left
        ? `You can choose ${String(left)} more ${left === 1 ? "pro" : "pros"} for this request.`
        : null;
  return data(
    {
      lead: { id: lead.id, title: lead.title, status: lead.status },
      already: already.map((part) => part.name),
      offers,
      left,
      ticked: chosen.map((pro) => pro.id),
      review,
      problem,
      consentText: review ? proConsentText(chosen.map((pro) => pro.name)) : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context, `/dashboard/projects/${params.id}/pros`);
  const form = await request.formData();
  const pros = form.getAll("pro").filter((value) => typeof value === "string");
  if (form.get("consent") !== "on") {
    return data<StepFailure>(
      {
        ok: false,
        errors: { consent: "Please tick this box to agree before we send your request." },
      },
      { status: 400, headers: NO_STORE },
    );
  }
  const agreed = form.get("consentText");
  const sent = await step(() =>
    sendToPros(
      getDb(context),
      actorOf(request, context, user.id),
      params.id,
      pros,
      typeof agreed === "string" ? agreed : "",
      deliveryOf(context),
    ),
  );
  if (sent !== undefined) return sent;
  return redirect(`/dashboard/projects/${params.id}?sent=1`);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Choose pros | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ChoosePros({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, offers, left, ticked, review, problem, consentText, already } = loaderData;
  const base = `/dashboard/projects/${lead.id}/pros`;
  return (
    <section aria-labelledby="choose-title" className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <h1 id="choose-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
          {review ? "Send your request" : "Choose who gets your request"}
        </h1>
        <p className="text-muted">
          {review
            ? "Only the pros below will receive it. They see your contact details only if they take the job on, and declining costs them nothing."
            : `Tick up to ${String(left)} ${left === 1 ? "pro" : "pros"}. Nobody else sees your request: we never sell or share it.`}
        </p>
        {already.length > 0 ? (
          <p className="text-sm text-muted">Already sent to {already.join(", ")}.</p>
        ) : null}
      </div>
      {review ? (
        <Form method="post" className="grid gap-5 rounded-card bg-surface p-6 shadow-card">
          <FormAlert message={actionData?.formError} />
          <ul className="grid gap-3">
            {offers
              .filter((pro) => ticked.includes(pro.id))
              .map((pro) => (
                <li key={pro.id} className="grid gap-1">
                  <input type="hidden" name="pro" value={pro.id} />
                  <ProName pro={pro} />
                  <ProFacts pro={pro} />
                </li>
              ))}
          </ul>
          <input type="hidden" name="consentText" value={consentText ?? ""} />
          <div className="grid gap-1.5">
            <div className="flex items-start gap-3">
              <input
                id="consent"
                name="consent"
                type="checkbox"
                className="mt-1 size-5 shrink-0 accent-accent-700"
                {...describedBy("consent", actionData?.errors?.consent)}
              />
              <label htmlFor="consent" className="text-sm leading-relaxed text-muted">
                {consentText}{" "}
                <a href="/privacy" className="font-medium text-navy-700 underline">
                  Read the Privacy Policy
                </a>
                .
              </label>
            </div>
            <FieldError id="consent" error={actionData?.errors?.consent} />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit">Send my request</Button>
            <Link
              to={`${base}?${ticked.map((id) => `pro=${id}`).join("&")}`}
              className={buttonClasses("secondary", "md")}
            >
              Change pros
            </Link>
          </div>
        </Form>
      ) : offers.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-card bg-surface p-6 shadow-card">
          <p className="text-muted">
            No pros on {BRAND.name} serve this place and service yet. Your request is saved as a
            draft: nothing has been sent, and you can come back to choose pros later.
          </p>
          <Link to="/dashboard" className={buttonClasses("secondary", "md")}>
            Back to My Projects
          </Link>
        </div>
      ) : (
        <Form method="get" className="grid gap-5 rounded-card bg-surface p-6 shadow-card">
          <input type="hidden" name="review" value="1" />
          <FormAlert message={problem ?? undefined} />
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-semibold text-navy-900">
              Pros who serve your area
            </legend>
            {offers.map((pro) => (
              <label
                key={pro.id}
                className="flex items-start gap-3 rounded-lg border border-navy-200 p-4 has-[:checked]:border-accent-700"
              >
                <input
                  type="checkbox"
                  name="pro"
                  value={pro.id}
                  defaultChecked={ticked.includes(pro.id)}
                  aria-labelledby={`pro-${pro.id}-name`}
                  aria-describedby={`pro-${pro.id}-facts`}
                  className="mt-1 size-5 shrink-0 accent-accent-700"
                />
                <span className="grid gap-1">
                  <ProName pro={pro} id={`pro-${pro.id}-name`} />
                  <ProFacts pro={pro} id={`pro-${pro.id}-facts`} />
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <Button type="submit">Continue</Button>
            <Link to="/dashboard" className={buttonClasses("secondary", "md")}>
              Not now: keep it as a draft
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}
