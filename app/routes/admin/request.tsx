/**
 * One request in the console: what was asked and by whom, the request's
 * consent, each pro it was sent to with the proof of consent to that pro and
 * its quote, its site visits (each time in the job's zone, with the zone's
 * name), and every delivery the outbox made for it. An id that is not a
 * request's (or not a uuid) is the plain 404.
 */
import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { serviceLabel } from "~/features/content/service-label.server";
import { CALLBACK_WINDOW_LABELS, CONTACT_LABELS } from "~/features/leads/labels";
import { leadPlaceLabel } from "~/features/leads/lead-row";
import { formatPhone } from "~/features/leads/phone";
import { formatPrice } from "~/features/marketplace/price";
import { notFound } from "~/features/marketplace/answers.server";
import { requestDetail, type RequestProDetail } from "~/features/operator/request-detail.server";
import { SOURCE_LABELS } from "~/features/operator/request-filters";
import {
  DECLINE_REASON_LABELS,
  OUTBOX_KIND_LABELS,
  OUTBOX_STATUS_LABELS,
  PRO_STATE_LABELS,
} from "~/features/operator/labels";
import { statusLabel } from "~/features/projects/status-badge";
import { VISIT_STATE_LABELS } from "~/features/visits/visit-labels";
import { formatVisitTime } from "~/features/visits/visit-time";
import { translate } from "~/lib/i18n.server";
import { getDb } from "~/lib/app-context.server";
import { ConsoleTable, utcMinute } from "~/features/operator/console-parts";
import type { Route } from "./+types/request";

export async function loader({ context, params }: Route.LoaderArgs) {
  const detail = await requestDetail(getDb(context), params.id);
  if (!detail) notFound();
  return data({
    ...detail,
    serviceName: detail.service ? serviceLabel(detail.service, "en") : null,
    place: leadPlaceLabel(detail) ?? null,
    visits: detail.visits.map((visit) => ({
      ...visit,
      stateLabel: translate("en", VISIT_STATE_LABELS[visit.state]),
    })),
  });
}

const DT = "font-semibold text-navy-900";
const DD = "break-words text-ink";

