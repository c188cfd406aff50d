/**
 * The console's request search: its fields, how what the operator typed is
 * checked, and the words the list shows. Free of server code: the page and
 * the server read the same rules.
 */
import { SOURCE_LABELS as LEAD_SOURCE_WORDS } from "~/features/leads";
import { CATEGORY_SLUGS, type CategorySlug } from "~/site";
import {
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadSource,
  type LeadStatus,
} from "../../../database/enums";
import { hasControlCharacters } from "~/lib/plain-text";

/** Requests a page of the list shows. */
export const REQUESTS_PAGE_SIZE = 50;
/**
 * The most rows one CSV download holds (newest first). A spreadsheet opens
 * this many comfortably and the server builds the file in memory; narrow the
 * dates for more. CSV has no place for a note, so the cap is written here.
 */
export const REQUESTS_EXPORT_CAP = 50_000;
/** The longest search text taken. */
export const MAX_SEARCH_LENGTH = 200;

export const REQUEST_FILTER_FIELDS = ["q", "from", "to", "category", "status", "source"] as const;
export type RequestFilterField = (typeof REQUEST_FILTER_FIELDS)[number];

/** What the operator typed, field by field (empty when not given). */
export type RequestFilterValues = Record<RequestFilterField, string>;
export type RequestFilterErrors = Partial<Record<RequestFilterField, string>>;

/** A checked search: every field optional. Dates are UTC calendar days, both inclusive. */
export interface RequestFilter {
  q?: string;
  from?: string;
  to?: string;
  category?: CategorySlug;
  status?: LeadStatus;
  source?: LeadSource;
}

export type ParsedRequestFilter =
  | { ok: true; values: RequestFilterValues; filter: RequestFilter }
  | { ok: false; values: RequestFilterValues; errors: RequestFilterErrors };

/** Where a request came from, capitalised for a table or a select. */
export const SOURCE_LABELS = Object.fromEntries(
  Object.entries(LEAD_SOURCE_WORDS).map(([source, words]) => [
    source,
    words.charAt(0).toUpperCase() + words.slice(1),
  ]),
) as Record<LeadSource, string>;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

function oneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Reads and checks the search from a query string; errors name the field at fault. */
export function parseRequestFilter(params: URLSearchParams): ParsedRequestFilter {
  const values = Object.fromEntries(
    REQUEST_FILTER_FIELDS.map((name) => [name, (params.get(name) ?? "").trim()]),
  ) as RequestFilterValues;
  const errors: RequestFilterErrors = {};
  const filter: RequestFilter = {};

  if (values.q.length > MAX_SEARCH_LENGTH) {
    errors.q = `Search for at most ${String(MAX_SEARCH_LENGTH)} characters.`;
  } else if (hasControlCharacters(values.q)) {
    errors.q = "Type the search again: it holds invisible control characters.";
  } else if (values.q) {
    filter.q = values.q;
  }
  for (const name of ["from", "to"] as const) {
    const text = values[name];
    if (!text) continue;
    if (isCalendarDay(text)) filter[name] = text;
    else errors[name] = "That is not a date. Write it as YYYY-MM-DD, e.g. 2026-03-01.";
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    errors.to = "The end date is before the start date.";
  }
  if (values.category) {
    if (oneOf(CATEGORY_SLUGS, values.category)) filter.category = values.category;
    else errors.category = "Choose one of the listed categories.";
  }
  if (values.status) {
    if (oneOf(LEAD_STATUSES, values.status)) filter.status = values.status;
    else errors.status = "Choose one of the listed statuses.";
  }
  if (values.source) {
    if (oneOf(LEAD_SOURCES, values.source)) filter.source = values.source;
    else errors.source = "Choose one of the listed sources.";
  }
  return Object.keys(errors).length > 0
    ? { ok: false, values, errors }
    : { ok: true, values, filter };
}

/** The search as a query string (its given fields only, in a fixed order); "" for none. */
export function filterQuery(values: RequestFilterValues): string {
  return new URLSearchParams(
    REQUEST_FILTER_FIELDS.filter((name) => values[name] !== "").map((name) => [name, values[name]]),
  ).toString();
}
