/**
 * `npm run dev` (scripts/dev.mjs): the site from its sources through Vite, on
 * our own server. It starts, serves a content page with its islands' code
 * compiled on request, sends a visitor to sign in, and shows a signed-in
 * person their dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CookieJar, signInLocally } from "../support/cookie-jar";
import { freshDataDir, startServer, type TestServer } from "../support/server";

describe("the development server", () => {
  const data = freshDataDir();
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(
      // A port of its own for hot reload, so a developer's `npm run dev` can run meanwhile.
      { DATA_DIR: data.dir, HMR_PORT: String(30_000 + Math.floor(Math.random() * 20_000)) },
      { script: "scripts/dev.mjs", withoutNodeEnv: true },
    );
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
    data.remove();
  });

  it("serves the home page and a category page, with their islands' code", async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("What Project Can We Help You With");
    const roofing = await (await fetch(`${server.url}/roofing`)).text();
    expect(roofing).toContain('data-island="get-started"');
    // The islands entry and React Fast Refresh's preamble are compiled from the sources.
    expect(roofing).toContain("/app/entry.islands.ts");
    const entry = await fetch(`${server.url}/app/entry.islands.ts`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get("content-type")).toMatch(/javascript/);
  });

  it("sends a visitor to sign in, and shows a signed-in person My Projects", async () => {
    const visitor = await fetch(`${server.url}/dashboard`, { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/login");
    const jar = new CookieJar();
    expect((await signInLocally(jar, server.url)).status).toBe(302);
    const dashboard = await jar.fetch(`${server.url}/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("My Projects");
  });
});
