/**
 * /review-policy: the rules every review on the site follows (issue 22), the
 * same for praise and complaints (FTC 16 CFR Part 465). Every figure comes
 * from app/features/reviews/limits.ts, the values the forms and the database
 * check, and each ground for removal has its own anchor (#abusive, …) that a
 * removed review links to. Public and kept in the page cache like the legal
 * pages.
 */
import type { ReactNode } from "react";
import { data } from "react-router";
import { breadcrumbs } from "~/features/places/breadcrumb";
import {
  REMOVAL_REASON_TEXT,
  REMOVAL_REASONS,
  removedText,
  REPLY_MAX_CHARS,
  REVIEW_EDIT_DAYS,
  REVIEW_MAX_PHOTOS,
  REVIEW_REPORT_NOTE_MAX_CHARS,
  REVIEW_STARS,
  REVIEW_TEXT,
} from "~/features/reviews/limits";
import { JsonLd } from "~/features/seo/json-ld";
import { breadcrumbList } from "~/features/seo/structured-data";
import { ISLANDS_PAGE } from "~/lib/island";
import { pageMeta } from "~/lib/meta";
import { PUBLIC_PAGE_CACHE, publicPageHeaders } from "~/lib/page-headers";
import { siteUrl } from "~/lib/site-url.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/review-policy";

const PATH = "/review-policy";
const TITLE = "Review policy";
const INTRO = `Every review on ${BRAND.name} comes from a homeowner who hired the pro through ${BRAND.name}. Good and bad reviews follow the same rules, and no business can buy, hide or edit one.`;

export function loader() {
  return data({ siteUrl: siteUrl() }, { headers: PUBLIC_PAGE_CACHE });
}

export const headers = publicPageHeaders;

export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: `${TITLE} | ${BRAND.name}`,
    description: `Who can review a pro on ${BRAND.name}, what a review contains, why a review may be removed, and how ratings are worked out.`,
    siteUrl: loaderData.siteUrl,
    path: PATH,
  });

const count = (n: number) => n.toLocaleString("en-US");

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export default function ReviewPolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">{TITLE}</h1>
      <p className="mt-4 text-lg text-muted">{INTRO}</p>
      <div className="prose-article mt-8">
        <Section id="who-can-review" title="Who can review a pro">
          <ul>
            <li>
              Only the homeowner who hired the pro through {BRAND.name} for a project can review
              them.
            </li>
            <li>
              They can write it once they have marked the project completed, and only once per
              project.
            </li>
            <li>Nobody can review their own business.</li>
          </ul>
        </Section>

        <Section id="what-a-review-contains" title="What a review contains">
          <ul>
            <li>
              A rating from {REVIEW_STARS.min} to {REVIEW_STARS.max} stars.
            </li>
            <li>
              Text about the job, from {count(REVIEW_TEXT.min)} to {count(REVIEW_TEXT.max)}{" "}
              characters.
            </li>
            <li>
              Up to {REVIEW_MAX_PHOTOS} photos of the job (we remove their location and other hidden
              details).
            </li>
            <li>
              The label <strong>Verified hire</strong>, with the service and the month of the job,
              and the writer&apos;s first name and last initial.
            </li>
          </ul>
        </Section>

        <Section id="same-rules" title="Published at once, under the same rules">
          <p>
            A review is published as soon as it is sent. We don&apos;t check it first, and the
            business can&apos;t edit it, hide it, delay it or choose which reviews show. We apply
            the same rules to positive and negative reviews: a review is never removed because of
            its rating or because it criticises the work, only on one of the grounds below.
          </p>
          <p>
            This follows the US Federal Trade Commission&apos;s rule on consumer reviews (16 CFR
            Part 465), which forbids suppressing negative reviews and buying or faking reviews.
          </p>
        </Section>

        <Section id="no-rewards" title="No rewards for reviews">
          <p>
            We never pay, give a discount to or reward anyone for writing a review, and a business
            on {BRAND.name} may not either: nothing may be offered in return for a review, and
            nothing may depend on what a review says.
          </p>
        </Section>

        <Section id="connections" title="Reviews by people connected to the business">
          <p>
            A review written by someone connected to the business (its owner, staff or family) is
            marked as such on the review itself, so readers can weigh it. A review by a connected
            person, or by a competitor, that does not disclose the connection can be removed under
            the rule on conflicts of interest below.
          </p>
        </Section>

        <Section id="replies-and-reports" title="Replies and reports">
          <ul>
            <li>
              The business may reply to a review once, publicly, in up to {count(REPLY_MAX_CHARS)}{" "}
              characters. The reply shows under the review.
            </li>
            <li>
              The business may report a review it believes breaks one of the rules below, naming the
              rule, with a note of up to {count(REVIEW_REPORT_NOTE_MAX_CHARS)} characters. One of
              our operators decides. The review stays published while they look at it.
            </li>
          </ul>
        </Section>

        <Section id="removal" title="Why a review may be removed">
          <p>
            A review is removed only when it breaks one of these rules, whether it is good or bad:
          </p>
          <ol>
            {REMOVAL_REASONS.map((reason) => (
              <li key={reason} id={reason} className="scroll-mt-24">
                <strong>{REMOVAL_REASON_TEXT[reason].label}.</strong>{" "}
                {REMOVAL_REASON_TEXT[reason].rule}
              </li>
            ))}
          </ol>
          <p>
            A removed review no longer counts towards the rating. In its place the profile says
            which rule it broke, with a link to that rule on this page, for example: &ldquo;
            {removedText("abusive")}&rdquo;
          </p>
        </Section>

        <Section id="editing" title="Editing a review">
          <p>
            The homeowner may change their stars and text for {REVIEW_EDIT_DAYS} days after first
            publishing the review. The review then shows that it was edited, and we keep every
            earlier version. A removed review can&apos;t be edited.
          </p>
        </Section>

        <Section id="ratings" title="How ratings are worked out">
          <p>
            A business&apos;s rating is the average of the stars of its published verified reviews,
            rounded to one decimal, shown with how many reviews there are. A business without any
            shows &ldquo;No reviews yet&rdquo;. Only these ratings are given to search engines.
          </p>
          <p>
            Listings marked &ldquo;Sample listing&rdquo; are demonstration data: their ratings and
            review counts are made up, and are always labelled &ldquo;sample&rdquo;.
          </p>
          <p>
            Ratings are one part of the order in which pros are listed:{" "}
            <a href="/how-we-rank-pros">how we rank pros</a>.
          </p>
        </Section>
      </div>
      <JsonLd data={breadcrumbList(loaderData.siteUrl, breadcrumbs(PATH))} />
    </article>
  );
}
