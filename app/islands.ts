/**
 * Every island the browser can hydrate on a content page, by name, each
 * loaded only when a page has one (see app/lib/island.tsx). A unit test checks
 * that this list and the islands the features define are the same.
 */
import type { ComponentType } from "react";

type Loader = () => Promise<ComponentType<never>>;

export const ISLANDS: Record<string, Loader> = {
  "account-link": () => import("~/features/shell/account-link").then((m) => m.AccountLink),
  "before-after": () => import("~/features/home/before-after").then((m) => m.BeforeAfterSlider),
  "breadcrumb-bar": () => import("~/features/places/breadcrumb-bar").then((m) => m.BreadcrumbBar),
  "callback-form": () => import("~/features/leads/callback-form").then((m) => m.CallbackForm),
  "consultation-form": () =>
    import("~/features/leads/consultation-form").then((m) => m.ConsultationForm),
  "get-started": () => import("~/features/content/get-started").then((m) => m.GetStartedLink),
  hero: () => import("~/features/home/hero").then((m) => m.HeroCarousel),
  "language-suggestion": () =>
    import("~/features/shell/language-suggestion").then((m) => m.LanguageSuggestion),
  "learn-more": () => import("~/features/places/learn-more").then((m) => m.LearnMoreLink),
  "listing-actions": () =>
    import("~/features/contractors/listing-actions").then((m) => m.ListingActions),
  "listing-request-form": () =>
    import("~/features/leads/listing-request-form").then((m) => m.ListingRequestForm),
  "quote-form": () => import("~/features/leads/quote-form").then((m) => m.QuoteForm),
  "scroll-to-top": () => import("~/features/content/scroll-to-top").then((m) => m.ScrollToTop),
  "search-by-city": () => import("~/features/places/search-by-city").then((m) => m.SearchByCity),
  "sign-in-panel": () => import("~/features/auth/sign-in-panel").then((m) => m.SignInPanel),
  "site-menu": () => import("~/features/shell/site-menu").then((m) => m.SiteMenu),
};

/**
 * Islands that watch the whole page (its scrolling) rather than their own box:
 * they hydrate when the browser is first idle, not when they come into view.
 */
export const IDLE_ISLANDS: ReadonlySet<string> = new Set(["breadcrumb-bar", "scroll-to-top"]);

/**
 * Islands with nothing in their HTML that start as soon as the first screen's
 * have, without waiting for the browser to be idle: the language suggestion,
 * a few hundred bytes that decide whether to show anything at all.
 */
export const AFTER_FIRST_SCREEN: ReadonlySet<string> = new Set(["language-suggestion"]);

/**
 * Islands whose HTML does all the visible work (the phone menu opens as a
 * <details>; the island only closes it): they hydrate when someone points at,
 * touches or focuses them, not for being on the first screen.
 */
export const INTENT_ISLANDS: ReadonlySet<string> = new Set(["site-menu"]);
