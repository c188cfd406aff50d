/**
 * Spec §4: Completed green, In Progress blue, Pending yellow (a request sent to pros,
 * waiting for them), Scheduled purple, anything else grey (a draft, a cancelled request).
 */
import { cn } from "~/lib/cn";

const STYLES: Record<string, { label: string; className: string }> = {
  completed: { label: "Completed", className: "bg-green-100 text-green-800 ring-green-600/30" },
  in_progress: { label: "In Progress", className: "bg-blue-100 text-blue-800 ring-blue-600/30" },
  sent: { label: "Pending", className: "bg-yellow-100 text-yellow-900 ring-yellow-600/40" },
  scheduled: { label: "Scheduled", className: "bg-purple-100 text-purple-800 ring-purple-600/30" },
  cancelled: { label: "Cancelled", className: "bg-gray-100 text-gray-700 ring-gray-500/30" },
  draft: { label: "Draft", className: "bg-gray-100 text-gray-700 ring-gray-500/30" },
};

const OTHER = "bg-gray-100 text-gray-700 ring-gray-500/30";

export function statusLabel(status: string): string {
  return STYLES[status]?.label ?? status.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        STYLES[status]?.className ?? OTHER,
      )}
    >
      {statusLabel(status)}
    </span>
  );
}
