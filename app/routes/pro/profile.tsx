/**
 * /pro/profile: the owner changes their business's profile (the first they
 * own, or ?business=<id> among theirs). Someone who owns none is sent to
 * /pro/join. In the page's language; the form saves the language of the
 * business's emails.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { serviceGroups } from "~/features/content/service-options.server";
import { ProfileForm } from "~/features/contractors/profile-form";
import { profileFormValues } from "~/features/contractors/profile-values";
import {
  licenceRegions,
  ownBusinesses,
  profileFormOf,
  updateBusiness,
} from "~/features/contractors/profiles.server";
import { NotFound } from "~/features/marketplace/requests.server";
import { PhotoGrid, PhotoUpload } from "~/features/marketplace/photo-parts";
import { MAX_UPLOAD_BYTES, PHOTO_LIMITS } from "~/features/marketplace/photo-limits";
import {
  addBusinessPhotos,
  photosOfBusiness,
  PhotoRefused,
  readPhotoUploads,
  removePhoto,
} from "~/features/marketplace/photos.server";
import type { Database } from "~/lib/db.server";
import type { EdgeHandle } from "~/lib/edge";
import { getServices } from "~/lib/app-context.server";
import { announceBusinesses, keysOfBusinesses } from "~/features/fresh-pages/index.server";
import { i18nFor } from "~/lib/i18n";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/profile";

const PATH = "/pro/profile";

/** A form's text field ("" when absent or a file). */
function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function notFound(locale: Locale): never {
  const i18n = i18nFor(locale);
  throw data(
    {
      title: i18n._(msg`Business not found`),
      message: i18n._(msg`We couldn't find that business among yours.`),
    },
    { status: 404, headers: NO_STORE },
  );
}

/** This page for one of the person's businesses, at its photos or not. */
function pageOf(businessId: string, locale: Locale, hash = ""): string {
  const query = new URLSearchParams({ business: businessId }).toString();
  return `${localizePath(PATH, locale)}?${query}${hash}`;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const locale = localeOf(context);
  const user = await requireUser(request, context, localizePath(PATH, locale));
  const db = getServices(context).database.db;
  const owned = await ownBusinesses(db, user.id);
  const asked = url.searchParams.get("business");
  const business = asked ? owned.find((row) => row.id === asked) : owned[0];
  if (!business) {
    if (owned.length === 0) throw redirect(localizePath("/pro/join", locale));
    notFound(locale);
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

/** Arriving from another area: this area's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), loadCatalogs("pro")]);
  return data;
}

/** Photos of past work: added (multipart, at most 12) or removed; refused files named beside the input. */
async function photoAction(
  request: Request,
  context: Route.ActionArgs["context"],
  db: Database,
  userId: string,
  locale: Locale,
) {
  try {
    const { form, files } = await readPhotoUploads(request);
    const businessId = textOf(form, "business");
    if (files.length === 0) {
      throw new PhotoRefused(i18nFor(locale)._(msg`Choose at least one photo to upload.`));
    }
    await addBusinessPhotos(db, userId, businessId, files, locale);
    await announceBusinesses(context, [businessId]);
    return redirect(pageOf(businessId, locale, "#photos"));
  } catch (error) {
    if (error instanceof PhotoRefused) {
      return data({ photoError: error.message }, { status: 400, headers: NO_STORE });
    }
    if (error instanceof NotFound) notFound(locale);
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = localeOf(context);
  const user = await requireUser(request, context, localizePath(PATH, locale));
  const db = getServices(context).database.db;
  if (/^multipart\/form-data/i.test(request.headers.get("content-type") ?? "")) {
    return photoAction(request, context, db, user.id, locale);
  }
  const form = await request.formData();
  const businessId = form.get("business");
  if (form.get("intent") === "remove-photo") {
    try {
      await removePhoto(db, user.id, textOf(form, "photo"));
      await announceBusinesses(context, [textOf(form, "business")]);
    } catch (error) {
      if (error instanceof NotFound) notFound(locale);
      throw error;
    }
    return redirect(pageOf(textOf(form, "business"), locale, "#photos"));
  }
  try {
    const id = typeof businessId === "string" ? businessId : "";
    // The pages it leaves (a city or category dropped) as well as those it shows on now.
    const before = await keysOfBusinesses(db, [id]);
    const outcome = await updateBusiness(db, user.id, id, profileFormValues(form), { locale });
    if (!outcome.ok) {
      return data({ errors: outcome.errors, values: outcome.values }, { status: 400 });
    }
    await announceBusinesses(context, [outcome.business.id], before);
    const query = new URLSearchParams({ business: outcome.business.id, saved: "1" });
    return redirect(`${localizePath(PATH, locale)}?${query.toString()}`);
  } catch (error) {
    if (error instanceof NotFound) notFound(locale);
    throw error;
  }
}

export const headers: Route.HeadersFunction = () => NO_STORE;

/** Its photo form's multipart body may be this large (app/lib/edge.ts). */
export const handle = { edge: { uploadBytes: MAX_UPLOAD_BYTES } } satisfies EdgeHandle;

export const meta: Route.MetaFunction = ({ location }) => {
  const brand = BRAND.name;
  return [
    { title: i18nFor(localeOfPath(location.pathname))._(msg`Your business profile | ${brand}`) },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const localize = useLocalize();
  const { business, others } = loaderData;
  const name = business.name;
  return (
    <div className="mx-auto grid max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight text-navy-900">{business.name}</h1>
        <p className="text-muted">
          <Trans>Your business profile.</Trans>{" "}
          <a
            href={localize(`/pros/${business.slug}`)}
            className="font-medium text-navy-700 underline"
          >
            <Trans>See it as homeowners do</Trans>
          </a>
        </p>
        {others.length > 0 ? (
          <nav aria-label={t`Your other businesses`}>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {others.map((other) => {
                const otherName = other.name;
                return (
                  <li key={other.id}>
                    <a
                      href={`${localize(PATH)}?business=${other.id}`}
                      className="font-medium text-navy-700 underline"
                    >
                      <Trans>Edit {otherName}</Trans>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}
      </div>
      {loaderData.saved && !actionData ? (
        <FormAlert tone="success" message={t`Your changes are saved.`} />
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
              ? t`Some details need another look: see the messages below.`
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
          <Trans>Photos of past work</Trans>
        </h2>
        <p className="text-sm text-muted">
          <Trans>Shown on your public profile, in this order.</Trans>
        </p>
        <PhotoGrid photos={loaderData.photos} alt={t`Past work by ${name}`} removable />
        <PhotoUpload
          left={PHOTO_LIMITS.perBusiness - loaderData.photos.length}
          error={actionData && "photoError" in actionData ? actionData.photoError : undefined}
          fields={{ business: business.id }}
        />
      </section>
    </div>
  );
}
