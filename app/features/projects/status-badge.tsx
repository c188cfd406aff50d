/**
 * Spec §4: Completed green, In Progress blue, Pending yellow (a request sent to pros,
 * waiting for them), Scheduled purple, anything else grey (a draft, a cancelled request,
 * "Hired: {pro}" while a hire has nothing scheduled yet: hired-status.server.ts).
 */
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { cn } from "~/lib/cn";

/**
 * `label` is the English the operator's console shows (it stays in English,
 * and may name a status before any catalogue is loaded); `message` is the
 * same words as a message, for the person's own pages in their language.
 */
const STYLES: Record<string, { label: string; message: MessageDescriptor; className: string }> = {
  completed: {
    label: "Completed",
    message: msg`Completed`,
    className: "bg-green-100 text-green-800 ring-green-600/30",
  },
  in_progress: {
    label: "In Progress",
    message: msg`In Progress`,
    className: "bg-blue-100 text-blue-800 ring-blue-600/30",
  },
  sent: {
    label: "Pending",
    message: msg`Pending`,
    className: "bg-yellow-100 text-yellow-900 ring-yellow-600/40",
  },
  scheduled: {
    label: "Scheduled",
    message: msg`Scheduled`,
    className: "bg-purple-100 text-purple-800 ring-purple-600/30",
  },
  cancelled: {
    label: "Cancelled",
    message: msg`Cancelled`,
    className: "bg-gray-100 text-gray-700 ring-gray-500/30",
  },
  draft: {
    label: "Draft",
    message: msg`Draft`,
    className: "bg-gray-100 text-gray-700 ring-gray-500/30",
  },
};

const OTHER = "bg-gray-100 text-gray-700 ring-gray-500/30";

/** The status's name: in English (the operator's console), or with `i18n` in its language. */
export function statusLabel(status: string, i18n?: I18n): string {
  const known = STYLES[status];
  if (known) return i18n ? i18n._(known.message) : known.label;
  return status.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

export function StatusBadge({
  status,
  hiredBy = null,
}: {
  status: string;
  /** The hired business, while nothing is scheduled with it: "Hired: {pro}" in place of the status. */
  hiredBy?: string | null;
}) {
  const { i18n } = useLingui();
  return (
    <span
      data-status={hiredBy === null ? status : "hired"}
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset",
        // A business's name may be long: it wraps rather than pushing the title off a phone.
        hiredBy === null
          ? cn("shrink-0 whitespace-nowrap", STYLES[status]?.className ?? OTHER)
          : OTHER,
      )}
    >
      {hiredBy === null ? statusLabel(status, i18n) : i18n._(msg`Hired: ${hiredBy}`)}
    </span>
  );
}
