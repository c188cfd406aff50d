/**
 * /how-we-rank-pros: the published order of pros in plain words (issue 22).
 * Every figure is a constant of app/features/marketplace/ranking.ts, and the
 * worked example is scored by that module's own functions as the page
 * renders, so the page cannot say one thing while the order does another.
 * Public and kept in the page cache like the legal pages. In the page's
 * language, every figure written as it writes them (decision 030). The
 * answer figures (issue 33) are defined here in the words of ranking.ts,
 * with the same constants and the same rounding (answer-figures.ts) as the
 * line on profiles and cards.
 */
import { msg, plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { data } from "react-router";
import { MAX_PROS_OFFERED } from "~/features/marketplace/serving-pros.server";
import { answerTimeOf, inTenOf, MINUTE_STEP } from "~/features/marketplace/answer-figures";
import { answerLineIn } from "~/features/marketplace/answer-words";
import { ANSWER_WINDOW_HOURS } from "~/features/marketplace/limits";
import {
  ANSWER_MIN_RECEIVED,
  bayesianStars,
  DISTANCE_SCALE_KM,
  KM_PER_MILE,
  NEW_ANSWER_RATE,
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
import { translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { formatterCache, type Locale } from "~/lib/locales";
import { pageMeta } from "~/lib/meta";
import { cachedPageHeaders } from "~/lib/cache-keys";
import { publicPageHeaders } from "~/lib/page-headers";
import { siteUrl } from "~/lib/site-url.server";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/how-we-rank";

const PATH = "/how-we-rank-pros";
const TITLE = msg`How we rank pros`;

export function loader({ context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const brand = BRAND.name;
  return data(
    {
      siteUrl: siteUrl(),
      maxOffered: MAX_PROS_OFFERED,
      locale,
      title: translate(locale, TITLE),
      description: translate(
        locale,
        msg`The order in which ${brand} lists pros, in plain words: verified reviews, how reliably and how quickly a pro answers, and distance. Nobody pays for a place.`,
      ),
    },
    { headers: cachedPageHeaders([]) },
  );
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const clientLoader = documentLoad;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${loaderData.title} | ${BRAND.name}`,
    description: loaderData.description,
    siteUrl: loaderData.siteUrl,
    path: PATH,
    locale: loaderData.locale,
  });

const percentFormat = formatterCache(
  (tag) => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 }),
);
/** A figure with exactly `digits` decimals ("0.50", "0,50"). */
const fixedFormat = formatterCache(
  (tag, digits) =>
    new Intl.NumberFormat(tag, {
      minimumFractionDigits: Number(digits),
      maximumFractionDigits: Number(digits),
      useGrouping: false,
    }),
);
/** A figure as short as it is ("5", "0.6", "0.25"). */
const plainFormat = formatterCache(
  (tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 3, useGrouping: false }),
);

/** The page's figures in its language. */
function figures(locale: Locale) {
  return {
    percent: (weight: number) => percentFormat(locale).format(weight),
    fixed: (value: number, digits = 2) => fixedFormat(locale, String(digits)).format(value),
    plain: (value: number) => plainFormat(locale).format(value),
  };
}

const miles = (km: number) => Math.round(km / KM_PER_MILE);

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
  const { t } = useLingui();
  const { fixed, plain } = figures(useLocale());
  const parts = rankScore(pro);
  const reviews = plain(pro.reviewCount);
  const average = fixed(pro.reviewCount === 0 ? 0 : pro.reviewStars / pro.reviewCount, 1);
  const hours = pro.medianResponseHours;
  const inTen = pro.answerRate === null ? null : inTenOf(pro.answerRate);
  const minReceived = plain(ANSWER_MIN_RECEIVED);
  const newRate = plain(NEW_ANSWER_RATE);
  const km = pro.km === null ? null : plain(pro.km);
  const mi = pro.km === null ? null : plain(miles(pro.km));
  const unknownKm = plain(UNKNOWN_DISTANCE_KM);
  return (
    <tr>
      <th scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-navy-900">
        {pro.name}
      </th>
      <td className="px-3 py-2">
        {pro.reviewCount === 0 ? t`None yet` : t`${reviews}, averaging ${average}`}
      </td>
      <td className="px-3 py-2">
        {inTen === null
          ? t`Fewer than ${minReceived} requests (counts as ${newRate})`
          : t`${inTen} in 10`}
      </td>
      <td className="px-3 py-2">
        {hours === null
          ? t`Not enough answers (counts as ${plural(NO_MEDIAN_HOURS, {
              one: "# hour",
              other: "# hours",
            })})`
          : t`${plural(hours, { one: "# hour", other: "# hours" })}`}
      </td>
      <td className="px-3 py-2">
        {km === null ? t`Unknown (counts as ${unknownKm} km)` : t`${km} km (${mi} mi)`}
      </td>
      <td className="px-3 py-2">{fixed(parts.bayesian)}</td>
      <td className="px-3 py-2">{fixed(parts.ratingPart)}</td>
      <td className="px-3 py-2">{fixed(parts.answerPart)}</td>
      <td className="px-3 py-2">{fixed(parts.responsiveness)}</td>
      <td className="px-3 py-2">{fixed(parts.closeness)}</td>
      <td className="px-3 py-2 font-semibold text-navy-900">{fixed(parts.score, 3)}</td>
    </tr>
  );
}

export default function HowWeRankPage({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const { percent, fixed, plain } = figures(useLocale());
  const brand = BRAND.name;
  const rating = percent(RANK_WEIGHTS.rating);
  const answerRate = percent(RANK_WEIGHTS.answerRate);
  const response = percent(RANK_WEIGHTS.response);
  const distance = percent(RANK_WEIGHTS.distance);
  const maxOffered = plain(loaderData.maxOffered);
  const priorReviews = plain(PRIOR_REVIEWS);
  const priorStars = fixed(PRIOR_STARS, 1);
  const twoFiveStars = fixed(bayesianStars(2, 2 * STAR_RANGE.max), 1);
  const minStars = plain(STAR_RANGE.min);
  const maxStars = plain(STAR_RANGE.max);
  const span = plain(STAR_RANGE.max - STAR_RANGE.min);
  const windowDays = plain(RESPONSE_WINDOW_DAYS);
  const minAnswers = plain(RESPONSE_MIN_ANSWERS);
  const minReceived = plain(ANSWER_MIN_RECEIVED);
  const newRate = plain(NEW_ANSWER_RATE);
  const answerWindow = plain(ANSWER_WINDOW_HOURS);
  const minuteStep = plain(MINUTE_STEP);
  const ninetySix = percent(0.96);
  const ninetySixInTen = plain(inTenOf(0.96));
  // The line a pro with 20 requests, 18 answered in time, a median of 2 h 10 min would show.
  const exampleLine = answerLineIn(i18n, {
    shown: "counted",
    inTen: inTenOf(18 / 20),
    within: answerTimeOf(2 * 3600 + 10 * 60),
  });
  const newLine = answerLineIn(i18n, { shown: "new" });
  const scaleHours = plain(RESPONSE_SCALE_HOURS);
  const halfAnswer = fixed(1 / (1 + RESPONSE_SCALE_HOURS / RESPONSE_SCALE_HOURS));
  const scaleKm = plain(DISTANCE_SCALE_KM);
  const halfDistance = fixed(1 / (1 + DISTANCE_SCALE_KM / DISTANCE_SCALE_KM));
  const scaleMiles = plain(miles(DISTANCE_SCALE_KM));
  const unknownKm = plain(UNKNOWN_DISTANCE_KM);
  const ratingWeight = plain(RANK_WEIGHTS.rating);
  const answerRateWeight = plain(RANK_WEIGHTS.answerRate);
  const responseWeight = plain(RANK_WEIGHTS.response);
  const distanceWeight = plain(RANK_WEIGHTS.distance);
  const [first = "", ...rest] = rankPros(WORKED_EXAMPLE).map((pro) => pro.name);
  const order = rest.reduce((list, name) => t`${list}, then ${name}`, first);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
        {i18n._(TITLE)}
      </h1>
      <p className="mt-4 text-lg text-muted">
        <Trans>
          When you choose pros for a request, and on our city and listing pages, pros appear in one
          published order. Nobody can pay for a place in it.
        </Trans>
      </p>
      <div className="prose-article mt-8">
        <Section id="who-is-listed" title={t`Who is listed`}>
          <p>
            <Trans>
              A pro is listed for your request when they do the service you asked for and work in
              your place: they name your city, or it is within the distance they travel from their
              base. Businesses our operators have suspended are never listed. In the step where you
              choose who gets your request, we show up to {maxOffered} pros, and you pick the ones
              you want; none is picked for you.
            </Trans>
          </p>
        </Section>

        <Section id="real-first" title={t`Real businesses first`}>
          <p>
            <Trans>
              Real businesses always come before listings marked &ldquo;Sample listing&rdquo;, which
              are demonstration data. Sample listings are ordered among themselves in the same way,
              with their sample figures.
            </Trans>
          </p>
          <p>
            <Trans>
              On listing pages, in search results and in the step where you choose pros, sample
              listings are shown apart, below the real businesses, under the heading &ldquo;Sample
              listings&rdquo;.
            </Trans>
          </p>
        </Section>

        <Section id="score" title={t`The score`}>
          <p>
            <Trans>Within each group, every pro gets a score from four things:</Trans>
          </p>
          <ol>
            <li>
              <Trans>
                <strong>Verified reviews ({rating} of the score).</strong> We take the stars of the
                pro&apos;s published reviews from homeowners who hired them here, and add{" "}
                {priorReviews} imaginary reviews of {priorStars} stars, as if every pro had those
                too. A pro without reviews counts as {priorStars} stars, and one with two five-star
                reviews as {twoFiveStars}: it takes a long record to move far from {priorStars}. In
                figures: ({priorReviews} × {priorStars} + the sum of the stars) ÷ ({priorReviews} +
                the number of reviews). This rating, from {minStars} to {maxStars} stars, becomes a
                number from 0 to 1: (rating − {minStars}) ÷ {span}.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>How reliably the pro answers ({answerRate}).</strong> The pro&apos;s answer
                rate: the share of their requests they accepted or declined in time, from 0 to 1
                (see <a href="#answer-figures-title">the answer figures</a> below). Until{" "}
                {minReceived} of their requests count, we count {newRate}.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>How quickly the pro answers ({response}).</strong> The median time between a
                homeowner sending a request and the pro accepting or declining it, over the same
                requests, once {minReceived} of them count and the pro has answered at least{" "}
                {minAnswers}. Until then, we count{" "}
                <Plural value={NO_MEDIAN_HOURS} one="# hour" other="# hours" />. The part is 1 ÷ (1
                + hours ÷ {scaleHours}): 1 for an answer straight away, {halfAnswer} for an answer
                in <Plural value={RESPONSE_SCALE_HOURS} one="# hour" other="# hours" />, and less
                the longer it takes.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Distance ({distance}).</strong> The distance from your place (on a city
                page, from that city) to the base city the pro gave us. The part is 1 ÷ (1 + km ÷{" "}
                {scaleKm}): 1 on the spot, {halfDistance} at {scaleKm} km (about {scaleMiles}{" "}
                miles), and less further away. When we don&apos;t know the distance, because the pro
                gave no base city (naming the cities they serve is not a base) or we don&apos;t know
                your place, we count {unknownKm} km, and the pro&apos;s card shows no distance.
              </Trans>
            </li>
          </ol>
          <p>
            <Trans>
              The score is {ratingWeight} × the reviews&apos; part + {answerRateWeight} × the answer
              rate&apos;s part + {responseWeight} × the speed&apos;s part + {distanceWeight} × the
              distance&apos;s part. The highest score comes first. When two scores are equal, the
              pro with more reviews comes first, then the names in alphabetical order.
            </Trans>
          </p>
          <p>
            <Trans>
              Nothing else counts. No business can pay for a place, and nobody is moved up for
              advertising with us or for anything else.
            </Trans>
          </p>
        </Section>

        <Section id="answer-figures" title={t`The answer figures`}>
          <p>
            <Trans>
              A pro has {answerWindow} hours to accept or decline a request. Profiles, listings and
              the step where you choose pros show how each pro does, in one line such as &ldquo;
              {exampleLine}&rdquo;. The ranking uses the same figures, counted like this:
            </Trans>
          </p>
          <ul>
            <li>
              <Trans>
                <strong>Requests received:</strong> the requests that reached the pro in the last{" "}
                {windowDays} days, except those still within their {answerWindow} hours without an
                answer (too early to tell), and those the homeowner withdrew before the pro
                answered: closed, gave to another pro, or removed the pro from (not the pro&apos;s
                doing).
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Answered in time:</strong> accepted or declined by the request&apos;s
                deadline. Declining counts as an answer: saying no quickly frees the place for
                another pro.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Answer rate:</strong> answered in time ÷ received, shown to the nearest
                tenth (&ldquo;answers 9 in 10 requests&rdquo;). We never round up to 10 in 10 unless
                every request was answered in time, nor down to 0 unless none was: a pro answering{" "}
                {ninetySix} reads {ninetySixInTen} in 10.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>Usual time to answer:</strong> the median time to answer over the requests
                the pro answered, rounded up, never down: to the next {minuteStep} minutes under an
                hour, to the next hour up to a day, then to the next day. It is shown once the pro
                has answered {minAnswers} requests.
              </Trans>
            </li>
            <li>
              <Trans>
                Until {minReceived} requests count, a pro shows &ldquo;{newLine}&rdquo;. Sample
                listings have no answer figures: they are demonstration data, and nobody answers
                their requests.
              </Trans>
            </li>
          </ul>
        </Section>

        <Section id="example" title={t`A worked example`}>
          <p>
            <Trans>
              Three pros serve the same request. Their figures, and what the order makes of them:
            </Trans>
          </p>
        </Section>
      </div>
      <div
        className="mt-4 overflow-x-auto rounded-card bg-surface shadow-card lg:-mx-32"
        role="region"
        aria-labelledby="example-caption"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full min-w-[60rem] border-collapse text-left text-sm">
          <caption id="example-caption" className="px-3 pt-3 text-left font-semibold text-navy-900">
            <Trans>Three example pros, scored by the ranking itself</Trans>
          </caption>
          <thead>
            <tr className="border-b-2 border-navy-200 text-navy-900">
              <th scope="col" className="px-3 py-2">
                <Trans>Pro</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Verified reviews</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Answered in time</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Median time to answer</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Distance</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Rating with the {priorReviews} imaginary reviews</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Reviews&apos; part</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Answer rate&apos;s part</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Speed&apos;s part</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Distance&apos;s part</Trans>
              </th>
              <th scope="col" className="px-3 py-2">
                <Trans>Score</Trans>
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
        <p>
          <Trans>So they are listed in this order: {order}.</Trans>
        </p>
        <p>
          <Trans>
            Ratings come only from homeowners who hired the pro through {brand}: see our{" "}
            <a href={localize("/review-policy")}>review policy</a>.
          </Trans>
        </p>
      </div>
      <JsonLd
        data={breadcrumbList(
          loaderData.siteUrl,
          breadcrumbs(PATH, loaderData.locale),
          loaderData.locale,
        )}
      />
    </article>
  );
}
