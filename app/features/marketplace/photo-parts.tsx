/**
 * Photos on a page: a grid of the stored WebPs (served by /photos/{id}.webp
 * to those allowed to see them) and the form that adds more. The form is an
 * ordinary multipart post: it works without JavaScript, and a refused file
 * is named in the message beside the input.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { describedBy, FieldError, hintId } from "~/components/ui/form-controls";
import { PHOTO_ACCEPT } from "./photo-limits";

export interface PhotoItem {
  id: string;
  width: number;
  height: number;
  caption: string;
}

export function PhotoGrid({
  photos,
  alt,
  removable = false,
}: {
  photos: readonly PhotoItem[];
  /** The alt text of a photo without a caption. */
  alt: string;
  removable?: boolean;
}) {
  const { t } = useLingui();
  if (photos.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {photos.map((photo, index) => {
        const number = index + 1;
        return (
          <li key={photo.id} className="grid gap-2">
            <img
              src={`/photos/${photo.id}.webp`}
              width={photo.width}
              height={photo.height}
              alt={photo.caption || t`${alt} ${number}`}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full rounded-lg object-cover"
            />
            {removable ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-photo" />
                <input type="hidden" name="photo" value={photo.id} />
                <Button type="submit" variant="ghost" size="sm">
                  <Trans>Remove photo {number}</Trans>
                </Button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function PhotoUpload({
  left,
  error,
  label,
  fields = {},
}: {
  /** How many more photos fit. */
  left: number;
  error?: string;
  /** "Add photos" unless said. */
  label?: string;
  /** Hidden fields the action needs besides the files (e.g. which business). */
  fields?: Record<string, string>;
}) {
  const { t } = useLingui();
  if (left <= 0) return null;
  const id = "photo-upload";
  return (
    <Form method="post" encType="multipart/form-data" className="grid justify-items-start gap-2">
      <input type="hidden" name="intent" value="photos" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {label ?? t`Add photos`}
      </label>
      <p id={hintId(id)} className="text-sm text-muted">
        <Plural
          value={left}
          one="JPEG, PNG or WebP, up to 10 MB each; # more photo."
          other="JPEG, PNG or WebP, up to 10 MB each; # more photos."
        />{" "}
        <Trans>We remove the location and camera details before anyone sees them.</Trans>
      </p>
      <input
        id={id}
        name="photos"
        type="file"
        accept={PHOTO_ACCEPT}
        multiple={left > 1}
        required
        className="text-sm file:mr-3 file:min-h-11 file:rounded-control file:border-0 file:bg-navy-100 file:px-4 file:font-semibold file:text-navy-900"
        {...describedBy(id, error, true)}
      />
      <FieldError id={id} error={error} />
      <Button type="submit" variant="secondary" size="sm">
        <Trans>Upload</Trans>
      </Button>
    </Form>
  );
}
