/** What routes declare for the HTTP edge in their handle (server/http/route-table.ts, decision 033). */
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createRouteTable } from "../../server/http/route-table";

type Routes = ServerBuild["routes"];

function route(
  id: string,
  parentId: string | undefined,
  path: string | undefined,
  handle?: unknown,
) {
  return { id, parentId, path, module: { default: () => null, action: undefined, handle } };
}

const routes: Routes = {
  root: route("root", undefined, "", { edge: { personalCookies: ["tm_request"] } }),
  home: { ...route("home", "root", undefined), index: true },
  project: route("project", "root", "dashboard/projects/:id", { edge: { uploadBytes: 9_000 } }),
  "es/project": route("es/project", "root", "es/dashboard/projects/:id", {
    edge: { uploadBytes: 9_000 },
  }),
  events: route("events", "root", "threads/:id/events", { edge: { streaming: true } }),
  city: route("city", "root", ":cityState", { islands: true }),
  "not-found": route("not-found", "root", "*"),
};

describe("the route table", () => {
  const table = createRouteTable({ routes });

  it("gives every page the root's declaration", () => {
    expect(table.edgeOf("/")).toEqual({ personalCookies: ["tm_request"] });
    expect(table.edgeOf("/denver-co")).toEqual({ personalCookies: ["tm_request"] });
    expect(table.edgeOf("/no/such/page")).toEqual({ personalCookies: ["tm_request"] });
  });

  it("adds a route's own declaration to its parents', in every language", () => {
    const upload = { personalCookies: ["tm_request"], uploadBytes: 9_000 };
    expect(table.edgeOf("/dashboard/projects/1")).toEqual(upload);
    expect(table.edgeOf("/es/dashboard/projects/1")).toEqual(upload);
    expect(table.edgeOf("/dashboard/projects/1.data")).toEqual(upload);
    expect(table.edgeOf("/threads/7/events")).toEqual({
      personalCookies: ["tm_request"],
      streaming: true,
    });
  });

  it("matches a data URL as its page", () => {
    expect(table.match("/denver-co.data")?.at(-1)?.route.id).toBe("city");
    expect(table.match("/_.data")?.at(-1)?.route.id).toBe("home");
  });
});
