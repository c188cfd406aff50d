/**
 * The location picker (spec §2, §4): "Select your location", a search box
 * with suggestions (after a 200 ms pause; none for empty text), keyboard
 * navigation in the combobox pattern, and the six popular cities. Choosing a
 * valid city saves it, closes the picker and goes to /{city} or
 * /{city}/{service}, in the page's language (/es/denver-co). Loaded on first
 * use, so content pages don't carry it, and mounted on its own
 * (location-picker.tsx): it goes to the city's page with a plain page load.
 */
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import * as Dialog from "@radix-ui/react-dialog";
import { Loader2, MapPin, Search, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "~/lib/cn";
import { i18nFor } from "~/lib/i18n";
import { pageLocale } from "~/lib/i18n-browser";
import { useLocale, useLocalize } from "~/lib/use-locale";
import { POPULAR_CITIES } from "~/site";
import { createOfflinePlaces, PlaceLookupRefused, type PlaceProvider } from "./offline-places";
import type { PlaceChoice, PlaceSuggestion } from "./place-types";
import { saveSelectedCity } from "./selected-city";

/** Spec §9: the wait after the last key before asking for suggestions. */
const SUGGESTION_DEBOUNCE_MS = 200;

export interface LocationPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Puts focus back on what opened the dialog (there is no Dialog.Trigger). */
  returnFocus: () => void;
  /** A service slug waiting for a city (category pages' Get Started). */
  pendingService?: string;
  /** Set when the site uses Google Places instead of its own gazetteer. */
  googleMapsKey?: string;
}

/** The place provider, its messages in the page's language (`i18n`). */
function usePlaceProvider(googleMapsKey: string | undefined, i18n: I18n): PlaceProvider | null {
  const locale = useLocale();
  const offline = useMemo(() => createOfflinePlaces(i18n), [i18n]);
  const [google, setGoogle] = useState<PlaceProvider | null>(null);
  useEffect(() => {
    if (!googleMapsKey) return;
    let cancelled = false;
    import("./google-places")
      .then(async ({ createGooglePlaces, loadGoogleMaps }) => {
        const maps = await loadGoogleMaps(googleMapsKey, locale);
        if (!cancelled) setGoogle(createGooglePlaces(maps, i18n));
      })
      .catch((error: unknown) => console.error("Google Maps failed to initialise", error));
    return () => {
      cancelled = true;
    };
  }, [googleMapsKey, i18n, locale]);
  return googleMapsKey ? google : offline;
}

/**
 * The picker in the page's language. It is mounted in a root of its own,
 * outside the page's I18nProvider, so it brings one: the page's language
 * (<html lang>), whose catalogue the page loaded before its islands started.
 */
export default function LocationPickerDialog(props: LocationPickerDialogProps) {
  return (
    <I18nProvider i18n={i18nFor(pageLocale())}>
      <PickerDialog {...props} />
    </I18nProvider>
  );
}

