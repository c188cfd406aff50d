import { Download, ShieldAlert } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast-store";
import { clearSignedInFlag } from "~/features/auth/auth-flag";
import { deleteAccount } from "~/features/auth/personal-data.server";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { destroySession } from "~/features/auth/session.server";
import { getServices } from "~/lib/app-context.server";
import { BRAND } from "~/site";
import type { Route } from "./+types/data";
import { FormAlert } from "~/components/ui/form-controls";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "/dashboard/data");
  return data({ email: user.email }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "/dashboard/data");
  const form = await request.formData();
  if (form.get("confirm") !== "delete") {
    return data(
      { error: "Tick the box to confirm that you want to delete your account." },
      { status: 400, headers: NO_STORE },
    );
  }
  const services = getServices(context);
  const { requests } = await deleteAccount(services.database.db, user.id);
  services.logger.info({ userId: user.id, requests }, "account deleted at the person's request");
  return redirect("/", {
    headers: { "Set-Cookie": await destroySession(services.database.db, services.env, request) },
  });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Your data | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DataPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="data-title" className="grid max-w-3xl gap-6">
      <h1 id="data-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        Your data
      </h1>
      <p className="text-muted">
        Which emails we send you:{" "}
        <a
          href="/dashboard/emails"
          className="font-medium text-navy-700 underline underline-offset-2"
        >
          Email settings
        </a>
        .
      </p>
      <div className="grid gap-3 rounded-card bg-surface p-6 shadow-card">
        <h2 className="text-xl font-bold text-navy-900">Download a copy</h2>
        <p className="text-muted">
          Everything we hold about your account ({loaderData.email}): your details, every request
          you sent with the pros, quotes and photos in it, the businesses you manage, the messages
          you wrote, the emails you turned off and your sign-ins, as a JSON file.
        </p>
        <a
          href="/dashboard/data/export"
          download
          className="inline-flex min-h-11 items-center gap-2 justify-self-start rounded-control bg-navy-800 px-5 font-semibold text-white hover:bg-navy-900"
        >
          <Download aria-hidden="true" className="size-5" />
          Download my data
        </a>
      </div>
      <div className="grid gap-3 rounded-card border border-danger-700 bg-surface p-6">
        <h2 className="flex items-center gap-2 text-xl font-bold text-danger-700">
          <ShieldAlert aria-hidden="true" className="size-6" />
          Delete my account
        </h2>
        <p className="text-muted">
          This deletes your account and all your requests at once, and stops any email about them
          that has not gone out yet. It cannot be undone.
        </p>
        <Form
          method="post"
          className="grid gap-4"
          onSubmit={() => {
            clearSignedInFlag();
            toast({ title: "Your account was deleted" });
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
            <span>I understand that my account and all my requests will be deleted for good.</span>
          </label>
          <Button type="submit" className="justify-self-start bg-danger-700 hover:bg-danger-700/90">
            Delete my account
          </Button>
        </Form>
      </div>
    </section>
  );
}
