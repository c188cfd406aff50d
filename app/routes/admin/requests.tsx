/**
 * The console's requests: one search box (name, email, phone or ZIP/postal
 * code) and filters by dates, category, status and source; newest first, 50
 * a page; a CSV of the same search. A filter that makes no sense is named
 * beside its field, with what was typed kept, and nothing is listed (400).
 */
import { data, Form, Link } from "react-router";
import { describedBy, Field, FormAlert, Select, TextInput } from "~/components/ui/form-controls";
import { serviceLabel } from "~/features/content/service-label.server";
import { leadPlaceLabel } from "~/features/leads/lead-row";
import {
  filterQuery,
  parseRequestFilter,
  SOURCE_LABELS,
  type RequestFilterErrors,
  type RequestFilterField,
  type RequestFilterValues,
} from "~/features/operator/request-filters";
import { cursorText, parseCursor, searchRequests } from "~/features/operator/requests.server";
import { statusLabel } from "~/features/projects/status-badge";
import { getDb } from "~/lib/app-context.server";
import { CATEGORIES } from "~/site";
import { LEAD_SOURCES, LEAD_STATUSES, type LeadSource } from "../../../database/enums";
import { utcMinute } from "~/features/operator/console-parts";
import type { Route } from "./+types/requests";

const NO_ERRORS: RequestFilterErrors = {};

export async function loader({ context, url }: Route.LoaderArgs) {
  const parsed = parseRequestFilter(url.searchParams);
  if (!parsed.ok) {
    return data(
      { values: parsed.values, errors: parsed.errors, rows: [], older: null },
      { status: 400 },
    );
  }
  const page = await searchRequests(
    getDb(context),
    parsed.filter,
    parseCursor(url.searchParams.get("before")),
  );
  const query = filterQuery(parsed.values);
  const older = page.next
    ? `/admin/requests?${new URLSearchParams([
        ...new URLSearchParams(query),
        ["before", cursorText(page.next)],
      ]).toString()}`
    : null;
  return data({
    values: parsed.values,
    errors: NO_ERRORS,
    older,
    rows: page.rows.map((row) => ({
      id: row.id,
      received: row.createdAt.toISOString(),
      name: row.name,
      service: row.service ? serviceLabel(row.service, "en") : "—",
      place: leadPlaceLabel(row) ?? "—",
      status: row.status,
      source: row.source,
      pros: row.pros,
    })),
  });
}

const OPTIONS: Record<"category" | "status" | "source", { value: string; label: string }[]> = {
  category: CATEGORIES.map((category) => ({ value: category.slug, label: category.title })),
  status: LEAD_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
  source: LEAD_SOURCES.map((source) => ({ value: source, label: SOURCE_LABELS[source] })),
};

const CHOICES = [
  { name: "category", label: "Category", any: "Any category" },
  { name: "status", label: "Status", any: "Any status" },
  { name: "source", label: "Source", any: "Any source" },
] as const;

function TextFilter(props: {
  name: RequestFilterField;
  label: string;
  hint?: string;
  values: RequestFilterValues;
  errors: RequestFilterErrors;
  className?: string;
}) {
  const { name, values, errors } = props;
  const id = `requests-${name}`;
  return (
    <Field
      id={id}
      label={props.label}
      hint={props.hint}
      error={errors[name]}
      className={props.className}
    >
      <TextInput
        id={id}
        name={name}
        type={name === "q" ? "search" : "text"}
        defaultValue={values[name]}
        {...describedBy(id, errors[name], Boolean(props.hint))}
      />
    </Field>
  );
}

export default function Requests({ loaderData }: Route.ComponentProps) {
  const { values, errors, rows, older } = loaderData;
  const invalid = Object.keys(errors).length > 0;
  const query = filterQuery(values);
  return (
    <section aria-labelledby="requests-title" className="grid gap-6">
      <h1 id="requests-title" className="text-2xl font-bold text-navy-900">
        Requests
      </h1>
      <Form method="get" className="grid gap-4" aria-label="Search requests" noValidate>
        <FormAlert message={invalid ? "Check the filters marked below." : undefined} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextFilter
            name="q"
            label="Search"
            hint="Name, email, phone or ZIP/postal code"
            values={values}
            errors={errors}
            className="sm:col-span-2 lg:col-span-3"
          />
          <TextFilter
            name="from"
            label="Received from"
            hint="YYYY-MM-DD, UTC"
            values={values}
            errors={errors}
          />
          <TextFilter
            name="to"
            label="Received to"
            hint="YYYY-MM-DD, UTC, inclusive"
            values={values}
            errors={errors}
          />
          {CHOICES.map((choice) => {
            const id = `requests-${choice.name}`;
            const typed = values[choice.name];
            const known = OPTIONS[choice.name].some((option) => option.value === typed);
            return (
              <Field key={choice.name} id={id} label={choice.label} error={errors[choice.name]}>
                <Select
                  id={id}
                  name={choice.name}
                  defaultValue={typed}
                  {...describedBy(id, errors[choice.name])}
                >
                  <option value="">{choice.any}</option>
                  {OPTIONS[choice.name].map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                  {typed && !known ? <option value={typed}>{typed} (not known)</option> : null}
                </Select>
              </Field>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            className="rounded-control bg-navy-900 px-4 py-2 text-sm font-semibold text-white"
          >
            Search
          </button>
          <Link to="/admin/requests" className="text-sm font-medium text-navy-700 underline">
            Clear the search
          </Link>
          {invalid ? null : (
            <a
              href={`/admin/requests.csv${query ? `?${query}` : ""}`}
              className="text-sm font-medium text-navy-700 underline"
            >
              Download CSV
            </a>
          )}
        </div>
      </Form>
      {invalid ? null : rows.length === 0 ? (
        <p className="text-muted">No requests match this search.</p>
      ) : (
        <RequestTable rows={rows} />
      )}
      {older === null ? null : (
        <Link to={older} className="font-medium text-navy-700 underline">
          Older requests
        </Link>
      )}
    </section>
  );
}

interface Row {
  id: string;
  received: string;
  name: string;
  service: string;
  place: string;
  status: string;
  source: LeadSource;
  pros: number;
}

const HEADINGS = ["Received (UTC)", "Name", "Service", "Place", "Status", "Source", "Pros"];

function RequestTable({ rows }: { rows: Row[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Requests, newest first</caption>
        <thead>
          <tr className="border-b border-line">
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4">
                {heading}
              </th>
            ))}
            <th scope="col" className="py-2">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-line/60 align-top">
              <td className="py-2 pr-4 whitespace-nowrap">{utcMinute(row.received)}</td>
              <td className="py-2 pr-4 break-words">{row.name}</td>
              <td className="py-2 pr-4">{row.service}</td>
              <td className="py-2 pr-4">{row.place}</td>
              <td className="py-2 pr-4">{statusLabel(row.status)}</td>
              <td className="py-2 pr-4">{SOURCE_LABELS[row.source]}</td>
              <td className="py-2 pr-4">{row.pros}</td>
              <td className="py-2">
                <Link
                  to={`/admin/requests/${row.id}`}
                  className="font-medium text-navy-700 underline"
                >
                  Open<span className="sr-only"> the request from {row.name}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