function PickerDialog({
  open,
  onOpenChange,
  returnFocus,
  pendingService,
  googleMapsKey,
}: LocationPickerDialogProps) {
  const { i18n, t } = useLingui();
  const localize = useLocalize();
  const provider = usePlaceProvider(googleMapsKey, i18n);
  const [query, setQuery] = useState("");
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  // Suggestions after a pause in typing; an empty box asks nothing.
  useEffect(() => {
    const text = query.trim();
    if (!provider || text === "") return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      provider
        .suggest(text, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          if (failure instanceof PlaceLookupRefused) {
            // Too many look-ups just now, or too long: say so, rather than show stale suggestions.
            setSuggestions([]);
            setError(failure.message);
          } else console.error("Place suggestions failed", failure);
        });
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, provider]);
  const shown = query.trim() ? suggestions : [];

  function go(choice: PlaceChoice) {
    if (!choice.ok) {
      setError(choice.message);
      return;
    }
    saveSelectedCity(choice.slug);
    onOpenChange(false);
    window.location.assign(
      localize(pendingService ? `/${choice.slug}/${pendingService}` : `/${choice.slug}`),
    );
  }

  async function pick(lookup: () => Promise<PlaceChoice>) {
    setBusy(true);
    setError(null);
    try {
      go(await lookup());
    } finally {
      setBusy(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && shown.length > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % shown.length);
    } else if (event.key === "ArrowUp" && shown.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? shown.length - 1 : index - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = shown[active];
      if (!provider) return;
      if (chosen) void pick(() => provider.choose(chosen));
      else if (query.trim()) void pick(() => provider.resolveText(query.trim()));
    }
  }

  const expanded = shown.length > 0;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[90] bg-navy-950/60" />
        <Dialog.Content
          className="fixed top-[8vh] left-1/2 z-[95] grid max-h-[84vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 gap-5 overflow-y-auto rounded-card bg-surface p-6 shadow-raised"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-bold text-navy-900">
                <Trans>Select your location</Trans>
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                <Trans>We'll show contractors who work in your city.</Trans>
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label={t`Close`}
              className="grid size-11 shrink-0 place-items-center rounded-full text-navy-800 hover:bg-navy-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>

          <div className="relative">
            <label htmlFor={`${listboxId}-input`} className="sr-only">
              <Trans>City</Trans>
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-3.5 left-3 size-5 text-muted"
            />
            <input
              ref={inputRef}
              id={`${listboxId}-input`}
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listboxId}
              aria-activedescendant={active >= 0 ? `${listboxId}-${active.toString()}` : undefined}
              autoComplete="off"
              disabled={!provider}
              placeholder={t`Search cities or regions in USA or Canada...`}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setError(null);
              }}
              onKeyDown={onKeyDown}
              className="block min-h-12 w-full rounded-control border border-navy-300 bg-surface py-3 pr-10 pl-10 text-base text-ink placeholder:text-muted focus:border-navy-600 focus:outline-3 focus:outline-offset-0 focus:outline-navy-200 disabled:bg-navy-50"
            />
            {busy ? (
              <Loader2
                aria-hidden="true"
                className="absolute top-3.5 right-3 size-5 animate-spin text-muted"
              />
            ) : null}
            <div
              id={listboxId}
              role="listbox"
              aria-label={t`Suggestions`}
              className={cn(
                "mt-1 overflow-hidden rounded-control border border-line",
                !expanded && "hidden",
              )}
            >
              {shown.map((suggestion, index) => (
                // The input keeps focus and handles the keys (combobox pattern); options take clicks.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <div
                  key={suggestion.id}
                  id={`${listboxId}-${index.toString()}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => {
                    if (provider) void pick(() => provider.choose(suggestion));
                  }}
                  className={cn(
                    "flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2",
                    index === active ? "bg-navy-800 text-white" : "hover:bg-navy-50",
                  )}
                >
                  <MapPin aria-hidden="true" className="size-4 shrink-0" />
                  <span>
                    <span className="font-medium">{suggestion.mainText}</span>{" "}
                    <span className={index === active ? "text-navy-100" : "text-muted"}>
                      {suggestion.secondaryText}
                    </span>
                  </span>
                </div>
              ))}
            </div>
          </div>

          <p
            role="alert"
            className={cn("text-sm font-medium text-danger-700", !error && "sr-only")}
          >
            {error ?? ""}
          </p>

          <section aria-labelledby={`${listboxId}-popular`} className="grid gap-3">
            <h3
              id={`${listboxId}-popular`}
              className="text-sm font-semibold tracking-wide text-navy-900 uppercase"
            >
              <Trans>Popular Cities</Trans>
            </h3>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {POPULAR_CITIES.map((city) => (
                <button
                  key={city.slug}
                  type="button"
                  onClick={() =>
                    go({ ok: true, slug: city.slug, label: `${city.name}, ${city.region}` })
                  }
                  className="min-h-11 rounded-control border border-navy-200 px-3 text-sm font-medium text-navy-800 hover:border-navy-600 hover:bg-navy-50"
                >
                  {city.name}, {city.region}
                </button>
              ))}
            </div>
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
