/**
 * The homeowner's review form (write, or edit within the edit window): the
 * stars as five radio buttons, the text, and photos. A multipart form post
 * that works without JavaScript; each refusal is said beside its field and
 * what was typed is kept.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import {
  describedBy,
  Field,
  FieldError,
  FormAlert,
  hintId,
  TextArea,
} from "~/components/ui/form-controls";
import { figure } from "~/features/conversations";
import { PHOTO_ACCEPT } from "~/features/marketplace";
import { useLocale } from "~/lib/use-locale";
import { REVIEW_MAX_PHOTOS, REVIEW_STARS, REVIEW_TEXT } from "./limits";

const STAR_WORDS: Record<number, MessageDescriptor> = {
  1: msg`Poor`,
  2: msg`Fair`,
  3: msg`Good`,
  4: msg`Very good`,
  5: msg`Excellent`,
};

export interface ReviewFormValues {
  stars: string;
  body: string;
}

export type ReviewFormErrors = Partial<Record<"stars" | "body" | "photos" | "form", string>>;

export function ReviewForm({
  businessName,
  intent,
  values,
  errors = {},
  photosLeft,
}: {
  businessName: string;
  intent: "write" | "edit";
  values: ReviewFormValues;
  errors?: ReviewFormErrors;
  photosLeft: number;
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const submitting = useNavigation().state === "submitting";
  const starsError = "review-stars-error";
  const min = REVIEW_TEXT.min;
  const max = figure(REVIEW_TEXT.max, locale);
  const most = REVIEW_MAX_PHOTOS;
  return (
    <Form method="post" encType="multipart/form-data" className="grid gap-5" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <FormAlert message={errors.form} />
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.stars ? starsError : undefined}
        aria-invalid={errors.stars ? true : undefined}
      >
        <legend className="mb-1 text-sm font-semibold text-navy-900">
          <Trans>How would you rate {businessName}?</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          {Array.from(
            { length: REVIEW_STARS.max - REVIEW_STARS.min + 1 },
            (_, i) => REVIEW_STARS.min + i,
          ).map((n) => {
            const word = STAR_WORDS[n] ? i18n._(STAR_WORDS[n]) : "";
            return (
              <label
                key={n}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-control border border-navy-200 px-3 py-2 text-sm has-[:checked]:border-navy-700 has-[:checked]:bg-navy-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-navy-700"
              >
                <input
                  type="radio"
                  name="stars"
                  value={n}
                  defaultChecked={values.stars === String(n)}
                  required
                  className="size-4 accent-navy-700"
                />
                <span>{t`${plural(n, { one: "# star", other: "# stars" })}: ${word}`}</span>
              </label>
            );
          })}
        </div>
        {errors.stars ? (
          <p id={starsError} className="text-sm font-medium text-danger-700">
            {errors.stars}
          </p>
        ) : null}
      </fieldset>
      <Field
        id="review-body"
        label={t`Your review`}
        error={errors.body}
        hint={t`What did they do, how did it go, would you hire them again? ${min} to ${max} characters. Please leave out phone numbers, addresses and other private details.`}
      >
        <TextArea
          id="review-body"
          name="body"
          rows={7}
          defaultValue={values.body}
          minLength={REVIEW_TEXT.min}
          maxLength={REVIEW_TEXT.max}
          required
          {...describedBy("review-body", errors.body, true)}
        />
      </Field>
      {photosLeft > 0 ? (
        <div className="grid justify-items-start gap-2">
          <label htmlFor="review-photos" className="text-sm font-semibold text-navy-900">
            <Trans>
              Photos of the finished job <span className="font-normal text-muted">(optional)</span>
            </Trans>
          </label>
          <p id={hintId("review-photos")} className="text-sm text-muted">
            {t`JPEG, PNG or WebP, up to 10 MB each; up to ${plural(photosLeft, { one: "# more photo", other: "# more photos" })} (a review has at most ${most}). They are public with your review. We remove the location and camera details.`}
          </p>
          <input
            id="review-photos"
            name="photos"
            type="file"
            accept={PHOTO_ACCEPT}
            multiple={photosLeft > 1}
            className="text-sm file:mr-3 file:min-h-11 file:rounded-control file:border-0 file:bg-navy-100 file:px-4 file:font-semibold file:text-navy-900"
            {...describedBy("review-photos", errors.photos, true)}
          />
          <FieldError id="review-photos" error={errors.photos} />
        </div>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={submitting}>
        {intent === "write" ? <Trans>Publish review</Trans> : <Trans>Save changes</Trans>}
      </Button>
    </Form>
  );
}
