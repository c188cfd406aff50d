/**
 * Loads the toast renderer (Radix Toast) only once a toast is shown, so pages
 * that never toast don't carry it.
 */
import { lazy, Suspense, useState } from "react";
import { importAgainOnFailure } from "~/lib/import-again";
import { useToasts } from "./toast-store";

const Toaster = lazy(() =>
  importAgainOnFailure(() => import("./toaster")).then((module) => ({ default: module.Toaster })),
);

export function ToasterHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
