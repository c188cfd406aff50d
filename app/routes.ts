import {
  index,
  prefix,
  route,
  type RouteConfig,
  type RouteConfigEntry,
} from "@react-router/dev/routes";
import { CATEGORIES, LEGAL_LINKS } from "./site";

/**
 * Every page a visitor, homeowner or pro reads. English at the root; the same
 * pages again under /es/ and /fr/ (decision 030), each with its own route ids.
 */
const pages: RouteConfigEntry[] = [
  index("routes/marketing/home.tsx"),
  // One landing module serves all nine categories, each with its own id.
  ...CATEGORIES.map((category) =>
    route(category.path, "routes/marketing/category.tsx", { id: `category/${category.slug}` }),
  ),
  ...LEGAL_LINKS.map((link) =>
    route(link.path, "routes/marketing/legal.tsx", { id: `legal${link.path}` }),
  ),
  route("search", "routes/marketing/search.tsx"),
  // Reviews' public rules and the listings' order, in plain words (issue 22).
  route("review-policy", "routes/marketing/review-policy.tsx"),
  route("how-we-rank-pros", "routes/marketing/how-we-rank.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("auth/complete", "routes/auth/complete.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/projects.tsx"),
    route("new", "routes/dashboard/new-project.tsx"),
    route("schedule", "routes/dashboard/schedule.tsx"),
    route("messages", "routes/dashboard/messages.tsx"),
    route("messages/:threadId", "routes/dashboard/thread.tsx"),
    route("emails", "routes/dashboard/emails.tsx"),
    route("documents", "routes/dashboard/documents.tsx"),
    route("data", "routes/dashboard/data.tsx"),
    route("projects/:id", "routes/dashboard/project.tsx"),
    route("projects/:id/pros", "routes/dashboard/choose-pros.tsx"),
    route("projects/:id/review", "routes/dashboard/review.tsx"),
    route("projects/:id/visit", "routes/dashboard/book-visit.tsx"),
  ]),
  route("pro/join", "routes/pro/join.tsx"),
  route("pro/profile", "routes/pro/profile.tsx"),
  route("pros/:slug", "routes/marketing/pro-profile.tsx"),
  route("pros/:slug/claim", "routes/pro/claim.tsx"),
  route("pro", "routes/pro/layout.tsx", [
    index("routes/pro/inbox.tsx"),
    route("requests/:id", "routes/pro/request.tsx"),
    route("reviews", "routes/pro/reviews.tsx"),
    route("break", "routes/pro/break.tsx"),
    route("visits", "routes/pro/visit-hours.tsx"),
    route("schedule", "routes/pro/schedule.tsx"),
  ]),
  route("unsubscribe/:token", "routes/unsubscribe.tsx"),
  route("requests/:id", "routes/requests/request.tsx"),
  route("requests/:id/pros", "routes/requests/choose.tsx"),
  // The link in a homeowner's emails: opens the request in this browser (decision 049).
  route("requests/:id/open/:token", "routes/requests/open.tsx"),
  route("requests/:id/messages/:threadId", "routes/requests/thread.tsx"),
  route("visits/:id", "routes/visits/visit.tsx"),
  route(":cityState", "routes/marketing/city.tsx"),
  route(":cityState/:service", "routes/marketing/listing.tsx"),
  // What a listing card's buttons open: the job asked about before anything is stored.
  route(":cityState/:service/request", "routes/marketing/listing-request.tsx"),
  route("*", "routes/marketing/not-found.tsx"),
];

/** Route ids in a language: "es/routes/marketing/home" and so on, children too. */
function withLocaleIds(locale: string, entries: readonly RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    id: `${locale}/${entry.id ?? entry.file.replace(/\.[jt]sx?$/, "")}`,
    children: entry.children && withLocaleIds(locale, entry.children),
  }));
}

const inLanguage = (locale: string) => withLocaleIds(locale, prefix(locale, pages));

export default [
  ...pages,
  ...inLanguage("es"),
  ...inLanguage("fr"),
  route("auth/callback", "routes/auth/callback.ts"),
  route("logout", "routes/auth/logout.ts"),
  // The operator's console (issue 21): 404 for anyone who is not an operator.
  route("admin/sign-in/:token", "routes/admin/sign-in-link.tsx"),
  route("admin/sign-in", "routes/admin/sign-in-again.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/overview.tsx"),
    route("requests", "routes/admin/requests.tsx"),
    route("requests/:id", "routes/admin/request.tsx"),
    route("delivery", "routes/admin/delivery.tsx"),
    route("contractors", "routes/admin/contractors.tsx"),
    route("contractors/:id", "routes/admin/contractor.tsx"),
    route("people", "routes/admin/people.tsx"),
    route("people/:id", "routes/admin/person.tsx"),
    route("reports", "routes/admin/reports.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
  // Downloads: plain responses outside the console's page layout, same gate.
  route("admin/requests.csv", "routes/admin/requests-export.ts"),
  route("admin/people/:id/data.json", "routes/admin/person-export.ts"),
  route("dashboard/data/export", "routes/dashboard/data-export.ts"),
  route("visits/:id/calendar.ics", "routes/visits/calendar.ts"),
  route("healthz", "routes/resources/healthz.ts"),
  route("readyz", "routes/resources/readyz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts", { id: "sitemap" }),
  route("sitemap/:part", "routes/resources/sitemap.ts", { id: "sitemap-part" }),
  route("api/places", "routes/resources/places.ts"),
  route("api/places/resolve", "routes/resources/place-resolve.ts"),
  route("photos/:file", "routes/resources/photo.ts"),
  route("calendar/:file", "routes/resources/calendar-feed.ts"),
  route("threads/:id/events", "routes/resources/thread-events.ts"),
] satisfies RouteConfig;
