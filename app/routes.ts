import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { CATEGORIES, LEGAL_LINKS } from "./site";

export default [
  index("routes/marketing/home.tsx"),
  // One landing module serves all nine categories, each with its own id.
  ...CATEGORIES.map((category) =>
    route(category.path, "routes/marketing/category.tsx", { id: `category/${category.slug}` }),
  ),
  ...LEGAL_LINKS.map((link) =>
    route(link.path, "routes/marketing/legal.tsx", { id: `legal${link.path}` }),
  ),
  route("search", "routes/marketing/search.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("auth/callback", "routes/auth/callback.ts"),
  route("auth/complete", "routes/auth/complete.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/projects.tsx"),
    route("new", "routes/dashboard/new-project.tsx"),
    route("schedule", "routes/dashboard/schedule.tsx"),
    route("messages", "routes/dashboard/messages.tsx"),
    route("documents", "routes/dashboard/documents.tsx"),
    route("data", "routes/dashboard/data.tsx"),
    route("projects/:id", "routes/dashboard/project.tsx"),
    route("projects/:id/pros", "routes/dashboard/choose-pros.tsx"),
  ]),
  route("pro/join", "routes/pro/join.tsx"),
  route("pro/profile", "routes/pro/profile.tsx"),
  route("pros/:slug", "routes/marketing/pro-profile.tsx"),
  route("pros/:slug/claim", "routes/pro/claim.tsx"),
  route("pro", "routes/pro/layout.tsx", [
    index("routes/pro/inbox.tsx"),
    route("requests/:id", "routes/pro/request.tsx"),
  ]),
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
    route("audit", "routes/admin/audit.tsx"),
  ]),
  // Downloads: plain responses outside the console's page layout, same gate.
  route("admin/requests.csv", "routes/admin/requests-export.ts"),
  route("admin/people/:id/data.json", "routes/admin/person-export.ts"),
  route("dashboard/data/export", "routes/dashboard/data-export.ts"),
  route("requests/:id", "routes/requests/request.tsx"),
  route("requests/:id/pros", "routes/requests/choose.tsx"),
  route("healthz", "routes/resources/healthz.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts", { id: "sitemap" }),
  route("sitemap/:part", "routes/resources/sitemap.ts", { id: "sitemap-part" }),
  route("api/places", "routes/resources/places.ts"),
  route("api/places/resolve", "routes/resources/place-resolve.ts"),
  route("photos/:file", "routes/resources/photo.ts"),
  route("threads/:id/events", "routes/resources/thread-events.ts"),
  route(":cityState", "routes/marketing/city.tsx"),
  route(":cityState/:service", "routes/marketing/listing.tsx"),
  route("*", "routes/marketing/not-found.tsx"),
] satisfies RouteConfig;
