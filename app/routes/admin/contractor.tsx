/**
 * One business profile in the console: its facts, every licence and
 * insurance check recorded (newest first), "Record a check", and suspend or
 * restore. Each action writes its audit row with the change, then comes
 * back here with a notice (Post/Redirect/Get).
 */
import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { RESULT_LABELS, KIND_LABELS, utcToday } from "~/features/contractors/verification";
import {
  CheckForm,
  SuspensionForm,
  type FormAnswer,
} from "~/features/contractors/verification-forms";
import { checkHistory } from "~/features/contractors/verification.server";
import { deliveryOf, orNotFound } from "~/features/marketplace/answers.server";
import { dispatchIntent, formValues } from "~/lib/forms";
import { recordCheck } from "~/features/operator/contractor-checks.server";
import { restoreBusiness, suspendBusiness } from "~/features/operator/contractor-suspension.server";
import { contractorFacts } from "~/features/operator/contractors.server";
import { consoleOperator } from "~/features/operator/require-operator.server";
import { getDb, getServices } from "~/lib/app-context.server";
import { announceBusinesses } from "~/features/fresh-pages/index.server";
import { utcMinute } from "~/features/operator/console-parts";
import { z } from "zod";
import type { Route } from "./+types/contractor";

/** Kept listing and profile pages are purged on every instance as the action ends (decision 041). */
const NOTICES: Record<string, string> = {
  verify: "The check is recorded. The public profile and listings show it now.",
  suspend: "The profile is suspended: it can no longer be chosen, and it has left the listings.",
  restore: "The profile is restored: it can be chosen again, and it is back on the listings.",
};

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const db = getDb(context);
  const business = await orNotFound(contractorFacts(db, params.id));
  const history = await checkHistory(db, business.id);
  const done = url.searchParams.get("done") ?? "";
  const told = Number(url.searchParams.get("told"));
  const notice =
    done === "suspend" && Number.isSafeInteger(told) && told >= 0
      ? `${NOTICES.suspend ?? ""} Homeowners told: ${told.toString()}.`
      : (NOTICES[done] ?? null);
  return data({
    business: {
      ...business,
      createdAt: business.createdAt.toISOString(),
      suspendedAt: business.suspendedAt?.toISOString() ?? null,
    },
    history: history.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    today: utcToday(),
    notice,
  });
}

/** The page's three forms, one branch each (their fields are checked by the operator's steps). */
const contractorIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verify") }),
  z.object({ intent: z.literal("suspend"), reason: z.string().optional() }),
  z.object({ intent: z.literal("restore") }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = consoleOperator(context);
  const db = getDb(context);
  const actor = { id: user.id, email: user.email };
  const values = formValues(await request.formData());
  const back = (done: string, extra = "") =>
    redirect(`/admin/contractors/${params.id}?done=${done}${extra}`);
  const refused = (form: string, answer: Omit<FormAnswer, "values">, status = 400) =>
    data({ form, values, ...answer }, { status });
  // Its profile, listings, city pages and searches, on every instance (decision 041).
  const stale = () => announceBusinesses(context, [params.id]);

  return dispatchIntent<typeof contractorIntents, ReturnType<typeof back | typeof refused>>(
    contractorIntents,
    values,
    {
      verify: async () => {
        const outcome = await orNotFound(recordCheck(db, actor, params.id, values));
        if (!outcome.ok) return refused("verify", { errors: outcome.errors });
        await stale();
        return back("verify");
      },
      suspend: async ({ reason }) => {
        const outcome = await orNotFound(
          suspendBusiness(db, actor, deliveryOf(context), params.id, reason),
        );
        if (!outcome.ok) {
          const status = outcome.formError ? 409 : 400;
          return refused(
            "suspend",
            { errors: outcome.errors ?? {}, formError: outcome.formError },
            status,
          );
        }
        // Committed: the homeowners' emails may go now, and its pages leave every cache.
        getServices(context).notifyOutbox();
        await stale();
        return back("suspend", `&told=${outcome.told.toString()}`);
      },
      restore: async () => {
        const outcome = await orNotFound(restoreBusiness(db, actor, params.id));
        if (!outcome.ok) {
          return refused("suspend", { errors: {}, formError: outcome.formError }, 409);
        }
        await stale();
        return back("restore");
      },
    },
    // No form of this page: the 404 for a business that does not exist, else a sentence.
    async () => {
      await orNotFound(contractorFacts(db, params.id));
      return refused("other", {
        errors: {},
        formError: "Please use one of the forms on this page.",
      });
    },
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-semibold text-navy-900">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function AddressOf({ address }: { address: string }) {
  return /^https?:\/\//i.test(address) ? (
    <a href={address} rel="noreferrer noopener" className="break-all text-navy-700 underline">
      {address}
    </a>
  ) : (
    <span className="break-words">{address}</span>
  );
}

