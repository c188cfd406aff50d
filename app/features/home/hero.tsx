/**
 * The home hero (spec §2, §4, §9): three slides whose titles type out at
 * 50 ms a character, advancing every 5 s and wrapping both ways; arrows and
 * dots. It pauses on hover and keyboard focus and has a pause button (WCAG
 * 2.2.2); with reduced motion it neither types nor advances. The full title
 * is in the HTML and the accessible name from the first paint: the typing is
 * a visual mask only.
 *
 * Only the first slide's picture is in the page the server sends: the other
 * slides are invisible until they advance, and their pictures would compete
 * with the first one for the network before the first paint. Once the
 * carousel runs in the browser the others are added when it is next idle, or
 * at once when someone changes the slide (with three slides each is the next
 * or the previous one), so each is loaded before it can appear.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Picture } from "~/components/ui/picture";
import { cn } from "~/lib/cn";
import { island } from "~/lib/island";
import { HERO_SLIDES } from "./hero-slides";
import { useReducedMotion } from "./use-reduced-motion";

/** Spec §9: the slides advance this often, and type their words at this pace. */
const HERO_AUTO_ADVANCE_MS = 5000;
const HERO_TYPING_MS_PER_CHAR = 50;

const COUNT = HERO_SLIDES.length;

/** Whether the other slides' pictures are in the page: from the browser's first idle moment. */
function useAllPictures(): [boolean, () => void] {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!("requestIdleCallback" in window)) {
      const timer = setTimeout(() => setAll(true), 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => setAll(true), { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, []);
  return [all, () => setAll(true)];
}

/**
 * How many characters of the title show: all of it until a slide change starts
 * the typing (so the first paint has the whole title), then 50 ms a character.
 */
function useTypedLength(title: string, typingFrom: number | null): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (typingFrom === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time - typingFrom >= title.length * HERO_TYPING_MS_PER_CHAR) clearInterval(timer);
    }, HERO_TYPING_MS_PER_CHAR);
    return () => clearInterval(timer);
  }, [title, typingFrom]);
  if (typingFrom === null) return title.length;
  return Math.max(
    0,
    Math.min(title.length, Math.floor((now - typingFrom) / HERO_TYPING_MS_PER_CHAR)),
  );
}

export function HeroCarousel() {
  const { i18n, t } = useLingui();
  const slides = HERO_SLIDES.map((item) => ({
    image: item.image,
    title: i18n._(item.title),
    subtitle: i18n._(item.subtitle),
    alt: i18n._(item.alt),
  }));
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [typingFrom, setTypingFrom] = useState<number | null>(null);
  const reducedMotion = useReducedMotion();
  const rotating = !paused && !hovered && !focused && !reducedMotion;
  const slide = slides[index] ?? slides[0];
  const typed = useTypedLength(slide?.title ?? "", reducedMotion ? null : typingFrom);
  const [allPictures, addAllPictures] = useAllPictures();

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => {
      setTypingFrom(Date.now());
      setIndex((current) => (current + 1) % COUNT);
    }, HERO_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [rotating, index]);

  const go = (next: number) => {
    addAllPictures();
    setTypingFrom(Date.now());
    setIndex(((next % COUNT) + COUNT) % COUNT);
  };

  return (
    // Hover and focus pause the rotation (WCAG 2.2.2); the section itself is not a control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label={t`Highlights`}
      className="relative isolate overflow-hidden bg-navy-950 text-white"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        aria-live={rotating ? "off" : "polite"}
        className="relative min-h-[34rem] sm:min-h-[36rem] lg:min-h-[40rem]"
      >
        {slides.map((item, i) => {
          const current = i === index;
          const Heading = i === 0 ? "h1" : "h2";
          const position = i + 1;
          return (
            <div
              key={item.image}
              role="group"
              aria-roledescription="slide"
              aria-label={t`${position} of ${COUNT}`}
              aria-hidden={!current}
              inert={!current}
              className={cn(
                "absolute inset-0 transition-opacity duration-700",
                current ? "opacity-100" : "opacity-0",
              )}
            >
              {i === 0 || allPictures ? (
                <Picture
                  name={item.image}
                  alt={item.alt}
                  sizes="100vw"
                  priority={i === 0}
                  className="absolute inset-0 -z-10"
                  imgClassName="h-full w-full object-cover object-[70%_center]"
                />
              ) : null}
              <div className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 via-navy-950/75 to-navy-950/10" />
              <div className="mx-auto flex h-full max-w-7xl flex-col justify-center gap-5 px-4 py-20 sm:px-6">
                <Heading className="relative max-w-xl text-4xl font-extrabold tracking-tight sm:text-6xl">
                  {/* The full title (what readers and machines get), hidden only visually while typing. */}
                  <span className={cn(current && typed < item.title.length && "invisible")}>
                    {item.title}
                  </span>
                  {current && typed < item.title.length ? (
                    <span aria-hidden="true" className="absolute inset-0">
                      {item.title.slice(0, typed)}
                      <span className="ml-0.5 inline-block h-[0.9em] w-1 translate-y-1 animate-pulse bg-accent-400" />
                    </span>
                  ) : null}
                </Heading>
                <p className="max-w-lg text-lg leading-relaxed text-navy-100 sm:text-xl">
                  {item.subtitle}
                </p>
                <div>
                  <a href="#quote" className={buttonClasses("primary", "lg")}>
                    <Trans>Get Your Free Quote</Trans>
                  </a>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-5 mx-auto flex max-w-7xl items-center gap-3 px-4 sm:px-6">
        <button
          type="button"
          aria-label={t`Previous slide`}
          onClick={() => go(index - 1)}
          className={CONTROL}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <div className="flex items-center">
          {slides.map((item, i) => {
            const position = i + 1;
            return (
              <button
                key={item.image}
                type="button"
                aria-label={t`Go to slide ${position}`}
                aria-current={i === index ? "true" : undefined}
                onClick={() => go(i)}
                className="grid size-11 place-items-center"
              >
                <span
                  className={cn(
                    "block h-2.5 rounded-full transition-all",
                    i === index ? "w-8 bg-accent-400" : "w-2.5 bg-white/70",
                  )}
                />
              </button>
            );
          })}
        </div>
        <button
          type="button"
          aria-label={t`Next slide`}
          onClick={() => go(index + 1)}
          className={CONTROL}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          aria-label={paused ? t`Play slides` : t`Pause slides`}
          onClick={() => setPaused((value) => !value)}
          className={cn(CONTROL, "ml-auto")}
        >
          {paused ? (
            <Play aria-hidden="true" className="size-5" />
          ) : (
            <Pause aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
    </section>
  );
}

const CONTROL =
  "grid size-11 place-items-center rounded-full border border-white/40 bg-navy-950/50 text-white hover:bg-navy-950/80";

export const HeroIsland = island("hero", HeroCarousel);
