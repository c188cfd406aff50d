/**
 * One of the homeowner's projects: the request, each chosen pro's part, the
 * quotes side by side, and the homeowner's steps (hire one pro who quoted;
 * then in progress with a percentage, completed, or cancelled). Every step
 * is an ordinary form post; the state table decides what is allowed.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-controls";
import { signedInUser } from "~/features/auth/signed-in.server";
import { threadsOf } from "~/features/conversations/list.server";
import { ThreadLinks } from "~/features/conversations/thread-links";
import { deliveryOf, notFound, orNotFound, step } from "~/features/marketplace/answers.server";
import { PhotoGrid, PhotoUpload } from "~/features/marketplace/photo-parts";
import { MAX_UPLOAD_BYTES, PHOTO_LIMITS } from "~/features/marketplace/photo-limits";
import {
  attachRequestPhotos,
  photosOfRequest,
  PhotoRefused,
  readPhotoUploads,
  removePhoto,
} from "~/features/marketplace/photos.server";
import { NotFound } from "~/features/marketplace/requests.server";
import type { Database } from "~/lib/db.server";
import type { EdgeHandle } from "~/lib/edge";
import {
  CLOSE_REASON_MISSING,
  closeRequest,
  hire,
  homeownerStep,
  readProgress,
  removePro,
  type HomeownerAction,
} from "~/features/marketplace/homeowner-steps.server";
import { PROGRESS_REFUSAL, ProjectProgress } from "~/features/marketplace/project-progress";
import { QuoteTable } from "~/features/marketplace/quote-table";
import { HireConfirmation } from "~/features/marketplace/hire-confirmation";
import { canClose, NotGoingAhead } from "~/features/marketplace/not-going-ahead";
import { UnavailablePros } from "~/features/marketplace/pro-unavailable";
import { projectFor } from "~/features/marketplace/project.server";
import { canChooseMore } from "~/features/marketplace/project-view";
import { MAX_PROS_PER_REQUEST } from "~/features/marketplace/limits";
import { StatusBadge } from "~/features/projects/status-badge";
import { ProjectReview } from "~/features/reviews/project-review";
import { reviewChance } from "~/features/reviews/reviews.server";
import {
  canBookVisit,
  ProjectVisitLinks,
  waitsForAnswer,
} from "~/features/visits/project-visit-links";
import { zoneReader } from "~/features/visits/index.server";
import { visitsOfProject } from "~/features/visits/project-visits.server";
import { getDb, nowOf } from "~/lib/app-context.server";
import { dispatchIntent, type FormFailure, type FormValues } from "~/lib/forms";
import { NO_STORE_HEADERS } from "~/lib/page-headers";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localizePath } from "~/lib/locale-path";
import type { Locale } from "~/lib/locales";
import { useLocalize } from "~/lib/use-locale";
import { dateInZone } from "~/lib/zone-time";
import { BRAND } from "~/site";
import { z } from "zod";
import { loadCatalogs } from "~/lib/i18n-browser";
import type { Route } from "./+types/project";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  const locale = localeOf(context);
  const now = nowOf(context);
  const project = await orNotFound(projectFor(db, { userId: user.id }, params.id, locale), locale);
  const [photos, threads, review, visits] = await Promise.all([
    photosOfRequest(db, project.id),
    threadsOf(db, user.id),
    reviewChance(db, user.id, project.id),
    visitsOfProject(db, user.id, project.id),
  ]);
  // The conversations with the pros who accepted this request.
  const conversations = threads.filter(
    (thread) => thread.leadId === project.id && thread.side === "homeowner",
  );
  // Days in the job's zone (in UTC's, an evening's request reads as tomorrow's).
  const zone = await zoneReader(db).job(project.citySlug, project.parts[0]?.contractorId ?? null);
  return data({
    project,
    requestedOn: dateInZone(new Date(project.createdAt), zone, locale),
    reviewEditableOn: review?.review
      ? dateInZone(new Date(review.review.editableUntil), zone, locale)
      : null,
    photos,
    conversations,
    review,
    visits,
    sent: url.searchParams.has("sent"),
    reviewed: url.searchParams.has("reviewed"),
    now: now.toISOString(),
    // "Hire" opens the confirmation of that pro (hire-confirmation.tsx); "hired" follows the hire.
    confirmHire: url.searchParams.get("hire"),
    hired: url.searchParams.has("hired"),
  });
}

/** The photo form (multipart): refused files answer beside the input, nothing stored. */
async function addPhotos(
  request: Request,
  db: Database,
  userId: string,
  leadId: string,
  locale: Locale,
) {
  try {
    const { files } = await readPhotoUploads(request);
    if (files.length === 0) {
      throw new PhotoRefused(translate(locale, msg`Choose at least one photo to upload.`));
    }
    await attachRequestPhotos(db, userId, leadId, files, locale);
  } catch (error) {
    if (error instanceof PhotoRefused) {
      return data<FormFailure>({ ok: false, errors: { photos: error.message } }, { status: 400 });
    }
    if (error instanceof NotFound) notFound(locale);
    throw error;
  }
  return redirect(projectPath(leadId, locale));
}

