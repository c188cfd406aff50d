/**
 * Opens the location picker from anywhere (breadcrumb, Get Started). The
 * dialog's code loads on first use; each page keeps its own open state and
 * pending service (spec §4: page-local on category pages).
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

const LocationPickerDialog = lazy(() => import("./location-picker-dialog"));

/** Starts loading the dialog's code (on hover or focus of a trigger). */
export function preloadLocationPicker(): void {
  void import("./location-picker-dialog");
}

export function useLocationPicker(): {
  openPicker: (pendingService?: string) => void;
  picker: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [pendingService, setPendingService] = useState("");
  const root = useRouteLoaderData<typeof rootLoader>("root");

  const openPicker = useCallback((service?: string) => {
    setPendingService(service ?? "");
    setUsed(true);
    setOpen(true);
  }, []);

  const picker = used ? (
    <Suspense fallback={null}>
      <LocationPickerDialog
        open={open}
        onOpenChange={setOpen}
        pendingService={pendingService || undefined}
        googleMapsKey={root?.googleMapsKey}
      />
    </Suspense>
  ) : null;
  return { openPicker, picker };
}
