/**
 * Reading a multipart form of photos: the body bounded by MAX_UPLOAD_BYTES,
 * the chosen files of one field, and the rest of the form.
 */
import { msg } from "@lingui/core/macro";
import { translate } from "~/lib/i18n.server";
import { localeOfRequest } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { MAX_UPLOAD_BYTES } from "./photo-limits";
import { PhotoRefused, type PhotoUpload } from "./photo-encoding.server";

const MB = 1024 * 1024;

/** Refused before it is read: too large a body (413), said in the page's language. */
const tooLargeUpload = (locale: Locale) => {
  const megabytes = Math.floor(MAX_UPLOAD_BYTES / MB);
  return new PhotoRefused(
    translate(
      locale,
      msg`Your photos add up to more than ${megabytes} MB. Please send fewer at a time.`,
    ),
    413,
  );
};

/**
 * The request's body, refused as soon as it is known to exceed `limit`:
 * by its Content-Length, or as it arrives when it has none (chunked).
 */
async function readBoundedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const locale = localeOfRequest(request);
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLargeUpload(locale);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLargeUpload(locale);
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * A file the person chose. A form posted with no file chosen still sends
 * the field, as an empty part without a file name.
 */
function isChosenFile(value: FormDataEntryValue): value is File {
  return typeof value !== "string" && !(value.name === "" && value.size === 0);
}

/**
 * The files of a multipart form's `field`, and the whole form (the body can
 * be read only once, so the action takes its other fields from here). The
 * body is read whole, at most MAX_UPLOAD_BYTES: no streaming multipart
 * parser is installed, and a request's photos are bounded anyway. Refusals
 * are in the language of the page the form was posted to.
 */
export async function readPhotoUploads(
  request: Request,
  field = "photos",
): Promise<{ form: FormData; files: PhotoUpload[] }> {
  const body = await readBoundedBody(request, MAX_UPLOAD_BYTES);
  const type = request.headers.get("content-type") ?? "";
  const form = await new Response(body, { headers: { "Content-Type": type } })
    .formData()
    .catch(() => {
      throw new PhotoRefused(
        translate(
          localeOfRequest(request),
          msg`We couldn't read the photos you sent. Please choose them again.`,
        ),
      );
    });
  const chosen = form.getAll(field).filter(isChosenFile);
  const files = await Promise.all(
    chosen.map(async (file) => ({
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    })),
  );
  return { form, files };
}
