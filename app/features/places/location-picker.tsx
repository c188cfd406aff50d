/**
 * Opens the location picker from anywhere (breadcrumb, Get Started, search).
 * The dialog is not part of any page: on first use its code loads and it
 * mounts in a root of its own at the end of <body>, so an island, a page that
 * React Router renders, or no framework at all can open it. The pending
 * service lives with the open dialog and is forgotten when it closes.
 */
import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { importAgainOnFailure } from "~/lib/import-again";
import { publicConfig } from "~/lib/island";

const loadDialog = () => import("./location-picker-dialog");

/**
 * Starts loading the dialog's code (on hover or focus of a trigger). A failed
 * download here is not reported: opening the dialog asks again.
 */
export function preloadLocationPicker(): void {
  loadDialog().catch(() => undefined);
}

let root: Root | undefined;

/**
 * Opens the picker. When its code can't be downloaded even on a second try,
 * a trigger that has a page doing the same without JavaScript (Get Started:
 * the search page for its service) goes there instead of doing nothing.
 */
export async function openLocationPicker(
  pendingService?: string,
  { fallback }: { fallback?: string } = {},
): Promise<void> {
  // The control that opened the dialog gets focus back when it closes (WCAG 2.4.3).
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const dialog = await importAgainOnFailure(loadDialog).catch((error: unknown) => {
    if (fallback === undefined) throw error;
    window.location.assign(fallback);
  });
  if (!dialog) return;
  const LocationPickerDialog = dialog.default;
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
