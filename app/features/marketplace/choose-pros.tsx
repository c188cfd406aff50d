/**
 * The homeowner's choice of pros, in two steps that work the same with or
 * without JavaScript: tick up to 3 of the pros serving the place and service
 * (an ordinary GET form), then agree to the consent line that names each
 * ticked pro, and send. Until then the request is a draft that reaches no one.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { RankingNote } from "./ranking-note";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { useState, useSyncExternalStore } from "react";
import { describedBy, errorId, FieldError, FormAlert } from "~/components/ui/form-controls";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Choice } from "./choice.server";
import type { OfferedPro } from "./serving-pros.server";
import { ProFacts, ProName } from "./pro-choice";
import { realThenSamples } from "./ranking";
import type { FormFailure } from "~/lib/forms";
import { ConsentLinks } from "~/features/leads";

export interface ChooseProsProps {
  choice: Choice;
  /** The page's own path, in its language (the GET form and "Change pros" come back to it). */
  base: string;
  /** Where "Not now" goes (a path of ours, localized here), and what that link says. */
  later: { to: string; label: string };
  answer?: Pick<FormFailure, "formError" | "errors">;
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
  const { t } = useLingui();
  const localize = useLocalize();
  const brand = BRAND.name;
  const names = already.join(", ");
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
          {review ? <Trans>Send your request</Trans> : <Trans>Choose who gets your request</Trans>}
        </Heading>
        <p className="text-muted">
          {review ? (
            <Trans>
              Only the pros below will receive it. They see your contact details only if they take
              the job on, and declining costs them nothing.
            </Trans>
          ) : (
            <>
              <Plural value={left} one="Tick up to # pro." other="Tick up to # pros." />{" "}
              <Trans>Nobody else sees your request: we never sell or share it.</Trans>
            </>
          )}
        </p>
        {!review && offers.length > 0 ? (
          <RankingNote
            lead={t`Pros are listed in our published order, and nobody pays for a place in it:`}
          />
        ) : null}
        {already.length > 0 ? (
          <p className="text-sm text-muted">
            <Trans>Already sent to {names}.</Trans>
          </p>
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
                {consentText} <ConsentLinks />
              </label>
            </div>
            <FieldError id="consent" error={actionData?.errors?.consent} />
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit">
              <Trans>Send my request</Trans>
            </Button>
            <Link
              to={`${base}?${ticked.map((id) => `pro=${id}`).join("&")}`}
              className={buttonClasses("secondary", "md")}
            >
              <Trans>Change pros</Trans>
            </Link>
          </div>
        </Form>
      ) : offers.length === 0 ? (
        <div className="grid justify-items-start gap-3 rounded-card bg-surface p-6 shadow-card">
          <p className="text-muted">
            <Trans>No pros on {brand} serve this place and service yet.</Trans>{" "}
            <Trans>
              Your request is saved as a draft: nothing has been sent, and you can come back to
              choose pros later.
            </Trans>
          </p>
          <Link to={localize(later.to)} className={buttonClasses("secondary", "md")}>
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
          <ProTicks
            key={ticked.join(" ")}
            offers={offers}
            ticked={ticked}
            left={left}
            problem={problem}
            samplesSaid={choice.samples}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit">
              <Trans>Continue</Trans>
            </Button>
            <Link to={localize(later.to)} className={buttonClasses("secondary", "md")}>
              <Trans>Not now: keep it as a draft</Trans>
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

const TICKS = "pros";

const subscribeToNothing = () => () => undefined;
const runs = () => true;
const doesNotRun = () => false;

/**
 * The list of pros to tick, real businesses first and the sample listings
 * apart below them. The server refuses more than `left` (its
 * `problem`, shown below the list and tied to it); with JavaScript, once
 * `left` are ticked the others are disabled and a polite status says why,
 * until one is unticked. The server's HTML never disables any: without
 * JavaScript the server's answer is the one that counts.
 */
export function ProTicks({
  offers,
  ticked,
  left,
  problem,
  samplesSaid,
}: {
  offers: OfferedPro[];
  ticked: string[];
  left: number;
  problem: string | null;
  /** The sample listings' heading and line, in the page's language (choice.server.ts). */
  samplesSaid: Choice["samples"];
}) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set(ticked));
  // False in the server's HTML and while hydrating it; true once the page runs.
  const running = useSyncExternalStore(subscribeToNothing, runs, doesNotRun);
  const full = running && picked.size >= left;
  const error = problem ?? undefined;
  const tick = (id: string, checked: boolean) =>
    setPicked((before) => {
      const after = new Set(before);
      if (checked) after.add(id);
      else after.delete(id);
      return after;
    });
  const { real, samples } = realThenSamples(offers);
  const box = (pro: OfferedPro) => (
    <label
      key={pro.id}
      className="flex items-start gap-3 rounded-lg border border-navy-200 p-4 has-[:checked]:border-accent-700 has-[:disabled]:opacity-60"
    >
      <input
        type="checkbox"
        name="pro"
        value={pro.id}
        defaultChecked={ticked.includes(pro.id)}
        disabled={full && !picked.has(pro.id)}
        onChange={(event) => tick(pro.id, event.currentTarget.checked)}
        aria-labelledby={`pro-${pro.id}-name`}
        aria-describedby={`pro-${pro.id}-facts`}
        aria-invalid={error ? true : undefined}
        className="mt-1 size-5 shrink-0 accent-accent-700"
      />
      <span className="grid gap-1">
        <ProName pro={pro} id={`pro-${pro.id}-name`} />
        <ProFacts pro={pro} id={`pro-${pro.id}-facts`} />
      </span>
    </label>
  );
  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={[error ? errorId(TICKS) : null, `${TICKS}-limit`].filter(Boolean).join(" ")}
    >
      <legend className="mb-2 text-sm font-semibold text-navy-900">
        <Trans>Pros who serve your area</Trans>
      </legend>
      {real.map(box)}
      {samples.length > 0 ? (
        // Apart and below the real businesses, under a heading that says what they are (issue 43).
        <div
          role="group"
          aria-labelledby={`${TICKS}-samples`}
          aria-describedby={`${TICKS}-samples-note`}
          className="mt-2 grid gap-3"
        >
          <p id={`${TICKS}-samples`} className="text-sm font-semibold text-navy-900">
            {samplesSaid.title}
          </p>
          <p id={`${TICKS}-samples-note`} className="-mt-2 text-sm text-muted">
            {samplesSaid.note}
          </p>
          {samples.map(box)}
        </div>
      ) : null}
      <FieldError id={TICKS} error={error} />
      <p id={`${TICKS}-limit`} role="status" aria-live="polite" className="text-sm text-muted">
        {full ? (
          <Plural
            value={left}
            one="You can choose at most # pro. Untick it to choose another."
            other="You can choose at most # pros. Untick one to choose another."
          />
        ) : null}
      </p>
    </fieldset>
  );
}