/** The project's page in the page's language (where every step comes back to). */
function projectPath(leadId: string, locale: Locale): string {
  return localizePath(`/dashboard/projects/${leadId}`, locale);
}

/** The homeowner's actions on the project, one branch each (fields are read as typed). */
const projectIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove-photo"), photo: z.string().optional() }),
  z.object({ intent: z.literal("hire"), contractorId: z.string().optional() }),
  z.object({ intent: z.literal("start"), progress: z.string().optional() }),
  z.object({ intent: z.literal("progress"), progress: z.string().optional() }),
  z.object({ intent: z.literal("complete") }),
  z.object({ intent: z.literal("close"), reason: z.string().optional() }),
  z.object({ intent: z.literal("remove"), contractorId: z.string().optional() }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = signedInUser(context);
  const db = getDb(context);
  const locale = localeOf(context);
  const back = projectPath(params.id, locale);
  const multipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
  if (multipart) return addPhotos(request, db, user.id, params.id, locale);
  const homeowner = async (wanted: HomeownerAction, values: FormValues) => {
    const done = await step(
      () => homeownerStep(db, user.id, params.id, wanted, deliveryOf(context)),
      values,
      locale,
    );
    return done ?? redirect(back);
  };
  return dispatchIntent<typeof projectIntents, Awaited<ReturnType<typeof homeowner>>>(
    projectIntents,
    await request.formData(),
    {
      "remove-photo": async ({ photo }) => {
        await orNotFound(removePhoto(db, user.id, photo ?? ""), locale);
        return redirect(back);
      },
      hire: async ({ contractorId }, values) => {
        const done = await step(
          () => hire(db, user.id, params.id, contractorId ?? "", deliveryOf(context)),
          values,
          locale,
        );
        return done ?? redirect(`${back}?hired=1`);
      },
      // Not a whole number from 0 to 100 (NaN included): homeownerStep refuses it, beside the field.
      start: ({ progress }, values) =>
        homeowner({ event: "start", progress: readProgress(progress ?? null) }, values),
      progress: ({ progress }, values) =>
        homeowner({ event: "progress", progress: readProgress(progress ?? null) }, values),
      complete: (_, values) => homeowner({ event: "complete" }, values),
      // "Not going ahead": a missing reason is said beside the reasons.
      close: async ({ reason }, values) => {
        if (!reason) {
          return data<FormFailure>(
            {
              ok: false,
              errors: { reason: translate(locale, CLOSE_REASON_MISSING) },
              values,
            },
            { status: 400, headers: NO_STORE_HEADERS },
          );
        }
        const done = await step(
          () => closeRequest(db, { userId: user.id }, params.id, reason, deliveryOf(context)),
          values,
          locale,
        );
        return done ?? redirect(back);
      },
      remove: async ({ contractorId }, values) => {
        const done = await step(
          () =>
            removePro(db, { userId: user.id }, params.id, contractorId ?? "", deliveryOf(context)),
          values,
          locale,
        );
        return done ?? redirect(back);
      },
    },
    // No intent the page offers.
    () =>
      data<FormFailure>(
        {
          ok: false,
          formError: translate(locale, msg`Please choose what to do with this project.`),
        },
        { status: 400 },
      ),
  );
}

