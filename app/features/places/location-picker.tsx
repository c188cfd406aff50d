/**
 * Opens the location picker from anywhere (breadcrumb, Get Started). The
 * dialog's code loads on first use; each page keeps its own open state and
 * pending service (spec §4: page-local on category pages).
 */
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";
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
  // The control that opened the dialog gets focus back when it closes (WCAG 2.4.3).
  const opener = useRef<HTMLElement | null>(null);

  const openPicker = useCallback((service?: string) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
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
        returnFocus={() => {
          if (opener.current?.isConnected) opener.current.focus();
        }}
      />
    </Suspense>
  ) : null;
  return { openPicker, picker };
}
