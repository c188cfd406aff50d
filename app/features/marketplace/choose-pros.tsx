/**
 * The homeowner's choice of pros, in two steps that work the same with or
 * without JavaScript: tick up to 3 of the pros serving the place and service
 * (an ordinary GET form), then agree to the consent line that names each
 * ticked pro, and send. Until then the request is a draft that reaches no one.
 */
import { RankingNote } from "./ranking-note";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { describedBy, FieldError, FormAlert } from "~/components/ui/form-controls";
import { BRAND } from "~/site";
import type { Choice } from "./choice.server";
import { ProFacts, ProName } from "./pro-choice";

export interface ChooseProsProps {
  choice: Choice;
  /** The page's own path (the GET form and "Change pros" come back to it). */
  base: string;
  /** Where "Not now" goes. */
  later: { to: string; label: string };
  answer?: { formError?: string; errors?: Record<string, string> };
  /** h2 where the page has its own h1 (the search page). */
  heading?: "h1" | "h2";
}

export function ChoosePros({
  choice,
  base,
  later,
  answer: actionData,
  heading: Heading = "h1",
}: ChooseProsProps) {
  const { offers, left, ticked, review, problem, consentText, already } = choice;
  return (
    <section aria-labelledby="choose-title" className="grid max-w-3xl gap-6">
      <div className="grid gap-2">
        <Heading
          id="choose-title"
          className={
            Heading === "h1"
              ? "text-3xl font-extrabold tracking-tight text-navy-900"
              : "text-2xl font-bold text-navy-900"
          }
        >
          {review ? "Send your request" : "Choose who gets your request"}
        </Heading>
        <p className="text-muted">
          {review
            ? "Only the pros below will receive it. They see your contact details only if they take the job on, and declining costs them nothing."
            : `Tick up to ${String(left)} ${left === 1 ? "pro" : "pros"}. Nobody else sees your request: we never sell or share it.`}
        </p>
        {!review && offers.length > 0 ? (
          <RankingNote lead="Pros are listed in our published order, and nobody pays for a place in it:" />
        ) : null}
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
          <Link to={later.to} className={buttonClasses("secondary", "md")}>
            {later.label}
          </Link>
        </div>
      ) : (
        <Form
          method="get"
          action={base}
          className="grid gap-5 rounded-card bg-surface p-6 shadow-card"
        >
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
            <Link to={later.to} className={buttonClasses("secondary", "md")}>
              Not now: keep it as a draft
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}
