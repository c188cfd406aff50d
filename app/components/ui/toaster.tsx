/**
 * Renders the toast queue with Radix Toast: auto-dismiss after 5 s unless
 * the toast's duration is Infinity, swipe right 50 px to dismiss, F8 moves
 * focus to the notifications region (spec §9).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { LinguiContext } from "@lingui/react";
import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { useContext, useEffect, useRef, type RefObject } from "react";
import { cn } from "~/lib/cn";
import { dismissToast, removeToast, useToasts } from "./toast-store";

/** Spec §4/§9: how long a toast stays, how far a swipe dismisses it, the key that reaches it. */
export const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_HOTKEY = "F8";

const VARIANT_CLASSES = {
  default: "border-line bg-surface text-ink",
  destructive: "border-danger-700 bg-danger-700 text-white",
} as const;

/** Radix puts the hotkey's name where the label says "{hotkey}" (so the value is that text). */
const hotkey = "{hotkey}";

const CLOSE_LABEL = msg`Close notification`;
const REGION_LABEL = msg`Notifications (${hotkey})`;

/**
 * The labels in the page's language. The toaster always runs inside the
 * page's I18nProvider (root.tsx); alone (a unit test), its English source.
 */
function useTranslate(): (descriptor: MessageDescriptor) => string {
  const lingui = useContext(LinguiContext);
  return (descriptor) => (lingui ? lingui._(descriptor) : (descriptor.message ?? descriptor.id));
}

/**
 * While a toast shows, the window keeps that much scroll padding at its
 * bottom, so the browser scrolls whatever gets focus to above the toast
 * rather than under it: on a phone a toast spans nearly the whole width
 * (WCAG 2.4.11 Focus Not Obscured).
 */
function useScrollPaddingOver(viewport: RefObject<HTMLOListElement | null>) {
  useEffect(() => {
    const list = viewport.current;
    if (!list) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom =
        list.childElementCount > 0 ? `${list.offsetHeight.toString()}px` : "";
    });
    observer.observe(list);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
    };
  }, [viewport]);
}

export function Toaster() {
  const toasts = useToasts();
  const translate = useTranslate();
  const viewport = useRef<HTMLOListElement>(null);
  useScrollPaddingOver(viewport);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) {
              dismissToast(item.id);
              // Leave time for the exit transition before unmounting.
              setTimeout(() => removeToast(item.id), 200);
            }
          }}
          data-variant={item.variant ?? "default"}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-card border p-4 pr-10 shadow-raised",
            "data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full",
            "transition-[opacity,transform] duration-200",
            VARIANT_CLASSES[item.variant ?? "default"],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={translate(CLOSE_LABEL)}
            className="absolute top-2 right-2 grid size-8 place-items-center rounded-full opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={[TOAST_HOTKEY]}
        label={translate(REGION_LABEL)}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
