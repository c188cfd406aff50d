/**
 * /pro/profile: the owner changes their business's profile (the first they
 * own, or ?business=<id> among theirs). Someone who owns none is sent to
 * /pro/join.
 */
import { data, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { serviceGroups } from "~/features/content/service-options.server";
import { ProfileForm } from "~/features/contractors/profile-form";
import { profileFormValues } from "~/features/contractors/profile-schema";
import {
  licenceRegions,
  ownBusinesses,
  profileFormOf,
  updateBusiness,
} from "~/features/contractors/profiles.server";
import { NotFound } from "~/features/marketplace/requests.server";
import { PhotoGrid, PhotoUpload } from "~/features/marketplace/photo-parts";
import { PHOTO_LIMITS } from "~/features/marketplace/photo-limits";
import {
  addBusinessPhotos,
  photosOfBusiness,
  PhotoRefused,
  readPhotoUploads,
  removePhoto,
} from "~/features/marketplace/photos.server";
import type { Database } from "~/lib/db.server";
import { getServices } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/profile";
import { localeOfRequest } from "~/lib/locale-path";

const PATH = "/pro/profile";

/** A form's text field ("" when absent or a file). */
function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function notFound(): never {
  throw data(
    { title: "Business not found", message: "We couldn't find that business among yours." },
    { status: 404, headers: NO_STORE },
  );
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const user = await requireUser(request, context, PATH);
  const db = getServices(context).database.db;
  const owned = await ownBusinesses(db, user.id);
  const asked = url.searchParams.get("business");
  const business = asked ? owned.find((row) => row.id === asked) : owned[0];
  if (!business) {
    if (owned.length === 0) throw redirect("/pro/join");
    notFound();
  }
  return data(
    {
      business,
      others: owned.filter((row) => row.id !== business.id),
      values: await profileFormOf(db, user.id, business.id),
      photos: await photosOfBusiness(db, business.id),
      saved: url.searchParams.has("saved"),
      groups: serviceGroups(locale),
      regions: licenceRegions(),
    },
    { headers: NO_STORE },
  );
}

/** Photos of past work: added (multipart, at most 12) or removed; refused files named beside the input. */
async function photoAction(request: Request, db: Database, userId: string) {
  try {
    const { form, files } = await readPhotoUploads(request);
    const businessId = textOf(form, "business");
    if (files.length === 0) throw new PhotoRefused("Choose at least one photo to upload.");
    await addBusinessPhotos(db, userId, businessId, files);
    return redirect(`${PATH}?${new URLSearchParams({ business: businessId }).toString()}#photos`);
  } catch (error) {
    if (error instanceof PhotoRefused) {
      return data({ photoError: error.message }, { status: 400, headers: NO_STORE });
    }
    if (error instanceof NotFound) notFound();
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, PATH);
  const db = getServices(context).database.db;
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return photoAction(request, db, user.id);
  }
  const form = await request.formData();
  const businessId = form.get("business");
  if (form.get("intent") === "remove-photo") {
    try {
      await removePhoto(db, user.id, textOf(form, "photo"));
    } catch (error) {
      if (error instanceof NotFound) notFound();
      throw error;
    }
    return redirect(
      `${PATH}?${new URLSearchParams({ business: textOf(form, "business") }).toString()}#photos`,
    );
  }
  try {
    const outcome = await updateBusiness(
      db,
      user.id,
      typeof businessId === "string" ? businessId : "",
      profileFormValues(form),
    );
    if (!outcome.ok) {
      return data({ errors: outcome.errors, values: outcome.values }, { status: 400 });
    }
    const query = new URLSearchParams({ business: outcome.business.id, saved: "1" });
    return redirect(`${PATH}?${query.toString()}`);
  } catch (error) {
    if (error instanceof NotFound) notFound();
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Your business profile | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { business, others } = loaderData;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900">{business.name}</h1>
        <p className="text-muted">
          Your business profile.{" "}
          <a href={`/pros/${business.slug}`} className="font-medium text-navy-700 underline">
            See it as homeowners do
          </a>
        </p>
        {others.length > 0 ? (
          <nav aria-label="Your other businesses">
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {others.map((other) => (
                <li key={other.id}>
                  <a
                    href={`${PATH}?business=${other.id}`}
                    className="font-medium text-navy-700 underline"
                  >
                    Edit {other.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      {loaderData.saved && !actionData ? (
        <FormAlert tone="success" message="Your changes are saved." />
      ) : null}
      <div className="rounded-card bg-surface p-6 shadow-card sm:p-8">
        <ProfileForm
          key={business.id}
          business={{ kind: "existing", id: business.id }}
          values={
            (actionData && "values" in actionData ? actionData.values : undefined) ??
            loaderData.values
          }
          errors={actionData && "errors" in actionData ? actionData.errors : undefined}
          formError={
            actionData && "errors" in actionData
              ? "Some details need another look: see the messages below."
              : undefined
          }
          groups={loaderData.groups}
          regions={loaderData.regions}
        />
      </div>
      <section
        id="photos"
        aria-labelledby="photos-title"
        className="grid gap-4 rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="photos-title" className="text-xl font-bold text-navy-900">
          Photos of past work
        </h2>
        <p className="text-sm text-muted">Shown on your public profile, in this order.</p>
        <PhotoGrid photos={loaderData.photos} alt={`Past work by ${business.name}`} removable />
        <PhotoUpload
          left={PHOTO_LIMITS.perBusiness - loaderData.photos.length}
          error={actionData && "photoError" in actionData ? actionData.photoError : undefined}
          fields={{ business: business.id }}
        />
      </section>
    </div>
  );
}
