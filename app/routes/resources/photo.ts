import type { LoaderFunctionArgs } from "react-router";
import { getUser } from "~/features/auth/require-user.server";
import { isPhotoId, photoFor } from "~/features/marketplace/photos.server";
import { getDb } from "~/lib/app-context.server";

/** The same answer for a photo that does not exist and one this person may not see. */
function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * GET /photos/:id.webp: a photo as WebP. A business's photo is public and never
 * changes (a new upload gets a new id), so anyone may keep it; a request's
 * photo goes only to the homeowner and the pros it was sent to, and is
 * never stored. A published review's photo is public for a few minutes at a
 * time: an operator may remove the review.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // `/photos/{id}.webp`: the extension keeps it off the page path (no form-key
  // cookie, no render queue; server/http/request-handler.ts).
  const id = /^(.+)\.webp$/.exec(params.file ?? "")?.[1] ?? "";
  if (!isPhotoId(id)) return notFound();
  const user = await getUser(request, context);
  const photo = await photoFor(getDb(context), user?.id ?? null, id);
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo.webp), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": !photo.public
        ? "private, no-store"
        : photo.mayBeWithdrawn
          ? "public, max-age=300"
          : "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
