/**
 * /review-policy: the rules every review on the site follows (issue 22), the
 * same for praise and complaints (FTC 16 CFR Part 465). Every figure comes
 * from app/features/reviews/limits.ts, the values the forms and the database
 * check, and each ground for removal has its own anchor (#abusive, …) that a
 * removed review links to. Public and kept in the page cache like the legal
 * pages. In the page's language, figures written as it writes them (decision
 * 030); the grounds for removal are said here in the words of limits.ts.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { data } from "react-router";
import { breadcrumbs } from "~/features/places/breadcrumb";
import {
  REMOVAL_REASONS,
  REPLY_MAX_CHARS,
  REVIEW_EDIT_DAYS,
  REVIEW_MAX_PHOTOS,
  REVIEW_REPORT_NOTE_MAX_CHARS,
  REVIEW_STARS,
  REVIEW_TEXT,
  type RemovalReason,
} from "~/features/reviews/limits";
import { JsonLd } from "~/features/seo/json-ld";
import { breadcrumbList } from "~/features/seo/structured-data";
import { translate } from "~/lib/i18n.server";
import { documentLoad, ISLANDS_PAGE } from "~/lib/island";
import { localeOf } from "~/lib/locale-context.server";
import { formatterCache } from "~/lib/locales";
import { pageMeta } from "~/lib/meta";
import { cachedPageHeaders } from "~/lib/cache-keys";
import { publicPageHeaders } from "~/lib/page-headers";
import { siteUrl } from "~/lib/site-url.server";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/review-policy";

const PATH = "/review-policy";
const TITLE = msg`Review policy`;

/** Each ground for removal, as app/features/reviews/limits.ts (REMOVAL_REASON_TEXT) words it. */
const REASONS: Record<RemovalReason, { label: MessageDescriptor; rule: MessageDescriptor }> = {
  personal_information: {
    label: msg`Personal information`,
    rule: msg`It shares someone's private details: a phone number, an email or home address, or a full name of a private person other than the business.`,
  },
  abusive: {
    label: msg`Abusive or discriminatory`,
    rule: msg`It threatens, harasses or insults someone, or attacks people for their race, religion, sex, sexual orientation, disability, age or origin.`,
  },
  not_about_the_job: {
    label: msg`Not about the job`,
    rule: msg`It is not about the work or the service this business did on this job (for example an advertisement, a link to another site, or another business's work).`,
  },
  conflict_of_interest: {
    label: msg`Undisclosed conflict of interest`,
    rule: msg`It was written by the business's owner, staff or family, or by a competitor, and the connection was not disclosed.`,
  },
  illegal: {
    label: msg`Illegal content`,
    rule: msg`It contains something unlawful to publish, such as a false statement of fact that a court has ruled defamatory, or content that infringes someone's rights.`,
  },
};