/** A description list of label → value; empty values are left out. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== "")
        .map(([term, value]) => (
          <div key={term} className="contents">
            <dt className={DT}>{term}</dt>
            <dd className={DD}>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

export default function RequestPage({ loaderData: request }: Route.ComponentProps) {
  return (
    <article aria-labelledby="request-title" className="grid gap-8">
      <div className="grid gap-1">
        <Link to="/admin/requests" className="text-sm font-medium text-navy-700 underline">
          All requests
        </Link>
        <h1 id="request-title" className="text-2xl font-bold text-navy-900">
          Request from {request.name}
        </h1>
        <p className="text-sm text-muted">Id {request.id}</p>
      </div>

      <section aria-labelledby="request-facts" className="grid gap-3">
        <h2 id="request-facts" className="text-lg font-semibold text-navy-900">
          The request
        </h2>
        <Facts
          rows={[
            ["Received (UTC)", utcMinute(request.createdAt)],
            ["Source", SOURCE_LABELS[request.source]],
            ["Status", statusLabel(request.status)],
            ["Progress", `${String(request.progress)}%`],
            ["Project name", request.title],
            ["Service", request.serviceName ?? "Not given"],
            ["Place", request.place ?? "Not given"],
            ["Country", request.country],
            ["Scheduled for (UTC)", request.scheduledFor ? utcMinute(request.scheduledFor) : null],
            [
              "Details",
              request.details ? (
                <span className="whitespace-pre-line">{request.details}</span>
              ) : (
                "None"
              ),
            ],
            [
              "Preferred contact",
              request.preferredContact ? CONTACT_LABELS[request.preferredContact] : null,
            ],
            [
              "Preferred time",
              request.preferredTime ? CALLBACK_WINDOW_LABELS[request.preferredTime] : null,
            ],
            ["Photos", String(request.photoCount)],
            [
              "From the listing of",
              request.listingBusiness ? (
                <Link
                  to={`/admin/contractors/${request.listingBusiness.id}`}
                  className="font-medium text-navy-700 underline"
                >
                  {request.listingBusiness.name}
                </Link>
              ) : null,
            ],
          ]}
        />
      </section>

      <section aria-labelledby="request-contact" className="grid gap-3">
        <h2 id="request-contact" className="text-lg font-semibold text-navy-900">
          Contact details
        </h2>
        <Facts
          rows={[
            ["Name", request.name],
            ["Email", request.email ?? "Not given"],
            ["Phone", request.phone ? formatPhone(request.phone) : "Not given"],
            [
              "Account",
              request.userId ? (
                <Link
                  to={`/admin/people/${request.userId}`}
                  className="font-medium text-navy-700 underline"
                >
                  The homeowner's account
                </Link>
              ) : (
                "Sent without an account"
              ),
            ],
            ["Consent given (UTC)", utcMinute(request.consentAt)],
            ["Consent text", request.consentText],
            ["Consent version", request.consentVersion ?? "Not recorded"],
            ["Client address", request.consentAddress ?? "Not recorded"],
            [
              "User agent",
              request.consentUserAgent === null ? (
                "Not recorded"
              ) : (
                <span className="font-mono text-xs">{request.consentUserAgent}</span>
              ),
            ],
          ]}
        />
      </section>

      <section aria-labelledby="request-pros" className="grid gap-4">
        <h2 id="request-pros" className="text-lg font-semibold text-navy-900">
          Pros sent to ({request.pros.length})
        </h2>
        {request.pros.length === 0 ? (
          <p className="text-muted">This request was not sent to any pro.</p>
        ) : (
          request.pros.map((pro) => <ProPart key={pro.contractorId} pro={pro} />)
        )}
      </section>

      <Visits rows={request.visits} />

      <Deliveries rows={request.deliveries} />
    </article>
  );
}

function ProPart({ pro }: { pro: RequestProDetail }) {
  return (
    <section
      aria-labelledby={`pro-${pro.contractorId}`}
      className="grid gap-3 rounded-control border border-line p-4"
    >
      <h3 id={`pro-${pro.contractorId}`} className="font-semibold text-navy-900">
        <Link to={`/admin/contractors/${pro.contractorId}`} className="text-navy-700 underline">
          {pro.businessName}
        </Link>
      </h3>
      <Facts
        rows={[
          ["State", PRO_STATE_LABELS[pro.state]],
          ["Decline reason", pro.declineReason ? DECLINE_REASON_LABELS[pro.declineReason] : null],
          ["Viewed (UTC)", utcMinute(pro.viewedAt)],
          ["Accepted (UTC)", utcMinute(pro.acceptedAt)],
          [
            "Quote",
            pro.quote
              ? `${formatPrice(pro.quote.currency, pro.quote.minCents, pro.quote.maxCents)} ${pro.quote.currency}, valid until ${pro.quote.validUntil}`
              : "No quote",
          ],
        ]}
      />
      <h4 className="text-sm font-semibold text-navy-900">Proof of consent</h4>
      <Facts
        rows={[
          ["Consent text", pro.consent.text],
          ["Consent version", pro.consent.version],
          ["Consent given (UTC)", utcMinute(pro.consent.at)],
          ["Client address", pro.consent.clientAddress],
          ["User agent", <span className="font-mono text-xs">{pro.consent.userAgent}</span>],
        ]}
      />
    </section>
  );
}

type VisitRows = Route.ComponentProps["loaderData"]["visits"];

const VISIT_HEADINGS = [
  "Business",
  "Time (the job's zone)",
  "State",
  "Created by",
  "Reason",
  "Sequence",
];

const CREATED_BY = { homeowner: "The homeowner", pro: "The pro" } as const;

function Visits({ rows }: { rows: VisitRows }) {
  return (
    <section aria-labelledby="request-visits" className="grid gap-3">
      <h2 id="request-visits" className="text-lg font-semibold text-navy-900">
        Visits ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted">No visit was booked or proposed for this request.</p>
      ) : (
        <ConsoleTable
          caption="Site visits of this request, oldest first"
          captionHidden
          headings={VISIT_HEADINGS}
        >
          {rows.map((visit) => (
            <tr key={visit.id} className="border-b border-line/60 align-top">
              <td className="py-2 pr-4">
                <Link
                  to={`/admin/contractors/${visit.contractorId}`}
                  className="font-medium text-navy-700 underline"
                >
                  {visit.businessName}
                </Link>
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">
                {visit.startsAt
                  ? formatVisitTime(new Date(visit.startsAt), visit.timeZone, "en")
                  : "Times proposed"}
              </td>
              <td className="py-2 pr-4">{visit.stateLabel}</td>
              <td className="py-2 pr-4">{CREATED_BY[visit.createdBy]}</td>
              <td className="py-2 pr-4 break-words">{visit.reason ?? "—"}</td>
              <td className="py-2">{visit.sequence}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}

type DeliveryRows = Route.ComponentProps["loaderData"]["deliveries"];

const DELIVERY_HEADINGS = [
  "Id",
  "Kind",
  "Status",
  "Attempts",
  "Created (UTC)",
  "Sent (UTC)",
  "Next attempt (UTC)",
  "Last error",
];

function Deliveries({ rows }: { rows: DeliveryRows }) {
  return (
    <section aria-labelledby="request-deliveries" className="grid gap-3">
      <h2 id="request-deliveries" className="text-lg font-semibold text-navy-900">
        Delivery history
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted">Nothing was delivered for this request.</p>
      ) : (
        <ConsoleTable
          caption="Deliveries for this request, oldest first"
          captionHidden
          headings={DELIVERY_HEADINGS}
        >
          {rows.map((job) => (
            <tr key={job.id} className="border-b border-line/60 align-top">
              <td className="py-2 pr-4">{job.id}</td>
              <td className="py-2 pr-4">{OUTBOX_KIND_LABELS[job.kind]}</td>
              <td className="py-2 pr-4">{OUTBOX_STATUS_LABELS[job.status]}</td>
              <td className="py-2 pr-4">{job.attempts}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{utcMinute(job.createdAt)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">{utcMinute(job.sentAt)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">
                {job.status === "pending" ? utcMinute(job.nextAttemptAt) : "—"}
              </td>
              <td className="py-2 break-all">{job.lastError ?? "—"}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <Link to="/admin/delivery" className="text-sm font-medium text-navy-700 underline">
        The delivery queue
      </Link>
    </section>
  );
}
