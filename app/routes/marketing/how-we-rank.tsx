/**
 * /how-we-rank-pros: the published order of pros in plain words (issue 22).
 * Every figure is a constant of app/features/marketplace/ranking.ts, and the
 * worked example is scored by that module's own functions as the page
 * renders, so the page cannot say one thing while the order does another.
 * Public and kept in the page cache like the legal pages.
 */
import type { ReactNode } from "react";
import { data } from "react-router";
import { MAX_PROS_OFFERED } from "~/features/marketplace/choices.server";
import {
  bayesianStars,
  DISTANCE_SCALE_KM,
  KM_PER_MILE,
  NO_MEDIAN_HOURS,
  PRIOR_REVIEWS,
  PRIOR_STARS,
  RANK_WEIGHTS,
  rankPros,
  rankScore,
  RESPONSE_MIN_ANSWERS,
  RESPONSE_SCALE_HOURS,
  RESPONSE_WINDOW_DAYS,
  STAR_RANGE,
  UNKNOWN_DISTANCE_KM,
  WORKED_EXAMPLE,
  type Rankable,
} from "~/features/marketplace/ranking";
import { breadcrumbs } from "~/features/places/breadcrumb";
import { JsonLd } from "~/features/seo/json-ld";
import { breadcrumbList } from "~/features/seo/structured-data";
import { ISLANDS_PAGE } from "~/lib/island";
import { pageMeta } from "~/lib/meta";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/page-headers";
import { siteUrl } from "~/lib/site-url.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/how-we-rank";

const PATH = "/how-we-rank-pros";
const TITLE = "How we rank pros";
const INTRO = `When you choose pros for a request, and on our city and listing pages, pros appear in one published order. Nobody can pay for a place in it.`;

