/** People: find a person by name or email (newest first when nothing is typed); 50 a page. */
import { data, Form, Link } from "react-router";
import { FormAlert } from "~/components/ui/form-controls";
import { findPeople } from "~/features/operator/people.server";
import { getDb } from "~/lib/app-context.server";
import { ConsoleTable, PageLinks, utcMinute } from "~/features/operator/console-parts";
import type { Route } from "./+types/people";
import { queryText } from "~/lib/plain-text";

export async function loader({ context, url }: Route.LoaderArgs) {
  const q = queryText(url.searchParams.get("q"), 200);
  const pageText = url.searchParams.get("page") ?? "";
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) > 0 ? Number(pageText) : 1;
  const deletedText = url.searchParams.get("deleted");
  const deleted =
    deletedText !== null && /^\d{1,9}$/.test(deletedText) ? Number(deletedText) : null;
  const found = await findPeople(getDb(context), q, page);
  return data({
    q,
    page,
    more: found.more,
    total: found.total,
    notice:
      deleted === null
        ? null
        : `The account was deleted, with ${deleted === 1 ? "its 1 request" : `its ${String(deleted)} requests`}.`,
    people: found.people.map((person) => ({
      ...person,
      createdAt: person.createdAt.toISOString(),
      lastActiveAt: person.lastActiveAt.toISOString(),
    })),
  });
}

const HEADINGS = [
  "Name",
  "Email",
  "Sign-in",
  "Role",
  "Demo account",
  "Created (UTC)",
  "Last active (UTC)",
  "Requests",
  "Businesses owned",
];

export default function People({ loaderData }: Route.ComponentProps) {
  const { q, page, more, total, people, notice } = loaderData;
  const pageLink = (n: number) =>
    `/admin/people?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n) }).toString()}`;
  return (
    <section aria-labelledby="people-title" className="grid gap-6">
      <h1 id="people-title" className="text-2xl font-bold text-navy-900">
        People
      </h1>
      <FormAlert tone="success" message={notice ?? undefined} />
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Find a person">
        <label className="grid gap-1 text-sm font-medium text-navy-900">
          Name or email
          <input
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            className="rounded-control border border-line px-3 py-2"
          />
        </label>
        <button
          type="submit"
          className="rounded-control bg-navy-900 px-4 py-2 text-sm font-semibold text-white"
        >
          Find
        </button>
      </Form>
      {people.length === 0 ? (
        <p className="text-muted">
          {q ? `No one’s name or email contains “${q}”.` : "No one yet."}
        </p>
      ) : (
        <ConsoleTable
          caption={
            <>
              {q ? `People matching “${q}”` : "People, newest first"}: {total}
              {page > 1 ? `, page ${String(page)}` : ""}
            </>
          }
          headings={HEADINGS}
        >
          {people.map((person) => (
            <tr key={person.id} className="border-b border-line/60 align-top">
              <th scope="row" className="py-2 pr-4 font-normal">
                <Link to={`/admin/people/${person.id}`} className="text-navy-700 underline">
                  {person.name || "(no name)"}
                </Link>
              </th>
              <td className="py-2 pr-4 break-all">{person.email}</td>
              <td className="py-2 pr-4">{person.providerLabel}</td>
              <td className="py-2 pr-4">{person.role}</td>
              <td className="py-2 pr-4">{person.demo ? "Yes" : "No"}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{utcMinute(person.createdAt)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{utcMinute(person.lastActiveAt)}</td>
              <td className="py-2 pr-4 text-right tabular-nums">{person.requests}</td>
              <td className="py-2 text-right tabular-nums">{person.businesses}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <PageLinks label="Pages of people" page={page} more={more} link={pageLink} />
    </section>
  );
}
