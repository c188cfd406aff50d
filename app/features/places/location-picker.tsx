/**
 * Opens the location picker from anywhere (breadcrumb, Get Started, search).
 * The dialog is not part of any page: on first use its code loads and it
 * mounts in a root of its own at the end of <body>, so an island, a page that
 * React Router renders, or no framework at all can open it. The pending
 * service lives with the open dialog and is forgotten when it closes.
 */
import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { publicConfig } from "~/lib/island";

/** Starts loading the dialog's code (on hover or focus of a trigger). */
export function preloadLocationPicker(): void {
  void import("./location-picker-dialog");
}

let root: Root | undefined;

export async function openLocationPicker(pendingService?: string): Promise<void> {
  // The control that opened the dialog gets focus back when it closes (WCAG 2.4.3).
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const { default: LocationPickerDialog } = await import("./location-picker-dialog");
  if (!root) {
    const container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
  }
  const mounted = root;
  const render = (open: boolean) => {
    mounted.render(
      createElement(LocationPickerDialog, {
        open,
        onOpenChange: render,
        pendingService,
        googleMapsKey: publicConfig().googleMapsKey,
        returnFocus: () => {
          if (opener?.isConnected) opener.focus();
        },
      }),
    );
  };
  render(true);
}
