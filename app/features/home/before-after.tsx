/**
 * The before/after comparison (spec §2, §4): starts at 50 %; drag the handle
 * (or anywhere on the picture) with a mouse, pen or finger, the position
 * clamped to 0–100 % and released on pointer up, cancel or leave; or use the
 * keyboard on the slider handle. Without JavaScript it is a fixed 50 % split.
 * The pictures are not draggable: a drag that starts over one moves the split.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { MoveHorizontal } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { Picture } from "~/components/ui/picture";
import { island } from "~/lib/island";
import { formatterCache } from "~/lib/locales";
import { useLocale } from "~/lib/use-locale";

/** Spec §9: where the divider starts. */
const BEFORE_AFTER_DEFAULT_PERCENT = 50;

const KEY_STEPS: Record<string, (value: number) => number> = {
  ArrowLeft: (v) => v - 5,
  ArrowDown: (v) => v - 5,
  ArrowRight: (v) => v + 5,
  ArrowUp: (v) => v + 5,
  PageDown: (v) => v - 10,
  PageUp: (v) => v + 10,
  Home: () => 0,
  End: () => 100,
};

/** "50%" in English, "50 %" in French: a whole percentage in the page's language. */
const percentFormat = formatterCache(
  (tag) => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 0 }),
);

export const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

export function BeforeAfterSlider() {
  const { t } = useLingui();
  const locale = useLocale();
  const [position, setPosition] = useState(BEFORE_AFTER_DEFAULT_PERCENT);
  const [dragging, setDragging] = useState(false);
  const frame = useRef<HTMLDivElement>(null);

  const moveTo = (clientX: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    setPosition(clampPercent(((clientX - box.left) / box.width) * 100));
  };
  const start = (event: PointerEvent<HTMLDivElement>) => {
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
  };
  const stop = () => setDragging(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    setPosition((value) => clampPercent(Math.round(step(value))));
  };
  const rounded = Math.round(position);
  const percent = percentFormat(locale).format(rounded / 100);

  return (
    <div
      ref={frame}
      onPointerDown={start}
      onPointerMove={(event) => {
        if (dragging) moveTo(event.clientX);
      }}
      onPointerUp={stop}
      onPointerCancel={stop}
      onPointerLeave={stop}
      className="relative aspect-[16/10] touch-pan-y overflow-hidden rounded-card shadow-card select-none"
    >
      <Picture
        name="before-after/before"
        alt={t`The kitchen before the renovation: dated cabinets and worn counters`}
        sizes="(min-width: 1024px) 44rem, 100vw"
        imgClassName="absolute inset-0 h-full w-full object-cover"
        draggable={false}
      />
      <div
        className="absolute inset-0"
        style={{ clipPath: `inset(0 0 0 ${position.toString()}%)` }}
      >
        <Picture
          name="before-after/after"
          alt={t`The same kitchen after the renovation: new cabinets, counters and lighting`}
          sizes="(min-width: 1024px) 44rem, 100vw"
          imgClassName="absolute inset-0 h-full w-full object-cover"
          draggable={false}
        />
      </div>
      <span className="absolute top-3 left-3 rounded-full bg-navy-950/80 px-3 py-1 text-sm font-semibold text-white">
        <Trans>Before</Trans>
      </span>
      <span className="absolute top-3 right-3 rounded-full bg-accent-700 px-3 py-1 text-sm font-semibold text-white">
        <Trans>After</Trans>
      </span>
      <div
        className="absolute inset-y-0 w-1 -translate-x-1/2 bg-white shadow"
        style={{ left: `${position.toString()}%` }}
      >
        <div
          role="slider"
          tabIndex={0}
          aria-label={t`Before and after comparison`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={rounded}
          aria-valuetext={t`${percent} after`}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          className="absolute top-1/2 left-1/2 grid size-12 -translate-x-1/2 -translate-y-1/2 cursor-ew-resize place-items-center rounded-full border-2 border-white bg-navy-800 text-white shadow-raised"
        >
          <MoveHorizontal aria-hidden="true" className="size-5" />
        </div>
      </div>
    </div>
  );
}

export const BeforeAfterIsland = island("before-after", BeforeAfterSlider);
