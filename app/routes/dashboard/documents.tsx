import { FileText } from "lucide-react";
import { data } from "react-router";
import { NO_STORE, requireUser } from "~/features/auth/require-user.server";
import { EmptyState } from "~/features/dashboard/empty-state";
import { BRAND } from "~/site";
import type { Route } from "./+types/documents";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context, "/dashboard/documents");
  return data(null, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = () => [
  { title: `Documents | ${BRAND.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DocumentsPage() {
  return (
    <section aria-labelledby="documents-title" className="grid gap-6">
      <h1 id="documents-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        Documents
      </h1>
      <EmptyState icon={FileText} title="No documents yet">
        Estimates, contracts and invoices are not shared through {BRAND.name} yet. Keep the copies
        your contractor sends you: a written estimate and contract protect you both.
      </EmptyState>
    </section>
  );
}
