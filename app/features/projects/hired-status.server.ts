/**
 * What a request's status says once a pro is hired (issue 43). Hiring moves
 * the request to `scheduled` (states.ts), but nothing is scheduled yet: the
 * badge read "Scheduled" with no visit and no start. Until the hired pro
 * has a site visit booked with it, or a start is set (leads.scheduled_for),
 * the badge says "Hired: {pro}" instead; the spec's four statuses keep their
 * names and colours, and this one is, as the spec says of anything else,
 * grey. One rule for My Projects and the project's page.
 */
import { sql } from "drizzle-orm";
import { qualified } from "~/lib/qualified-column.server";
import { VISIT_HOLDING_STATES } from "../../../database/enums";
import { contractors, leads, visits } from "../../../database/schema";

const holding = sql.join(
  VISIT_HOLDING_STATES.map((state) => sql`${state}`),
  sql`, `,
);

/**
 * As a column of a query on leads: the hired business's name while the
 * request is hired with nothing scheduled, else null (the status's own name).
 */
export const hiredByColumn = sql<string | null>`case
  when ${qualified(leads, leads.status)} = 'scheduled'
    and ${qualified(leads, leads.scheduledFor)} is null
    and not exists (
      select 1 from ${visits}
      where ${qualified(visits, visits.leadId)} = ${qualified(leads, leads.id)}
        and ${qualified(visits, visits.contractorId)} = ${qualified(leads, leads.contractorId)}
        and ${qualified(visits, visits.state)} in (${holding}))
  then (
    select ${qualified(contractors, contractors.name)} from ${contractors}
    where ${qualified(contractors, contractors.id)} = ${qualified(leads, leads.contractorId)})
  end`;