export function loader({ context }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const brand = BRAND.name;
  return data(
    {
      siteUrl: siteUrl(),
      locale,
      title: translate(locale, TITLE),
      description: translate(
        locale,
        msg`Who can review a pro on ${brand}, what a review contains, why a review may be removed, and how ratings are worked out.`,
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

const integer = formatterCache((tag) => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export default function ReviewPolicyPage({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const localize = useLocalize();
  const count = (n: number) => integer(locale).format(n);
  const brand = BRAND.name;
  const minStars = count(REVIEW_STARS.min);
  const maxStars = count(REVIEW_STARS.max);
  const minChars = count(REVIEW_TEXT.min);
  const maxChars = count(REVIEW_TEXT.max);
  const maxPhotos = count(REVIEW_MAX_PHOTOS);
  const replyChars = count(REPLY_MAX_CHARS);
  const noteChars = count(REVIEW_REPORT_NOTE_MAX_CHARS);
  const editDays = count(REVIEW_EDIT_DAYS);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-navy-900 sm:text-4xl">
        {i18n._(TITLE)}
      </h1>
      <p className="mt-4 text-lg text-muted">
        <Trans>
          Every review on {brand} comes from a homeowner who hired the pro through {brand}. Good and
          bad reviews follow the same rules, and no business can buy, hide or edit one.
        </Trans>
      </p>
      <div className="prose-article mt-8">
        <Section id="who-can-review" title={t`Who can review a pro`}>
          <ul>
            <li>
              <Trans>
                Only the homeowner who hired the pro through {brand} for a project can review them.
              </Trans>
            </li>
            <li>
              <Trans>
                They can write it once they have marked the project completed, and only once per
                project.
              </Trans>
            </li>
            <li>
              <Trans>Nobody can review their own business.</Trans>
            </li>
          </ul>
        </Section>

        <Section id="what-a-review-contains" title={t`What a review contains`}>
          <ul>
            <li>
              <Trans>
                A rating from {minStars} to {maxStars} stars.
              </Trans>
            </li>
            <li>
              <Trans>
                Text about the job, from {minChars} to {maxChars} characters.
              </Trans>
            </li>
            <li>
              <Trans>
                Up to {maxPhotos} photos of the job (we remove their location and other hidden
                details).
              </Trans>
            </li>
            <li>
              <Trans>
                The label <strong>Verified hire</strong>, with the service and the month of the job,
                and the writer&apos;s first name and last initial.
              </Trans>
            </li>
          </ul>
        </Section>

        <Section id="same-rules" title={t`Published at once, under the same rules`}>
          <p>
            <Trans>
              A review is published as soon as it is sent. We don&apos;t check it first, and the
              business can&apos;t edit it, hide it, delay it or choose which reviews show. We apply
              the same rules to positive and negative reviews: a review is never removed because of
              its rating or because it criticises the work, only on one of the grounds below.
            </Trans>
          </p>
          <p>
            <Trans>
              This follows the US Federal Trade Commission&apos;s rule on consumer reviews (16 CFR
              Part 465), which forbids suppressing negative reviews and buying or faking reviews.
            </Trans>
          </p>
        </Section>

        <Section id="no-rewards" title={t`No rewards for reviews`}>
          <p>
            <Trans>
              We never pay, give a discount to or reward anyone for writing a review, and a business
              on {brand} may not either: nothing may be offered in return for a review, and nothing
              may depend on what a review says.
            </Trans>
          </p>
        </Section>

        <Section id="connections" title={t`Reviews by people connected to the business`}>
          <p>
            <Trans>
              A review written by someone connected to the business (its owner, staff or family) is
              marked as such on the review itself, so readers can weigh it. A review by a connected
              person, or by a competitor, that does not disclose the connection can be removed under
              the rule on conflicts of interest below.
            </Trans>
          </p>
        </Section>

        <Section id="replies-and-reports" title={t`Replies and reports`}>
          <ul>
            <li>
              <Trans>
                The business may reply to a review once, publicly, in up to {replyChars} characters.
                The reply shows under the review.
              </Trans>
            </li>
            <li>
              <Trans>
                The business may report a review it believes breaks one of the rules below, naming
                the rule, with a note of up to {noteChars} characters. One of our operators decides.
                The review stays published while they look at it.
              </Trans>
            </li>
          </ul>
        </Section>

        <Section id="removal" title={t`Why a review may be removed`}>
          <p>
            <Trans>
              A review is removed only when it breaks one of these rules, whether it is good or bad:
            </Trans>
          </p>
          <ol>
            {REMOVAL_REASONS.map((reason) => {
              const label = i18n._(REASONS[reason].label);
              const rule = i18n._(REASONS[reason].rule);
              return (
                <li key={reason} id={reason} className="scroll-mt-24">
                  <Trans>
                    <strong>{label}.</strong> {rule}
                  </Trans>
                </li>
              );
            })}
          </ol>
          <p>
            <Trans>
              A removed review no longer counts towards the rating. In its place the profile says
              which rule it broke, with a link to that rule on this page, for example: &ldquo;This
              review was removed under our review policy: abusive or discriminatory.&rdquo;
            </Trans>
          </p>
        </Section>

        <Section id="editing" title={t`Editing a review`}>
          <p>
            <Trans>
              The homeowner may change their stars and text for {editDays} days after first
              publishing the review. The review then shows that it was edited, and we keep every
              earlier version. A removed review can&apos;t be edited.
            </Trans>
          </p>
        </Section>

        <Section id="ratings" title={t`How ratings are worked out`}>
          <p>
            <Trans>
              A business&apos;s rating is the average of the stars of its published verified
              reviews, rounded to one decimal, shown with how many reviews there are. A business
              without any shows &ldquo;No reviews yet&rdquo;. Only these ratings are given to search
              engines.
            </Trans>
          </p>
          <p>
            <Trans>
              Listings marked &ldquo;Sample listing&rdquo; are demonstration data: their ratings and
              review counts are made up, and are always labelled &ldquo;sample&rdquo;.
            </Trans>
          </p>
          <p>
            <Trans>
              Ratings are one part of the order in which pros are listed:{" "}
              <a href={localize("/how-we-rank-pros")}>how we rank pros</a>.
            </Trans>
          </p>
        </Section>
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