/** Its photo form's multipart body may be this large (app/lib/edge.ts). */
export const handle = { edge: { uploadBytes: MAX_UPLOAD_BYTES } } satisfies EdgeHandle;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData.project.title} | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** Arriving from another page: a project's messages come with its data (decision 030). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [loaded] = await Promise.all([serverLoader(), loadCatalogs("projects")]);
  return loaded;
}

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project, sent } = loaderData;
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const canChoose = canChooseMore(project);
  const choosePath = localize(`/dashboard/projects/${project.id}/pros`);
  const requested = loaderData.requestedOn;
  const most = MAX_PROS_PER_REQUEST;
  const reviewed = loaderData.review?.business.name;
  const hiredName = project.parts.find((part) => part.contractorId === project.hiredId)?.name;
  return (
    <section aria-labelledby="project-title" className="grid gap-6">
      <div className="grid gap-2">
        <Link to={localize("/dashboard")} className="text-sm font-medium text-navy-700 underline">
          <Trans>Back to My Projects</Trans>
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 id="project-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
            {project.title}
          </h1>
          <StatusBadge status={project.status} hiredBy={project.hiredBy} />
        </div>
        <p className="text-muted">
          {[project.place, t`requested ${requested}`].filter(Boolean).join(" · ")}
        </p>
        {project.details ? (
          <p className="max-w-prose whitespace-pre-line">{project.details}</p>
        ) : null}
      </div>
      {sent ? (
        <FormAlert tone="success" message={t`Your request was sent to the pros you chose.`} />
      ) : null}
      {loaderData.hired && hiredName !== undefined ? (
        <FormAlert
          tone="success"
          message={t`You hired ${hiredName}. We told them by email, and told the other pros they were not chosen.`}
        />
      ) : null}
      {loaderData.reviewed && reviewed !== undefined ? (
        <FormAlert
          tone="success"
          message={t`Thank you: your review of ${reviewed} is published. Other visitors see it on their profile within a few minutes.`}
        />
      ) : null}
      {/* A refused progress is said beside its field (ProjectProgress), not twice. */}
      <FormAlert
        message={
          actionData?.formError === i18n._(PROGRESS_REFUSAL) ? undefined : actionData?.formError
        }
      />
      <HireConfirmation project={project} contractorId={loaderData.confirmHire} />
      <UnavailablePros project={project} choose={canChoose ? choosePath : null} />
      {project.status === "draft" ? (
        <div className="grid justify-items-start gap-3 rounded-card bg-surface p-6 shadow-card">
          <p className="text-muted">
            <Trans>This request is a draft: nobody has it yet.</Trans>{" "}
            <Trans>Choose up to {most} pros to send it to.</Trans>
          </p>
        </div>
      ) : null}
      {canChoose ? (
        <Link to={choosePath} className={buttonClasses("primary", "md") + " justify-self-start"}>
          <Trans>Choose pros</Trans>
        </Link>
      ) : null}
      <section
        aria-labelledby="photos-title"
        className="grid gap-3 rounded-card bg-surface p-6 shadow-card"
      >
        <h2 id="photos-title" className="text-xl font-bold text-navy-900">
          <Trans>Photos</Trans>
        </h2>
        <p className="text-sm text-muted">
          <Trans>Only you and the pros you chose see them.</Trans>
        </p>
        <PhotoGrid photos={loaderData.photos} alt={t`Your photo`} removable />
        <PhotoUpload
          left={PHOTO_LIMITS.perRequest - loaderData.photos.length}
          error={actionData?.errors?.photos}
        />
      </section>
      <ThreadLinks
        threads={loaderData.conversations}
        intro={t`Write to the pros who accepted your request. They see only the contact details you allowed when you sent it; you can share more in the conversation.`}
      />
      {project.parts.length > 0 ? (
        <QuoteTable
          project={project}
          now={loaderData.now}
          extraRow={
            project.parts.some(
              (part) =>
                canBookVisit(part, project.status) ||
                waitsForAnswer(part, project.status) ||
                loaderData.visits[part.contractorId],
            )
              ? {
                  label: t`Site visit`,
                  cell: (part) => (
                    <ProjectVisitLinks
                      projectId={project.id}
                      part={part}
                      requestStatus={project.status}
                      visits={loaderData.visits[part.contractorId]}
                      now={loaderData.now}
                    />
                  ),
                }
              : undefined
          }
        />
      ) : null}
      <ProjectProgress project={project} />
      {canClose(project.status) ? (
        <div className="grid justify-items-start rounded-card bg-surface p-6 shadow-card">
          <NotGoingAhead project={project} />
        </div>
      ) : null}
      {loaderData.review ? (
        <ProjectReview chance={loaderData.review} editableOn={loaderData.reviewEditableOn} />
      ) : null}
    </section>
  );
}
