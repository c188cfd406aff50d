/**
 * One person: their facts, requests and businesses, a download of their data
 * and deletion (the same as self-service), confirmed by typing their email.
 */
import { data, Form, Link, redirect } from "react-router";
import { describedBy, Field, FormAlert, TextInput } from "~/components/ui/form-controls";
import { notFound } from "~/features/marketplace/answers.server";
import {
  deletePerson,
  deletionRefusal,
  isPersonId,
  personDetail,
} from "~/features/operator/people.server";
import { consoleOperator } from "~/features/operator/require-operator.server";
import { getDb, getServices } from "~/lib/app-context.server";
import { keysOfOwnedBusinesses } from "~/features/fresh-pages/index.server";
import { announceStale } from "~/lib/stale-pages.server";
import { utcMinute } from "~/features/operator/console-parts";
import type { Route } from "./+types/person";

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = consoleOperator(context);
  const person = await personDetail(getDb(context), params.id);
  if (!person) notFound();
  return data({
    ...person,
    createdAt: person.createdAt.toISOString(),
    lastActiveAt: person.lastActiveAt.toISOString(),
    requestList: person.requestList.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
    })),
    businessList: person.businessList.map((row) => ({
      ...row,
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
    })),
    refusal: deletionRefusal(person, user.id),
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = consoleOperator(context);
  if (!isPersonId(params.id)) notFound();
  const form = await request.formData();
  const typed = form.get("email");
  const email = typeof typed === "string" ? typed.slice(0, 320) : "";
  if (form.get("intent") !== "delete") {
    return data({ email, formError: "Choose “Delete this person”." }, { status: 400 });
  }
  const services = getServices(context);
  // Its businesses stay listed, without an owner (decision 041).
  const owned = await keysOfOwnedBusinesses(services.database.db, params.id);
  const outcome = await deletePerson(
    services.database.db,
    { id: user.id, email: user.email },
    params.id,
    email,
  );
  if (outcome.ok) {
    await announceStale(context, owned);
    services.logger.info(
      { userId: params.id, requests: outcome.requests, operatorId: user.id },
      "account deleted by an operator",
    );
    return redirect(`/admin/people?deleted=${String(outcome.requests)}`);
  }
  if (outcome.reason === "unknown") notFound();
  if (outcome.reason === "email") {
    return data({ email, emailError: outcome.message }, { status: 400 });
  }
  return data({ email, formError: outcome.message }, { status: 409 });
}

const LINK = "text-navy-700 underline";

export default function Person({ loaderData, actionData }: Route.ComponentProps) {
  const person = loaderData;
  const answer: { email: string; emailError?: string; formError?: string } | undefined =
    actionData ?? undefined;
  const facts: [string, string][] = [
    ["Email", person.email],
    ["Sign-in", person.providerLabel],
    ["Role", person.role],
    ["Demo account", person.demo ? "Yes" : "No"],
    ["Created (UTC)", utcMinute(person.createdAt)],
    ["Last active (UTC)", utcMinute(person.lastActiveAt)],
    ["Requests", String(person.requests)],
    ["Businesses owned", String(person.businesses)],
  ];
  return (
    <section aria-labelledby="person-title" className="grid gap-8">
      <div className="grid gap-2">
        <Link to="/admin/people" className={`text-sm ${LINK}`}>
          All people
        </Link>
        <h1 id="person-title" className="text-2xl font-bold text-navy-900">
          {person.name || "(no name)"}
        </h1>
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm text-muted">{term}</dt>
            <dd className="font-semibold break-all text-navy-900">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="requests-title" className="grid gap-3">
        <h2 id="requests-title" className="text-lg font-semibold text-navy-900">
          Requests
        </h2>
        {person.requestList.length === 0 ? (
          <p className="text-muted">No requests.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The person’s requests, newest first</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-4">
                  Request
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2">
                  Created (UTC)
                </th>
              </tr>
            </thead>
            <tbody>
              {person.requestList.map((row) => (
                <tr key={row.id} className="border-b border-line/60">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    <Link to={`/admin/requests/${row.id}`} className={LINK}>
                      {row.title ?? row.service ?? "Request"} ({row.id.slice(0, 8)})
                    </Link>
                  </th>
                  <td className="py-2 pr-4">{row.status}</td>
                  <td className="py-2 whitespace-nowrap">{utcMinute(row.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="businesses-title" className="grid gap-3">
        <h2 id="businesses-title" className="text-lg font-semibold text-navy-900">
          Businesses owned
        </h2>
        {person.businessList.length === 0 ? (
          <p className="text-muted">None.</p>
        ) : (
          <ul className="grid gap-1">
            {person.businessList.map((business) => (
              <li key={business.id}>
                <Link to={`/admin/contractors/${business.id}`} className={LINK}>
                  {business.name}
                </Link>
                {business.suspendedAt ? (
                  <span className="text-muted">
                    {" "}
                    (suspended {utcMinute(business.suspendedAt)} UTC)
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="data-title" className="grid gap-3">
        <h2 id="data-title" className="text-lg font-semibold text-navy-900">
          Their data
        </h2>
        <p>
          <a href={`/admin/people/${person.id}/data.json`} download className={LINK}>
            Download their data
          </a>{" "}
          (the same JSON file as their own download; the audit log records it).
        </p>
      </section>
      <section aria-labelledby="delete-title" className="grid gap-3">
        <h2 id="delete-title" className="text-lg font-semibold text-navy-900">
          Delete this person
        </h2>
        {person.refusal ? (
          <p>{person.refusal}</p>
        ) : (
          <Form method="post" className="grid max-w-xl gap-4">
            <p className="text-muted">
              This deletes the account and{" "}
              {person.requests === 1 ? "its request" : `its ${String(person.requests)} requests`} at
              once (with their emails not yet sent), as the person’s own deletion does. Businesses
              they own stay listed, without an owner. It cannot be undone.
            </p>
            <FormAlert message={answer?.formError} />
            <input type="hidden" name="intent" value="delete" />
            <Field
              id="confirm-email"
              label="Type the person’s email address to confirm"
              error={answer?.emailError}
            >
              <TextInput
                id="confirm-email"
                name="email"
                type="email"
                autoComplete="off"
                defaultValue={answer?.email ?? ""}
                {...describedBy("confirm-email", answer?.emailError)}
              />
            </Field>
            <button
              type="submit"
              className="justify-self-start rounded-control bg-danger-700 px-4 py-2 font-semibold text-white"
            >
              Delete this person
            </button>
          </Form>
        )}
      </section>
    </section>
  );
}
