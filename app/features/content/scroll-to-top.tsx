/** A floating "back to top" button, shown once the reader has scrolled a screen down. */
import { useLingui } from "@lingui/react/macro";
import { ArrowUpIcon } from "~/components/ui/shell-icons";
import { useEffect, useState } from "react";
import { cn } from "~/lib/cn";
import { island } from "~/lib/island";

export function ScrollToTop() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > window.innerHeight);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return (
    <button
      type="button"
      aria-label={t`Back to top`}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      onClick={() => {
        const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      className={cn(
        "fixed right-4 bottom-4 z-30 grid size-12 place-items-center rounded-full bg-navy-800 text-white shadow-raised transition-opacity hover:bg-navy-900",
        visible ? "opacity-100" : "pointer-events-none opacity-0",
      )}
    >
      <ArrowUpIcon className="size-5" />
    </button>
  );
}

export const ScrollToTopIsland = island("scroll-to-top", ScrollToTop);
