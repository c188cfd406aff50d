import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="grid justify-items-start gap-3 rounded-card border border-dashed border-navy-300 bg-surface p-8">
      <Icon aria-hidden="true" className="size-8 text-navy-500" />
      <h2 className="text-xl font-bold text-navy-900">{title}</h2>
      <div className="max-w-prose text-muted">{children}</div>
    </div>
  );
}
