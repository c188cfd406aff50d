/**
 * One-click unsubscribe (CAN-SPAM, CASL; RFC 8058): the link in every
 * notification email. Opening it shows what will stop and a button; only a
 * post turns the emails off, so a link scanner or a preview that fetches the
 * link changes nothing. The post is the page's button, or the mail client's
 * own Unsubscribe (`List-Unsubscribe=One-Click`, from the mail provider: the
 * cross-site check lets this path through, the signed token being the
 * authorization). No sign-in; a token we did not sign is the plain 404.
 */
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { NO_STORE } from "~/features/auth/require-user.server";
import { notFound } from "~/features/marketplace/answers.server";
import { EMAIL_SETTINGS_PATH, NOTIFICATION_LABELS } from "~/features/notifications/kinds";
import { isOptedOut, optOut, personExists } from "~/features/notifications/opt-outs.server";
import { readUnsubscribeToken } from "~/features/notifications/tokens.server";
import { getServices } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/unsubscribe";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { database, secret } = getServices(context);
  const target = readUnsubscribeToken(secret, params.token);
  if (!target || !(await personExists(database.db, target.userId))) notFound();
  const off = await isOptedOut(database.db, target.userId, target.kind);
  return data({ kind: target.kind, off }, { headers: NO_STORE });
}

export async function action({ context, params }: Route.ActionArgs) {
  const { database, secret, logger } = getServices(context);
  const target = readUnsubscribeToken(secret, params.token);
  if (!target || !(await optOut(database.db, target.userId, target.kind))) notFound();
  logger.info({ userId: target.userId, kind: target.kind }, "notification emails turned off");
  return data({ off: true }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Email preferences | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
  // The token never leaves the site in a Referer (and the button's post still
  // carries the site's Origin).
  { name: "referrer", content: "same-origin" },
];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const label = NOTIFICATION_LABELS[loaderData.kind];
  const off = actionData?.off === true || loaderData.off;
  return (
    <section aria-labelledby="unsubscribe-title" className="mx-auto grid max-w-xl gap-4 px-4 py-16">
      {off ? (
        <>
          <h1 id="unsubscribe-title" className="text-2xl font-bold text-navy-900">
            You won't get these emails any more
          </h1>
          <p role="status" className="text-muted">
            {label.title}: turned off. Other emails about your requests, like confirmations, still
            come.
          </p>
          <p>
            You can turn them back on in{" "}
            <Link
              to={EMAIL_SETTINGS_PATH}
              className="font-medium text-navy-700 underline underline-offset-2"
            >
              your email settings
            </Link>
            .
          </p>
        </>
      ) : (
        <>
          <h1 id="unsubscribe-title" className="text-2xl font-bold text-navy-900">
            Stop emails about {label.title.toLowerCase()}?
          </h1>
          <p className="text-muted">{label.what}</p>
          <Form method="post">
            <Button type="submit" variant="secondary">
              Stop these emails
            </Button>
          </Form>
          <p className="text-sm text-muted">
            You can choose every email we send you in{" "}
            <Link
              to={EMAIL_SETTINGS_PATH}
              className="font-medium text-navy-700 underline underline-offset-2"
            >
              your email settings
            </Link>{" "}
            (after signing in).
          </p>
        </>
      )}
    </section>
  );
}