export function loader() {
  return data({ siteUrl: siteUrl(), maxOffered: MAX_PROS_OFFERED }, { headers: PUBLIC_PAGE_CACHE });
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${TITLE} | ${BRAND.name}`,
    description: `The order in which ${BRAND.name} lists pros, in plain words: verified reviews, how quickly a pro answers, and distance. Nobody pays for a place.`,
    siteUrl: loaderData.siteUrl,
    path: PATH,
  });

const percent = (weight: number) => `${String(Math.round(weight * 100))}%`;
const fixed = (value: number, digits = 2) => value.toFixed(digits);
const miles = (km: number) => Math.round(km / KM_PER_MILE);
const hoursText = (hours: number) => `${String(hours)} hour${hours === 1 ? "" : "s"}`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** One pro of the example, with its parts and score as the order computes them. */
function ExampleRow({ pro }: { pro: Rankable }) {
  const parts = rankScore(pro);
  const average = pro.reviewCount === 0 ? null : pro.reviewStars / pro.reviewCount;
  return (
    <tr>
      <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-navy-900">
        {pro.name}
      </th>
      <td className="px-3 py-2">
        {pro.reviewCount === 0
          ? "None yet"
          : `${String(pro.reviewCount)}, averaging ${fixed(average ?? 0, 1)}`}
      </td>
      <td className="px-3 py-2">
        {pro.medianResponseHours === null
          ? `Not enough answers (counts as ${hoursText(NO_MEDIAN_HOURS)})`
          : hoursText(pro.medianResponseHours)}
      </td>
      <td className="px-3 py-2">
        {pro.km === null
          ? `Unknown (counts as ${String(UNKNOWN_DISTANCE_KM)} km)`
          : `${String(pro.km)} km (${String(miles(pro.km))} mi)`}
      </td>
      <td className="px-3 py-2">{fixed(parts.bayesian)}</td>
      <td className="px-3 py-2">{fixed(parts.ratingPart)}</td>
      <td className="px-3 py-2">{fixed(parts.responsiveness)}</td>
      <td className="px-3 py-2">{fixed(parts.closeness)}</td>
      <td className="px-3 py-2 font-semibold text-navy-900">{fixed(parts.score, 3)}</td>
    </tr>
  );
}

export default function HowWeRankPage({ loaderData }: Route.ComponentProps) {
  const rating = percent(RANK_WEIGHTS.rating);
  const response = percent(RANK_WEIGHTS.response);
  const distance = percent(RANK_WEIGHTS.distance);
  const span = STAR_RANGE.max - STAR_RANGE.min;
  const order = rankPros(WORKED_EXAMPLE).map((pro) => pro.name);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">{TITLE}</h1>
      <p className="mt-4 text-lg text-muted">{INTRO}</p>
      <div className="prose-article mt-8">
        <Section id="who-is-listed" title="Who is listed">
          <p>
            A pro is listed for your request when they do the service you asked for and work in your
            place: they name your city, or it is within the distance they travel from their base.
            Businesses our operators have suspended are never listed. In the step where you choose
            who gets your request, we show up to {loaderData.maxOffered} pros, and you pick the ones
            you want; none is picked for you.
          </p>
        </Section>

        <Section id="real-first" title="Real businesses first">
          <p>
            Real businesses always come before listings marked &ldquo;Sample listing&rdquo;, which
            are demonstration data. Sample listings are ordered among themselves in the same way,
            with their sample figures.
          </p>
        </Section>

        <Section id="score" title="The score">
          <p>Within each group, every pro gets a score from three things:</p>
          <ol>
            <li>
              <strong>Verified reviews ({rating} of the score).</strong> We take the stars of the
              pro&apos;s published reviews from homeowners who hired them here, and add{" "}
              {PRIOR_REVIEWS} imaginary reviews of {fixed(PRIOR_STARS, 1)} stars, as if every pro
              had those too. A pro without reviews counts as {fixed(PRIOR_STARS, 1)} stars, and one
              with two five-star reviews as {fixed(bayesianStars(2, 2 * STAR_RANGE.max), 1)}: it
              takes a long record to move far from {fixed(PRIOR_STARS, 1)}. In figures: (
              {PRIOR_REVIEWS} × {fixed(PRIOR_STARS, 1)} + the sum of the stars) ÷ ({PRIOR_REVIEWS} +
              the number of reviews). This rating, from {STAR_RANGE.min} to {STAR_RANGE.max} stars,
              becomes a number from 0 to 1: (rating − {STAR_RANGE.min}) ÷ {span}.
            </li>
            <li>
              <strong>How quickly the pro answers ({response}).</strong> We take the median time
              between a homeowner sending a request and the pro accepting or declining it, over the
              answers of the last {RESPONSE_WINDOW_DAYS} days, once there are at least{" "}
              {RESPONSE_MIN_ANSWERS}. With fewer, we count {hoursText(NO_MEDIAN_HOURS)}. The part is
              1 ÷ (1 + hours ÷ {RESPONSE_SCALE_HOURS}): 1 for an answer straight away,{" "}
              {fixed(1 / (1 + RESPONSE_SCALE_HOURS / RESPONSE_SCALE_HOURS))} for an answer in{" "}
              {hoursText(RESPONSE_SCALE_HOURS)}, and less the longer it takes.
            </li>
            <li>
              <strong>Distance ({distance}).</strong> The distance from your place (on a city page,
              from that city) to the pro&apos;s base. The part is 1 ÷ (1 + km ÷ {DISTANCE_SCALE_KM}
              ): 1 on the spot, {fixed(1 / (1 + DISTANCE_SCALE_KM / DISTANCE_SCALE_KM))} at{" "}
              {DISTANCE_SCALE_KM} km (about {miles(DISTANCE_SCALE_KM)} miles), and less further
              away. When we don&apos;t know the distance, we count {UNKNOWN_DISTANCE_KM} km.
            </li>
          </ol>
          <p>
            The score is {RANK_WEIGHTS.rating} × the reviews&apos; part + {RANK_WEIGHTS.response} ×
            the answers&apos; part + {RANK_WEIGHTS.distance} × the distance&apos;s part. The highest
            score comes first. When two scores are equal, the pro with more reviews comes first,
            then the names in alphabetical order.
          </p>
          <p>
            Nothing else counts. No business can pay for a place, and nobody is moved up for
            advertising with us or for anything else.
          </p>
        </Section>

        <Section id="example" title="A worked example">
          <p>Three pros serve the same request. Their figures, and what the order makes of them:</p>
        </Section>
      </div>
      <div
        className="mt-4 overflow-x-auto rounded-card bg-surface shadow-card lg:-mx-32"
        role="region"
        aria-labelledby="example-caption"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
          <caption id="example-caption" className="px-3 pt-3 text-left font-semibold text-navy-900">
            Three example pros, scored by the ranking itself
          </caption>
          <thead>
            <tr className="border-b-2 border-navy-200 text-navy-900">
              <th scope="col" className="px-3 py-2">
                Pro
              </th>
              <th scope="col" className="px-3 py-2">
                Verified reviews
              </th>
              <th scope="col" className="px-3 py-2">
                Median time to answer
              </th>
              <th scope="col" className="px-3 py-2">
                Distance
              </th>
              <th scope="col" className="px-3 py-2">
                Rating with the {PRIOR_REVIEWS} imaginary reviews
              </th>
              <th scope="col" className="px-3 py-2">
                Reviews&apos; part
              </th>
              <th scope="col" className="px-3 py-2">
                Answers&apos; part
              </th>
              <th scope="col" className="px-3 py-2">
                Distance&apos;s part
              </th>
              <th scope="col" className="px-3 py-2">
                Score
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {WORKED_EXAMPLE.map((pro) => (
              <ExampleRow key={pro.name} pro={pro} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="prose-article mt-6">
        <p>So they are listed in this order: {order.join(", then ")}.</p>
        <p>
          Ratings come only from homeowners who hired the pro through {BRAND.name}: see our{" "}
          <a href="/review-policy">review policy</a>.
        </p>
      </div>
      <JsonLd data={breadcrumbList(loaderData.siteUrl, breadcrumbs(PATH))} />
    </article>
  );
}