export default function ContractorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { business, history, today, notice } = loaderData;
  const answer = (form: string): FormAnswer | undefined =>
    actionData?.form === form ? actionData : undefined;
  return (
    <section aria-labelledby="contractor-title" className="grid gap-8">
      <div className="grid gap-2">
        <Link to="/admin/contractors" className="text-sm font-medium text-navy-700 underline">
          Back to contractors
        </Link>
        <h1 id="contractor-title" className="text-2xl font-bold text-navy-900">
          {business.name}
        </h1>
        <FormAlert message={notice ?? undefined} tone="success" />
        <FormAlert message={answer("other")?.formError} />
      </div>

      <section aria-labelledby="facts-title" className="grid gap-3">
        <h2 id="facts-title" className="text-xl font-bold text-navy-900">
          Profile
        </h2>
        <dl className="grid gap-2 text-sm">
          <Fact label="Public profile">
            <a href={`/pros/${business.slug}`} className="text-navy-700 underline">
              /pros/{business.slug}
            </a>
            {business.demoOnly ? " (demo account's business: never listed)" : ""}
            {business.isSample ? " (sample listing)" : ""}
          </Fact>
          <Fact label="Owner">
            {business.ownerId ? (
              <Link to={`/admin/people/${business.ownerId}`} className="text-navy-700 underline">
                {business.ownerEmail}
              </Link>
            ) : (
              "Unclaimed"
            )}
          </Fact>
          <Fact label="Business email">{business.email || "None"}</Fact>
          <Fact label="Declared licence">
            {business.licenceNumber
              ? `${business.licenceNumber}${business.licenceRegion ? ` (${business.licenceRegion})` : ""}`
              : "None declared"}
          </Fact>
          <Fact label="Declared insurance">{business.insuranceCarrier || "None declared"}</Fact>
          <Fact label="Country">{business.country}</Fact>
          <Fact label="Created (UTC)">{utcMinute(business.createdAt)}</Fact>
          <Fact label="Status">
            {business.suspendedAt
              ? `Suspended since ${utcMinute(business.suspendedAt)} UTC: ${business.suspendedReason ?? ""}`
              : "Active"}
          </Fact>
          <Fact label="New requests">{business.newRequests}</Fact>
          <Fact label={`Visits, last ${business.visits.days.toString()} days`}>
            {`Done: ${business.visits.done.toString()}. Pro did not come: ${business.visits.proNoShows.toString()}. Homeowner not there: ${business.visits.homeownerNoShows.toString()}.`}
          </Fact>
        </dl>
      </section>

      <section aria-labelledby="history-title" className="grid gap-3">
        <h2 id="history-title" className="text-xl font-bold text-navy-900">
          Licence and insurance checks
        </h2>
        {history.length === 0 ? (
          <p className="text-muted">No check recorded yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Every check recorded, newest first</caption>
              <thead>
                <tr className="border-b border-line">
                  {["What", "Result", "Checked on", "Expires", "Registry", "Notes", "By"].map(
                    (heading) => (
                      <th key={heading} scope="col" className="py-2 pr-4">
                        {heading}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {history.map((row) => (
                  <tr key={row.id} className="border-b border-line/60 align-top">
                    <td className="py-2 pr-4">{KIND_LABELS[row.kind]}</td>
                    <td className="py-2 pr-4">{RESULT_LABELS[row.result]}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">{row.checkedOn}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {row.expiresOn ?? "—"}
                      {row.result === "verified" && row.expiresOn && row.expiresOn < today
                        ? " (expired)"
                        : ""}
                    </td>
                    <td className="py-2 pr-4">
                      {row.registry}
                      <br />
                      <AddressOf address={row.registryAddress} />
                    </td>
                    <td className="py-2 pr-4 break-words whitespace-pre-line">
                      {row.notes || "—"}
                    </td>
                    <td className="py-2">
                      {row.operatorEmail ?? "former operator"}
                      <br />
                      <span className="text-muted">{utcMinute(row.createdAt)} UTC</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="check-title" className="grid gap-3">
        <h2 id="check-title" className="text-xl font-bold text-navy-900">
          Record a check
        </h2>
        <CheckForm answer={answer("verify")} today={today} />
      </section>

      <section aria-labelledby="suspension-title" className="grid gap-3">
        <h2 id="suspension-title" className="text-xl font-bold text-navy-900">
          {business.suspendedAt ? "Restore" : "Suspend"}
        </h2>
        <SuspensionForm suspended={business.suspendedAt !== null} answer={answer("suspend")} />
      </section>
    </section>
  );
}
