import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FileText } from "lucide-react";
import { EmptyState } from "~/features/dashboard/empty-state";
import { i18nFor } from "~/lib/i18n";
import { localeOfPath } from "~/lib/locale-path";
import { BRAND } from "~/site";
import type { Route } from "./+types/documents";

const brand = BRAND.name;

export const meta: Route.MetaFunction = ({ location }) => [
  { title: i18nFor(localeOfPath(location.pathname))._(msg`Documents | ${brand}`) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function DocumentsPage() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="documents-title" className="grid gap-6">
      <h1 id="documents-title" className="text-3xl font-extrabold tracking-tight text-navy-900">
        <Trans>Documents</Trans>
      </h1>
      <EmptyState icon={FileText} title={t`No documents yet`}>
        <Trans>
          Estimates, contracts and invoices are not shared through {brand} yet. Keep the copies your
          contractor sends you: a written estimate and contract protect you both.
        </Trans>
      </EmptyState>
    </section>
  );
}
