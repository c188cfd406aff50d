import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download, ShieldAlert } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast-store";
import { clearSignedInFlag } from "~/features/auth/auth-flag";
import { deleteAccount } from "~/features/auth/personal-data.server";
import { signedInUser } from "~/features/auth/signed-in.server";
import { destroySession } from "~/features/auth/session.server";
import { getServices } from "~/lib/app-context.server";
import { keysOfOwnedBusinesses } from "~/features/fresh-pages/index.server";
import { announceStale } from "~/lib/stale-pages.server";
import { i18nFor } from "~/lib/i18n";
import { translate } from "~/lib/i18n.server";
import { localeOf } from "~/lib/locale-context.server";
import { localeOfPath, localizePath } from "~/lib/locale-path";
import { useLocalize } from "~/lib/use-locale";
import { BRAND } from "~/site";
import type { Route } from "./+types/data";
import { FormAlert } from "~/components/ui/form-controls";

export function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  return data({ email: user.email });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = signedInUser(context);
  const locale = localeOf(context);
  const form = await request.formData();
  if (form.get("confirm") !== "delete") {
    return data(
      {
        error: translate(
          locale,
          msg`Tick the box to confirm that you want to delete your account.`,
        ),
      },
      { status: 400 },
    );
  }
  const services = getServices(context);
  // Its businesses stay listed, without an owner: their cards ask "Is this your business?" again.
  const owned = await keysOfOwnedBusinesses(services.database.db, user.id);
  const { requests } = await deleteAccount(services.database.db, user.id);
  await announceStale(context, owned);
  services.logger.info({ userId: user.id, requests }, "account deleted at the person's request");
  return redirect(localizePath("/", locale), {
    headers: { "Set-Cookie": await destroySession(services.database.db, services.env, request) },
  });
}

const brand = BRAND.name;

export const meta: Route.MetaFunction = ({ location }) => [
  { title: i18nFor(localeOfPath(location.pathname))._(msg`Your data | ${brand}`) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DataPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const localize = useLocalize();
  const email = loaderData.email;
  return (
    <section aria-labelledby="data-title" className="grid max-w-3xl gap-6">
      <h1 id="data-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        <Trans>Your data</Trans>
      </h1>
      <p className="text-muted">
        <Trans>
          Which emails we send you:{" "}
          <a
            href={localize("/dashboard/emails")}
            className="font-medium text-navy-700 underline underline-offset-2"
          >
            Email settings
          </a>
          .
        </Trans>
      </p>
      <div className="grid gap-3 rounded-card bg-surface p-6 shadow-card">
        <h2 className="text-xl font-bold text-navy-900">
          <Trans>Download a copy</Trans>
        </h2>
        <p className="text-muted">
          <Trans>
            Everything we hold about your account ({email}): your details, every request you sent
            with the pros, quotes and photos in it, the businesses you manage, the messages you
            wrote, the emails you turned off and your sign-ins, as a JSON file.
          </Trans>
        </p>
        <a
          href="/dashboard/data/export"
          download
          className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-control bg-navy-800 px-5 font-semibold text-white hover:bg-navy-900"
        >
          <Download aria-hidden="true" className="size-5" />
          <Trans>Download my data</Trans>
        </a>
      </div>
      <div className="grid gap-3 rounded-card border border-danger-700 bg-surface p-6">
        <h2 className="flex items-center gap-2 text-xl font-bold text-danger-700">
          <ShieldAlert aria-hidden="true" className="size-6" />
          <Trans>Delete my account</Trans>
        </h2>
        <p className="text-muted">
          <Trans>
            This deletes your account and all your requests at once, and stops any email about them
            that has not gone out yet. It cannot be undone.
          </Trans>
        </p>
        <Form
          method="post"
          className="grid gap-4"
          onSubmit={() => {
            clearSignedInFlag();
            toast({ title: t`Your account was deleted` });
          }}
        >
          <FormAlert message={actionData?.error} />
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="confirm"
              value="delete"
              required
              className="mt-1 size-5 accent-danger-700"
            />
            <span>
              {t`I understand that my account and all my requests will be deleted for good.`}
            </span>
          </label>
          <Button type="submit" className="justify-self-start bg-danger-700 hover:bg-danger-700/90">
            <Trans>Delete my account</Trans>
          </Button>
        </Form>
      </div>
    </section>
  );
}
