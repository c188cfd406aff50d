/**
 * Issue 18, finding 1: one place query could take the server down, and the
 * place endpoints had no rate limit. Against the production server: the
 * report's query answers at once and the server stays up; a burst from one
 * client is refused with 429 while another client is still answered.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACE_LOOKUP_LIMITED_MESSAGE } from "~/features/places/place-query";
import { adversarialPlaceQuery, KNOWN_ATTACKS } from "../support/adversarial-places";
import { freshDataDir, startServer, type TestServer } from "../support/server";

const BURST = 20;

describe("the place endpoints under attack", () => {
  const data = freshDataDir();
  let server: TestServer;
  /** Each test's requests come from their own client addresses (TRUST_PROXY). */
  let clients = 0;
  const newClient = () => `198.51.100.${(++clients).toString()}`;

  const get = (path: string, client: string) =>
    fetch(`${server.url}${path}`, {
      headers: { "x-forwarded-for": client },
      signal: AbortSignal.timeout(10_000),
    });

  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: data.dir,
      TRUST_PROXY: "1",
      PLACES_RATE_LIMIT_BURST: BURST.toString(),
      // Slow enough that no token comes back while a test runs.
      PLACES_RATE_LIMIT_PER_S: "0.01",
    });
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  it("answers the report's queries at once, and stays up", async () => {
    const client = newClient();
    for (const attack of KNOWN_ATTACKS) {
      const q = encodeURIComponent(attack);
      const started = performance.now();
      const suggestions = await get(`/api/places?q=${q}`, client);
      expect(suggestions.status).toBe(200);
      expect(await suggestions.json()).toEqual({ suggestions: [] });
      const resolved = await get(`/api/places/resolve?text=${q}`, client);
      expect(resolved.status).toBe(422);
      expect(await resolved.json()).toMatchObject({ ok: false });
      // A backstop only: the old server took seconds at 23 parts and died at 33.
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });

  it("answers adversarial queries with ordinary statuses", async () => {
    const queries = fc.sample(adversarialPlaceQuery, { numRuns: 40, seed: 18 });
    for (const query of queries) {
      // A client per pair of look-ups: this test is about the work, not the limit.
      const client = newClient();
      const q = encodeURIComponent(query);
      expect((await get(`/api/places?q=${q}`, client)).status).toBe(200);
      expect([200, 422]).toContain((await get(`/api/places/resolve?text=${q}`, client)).status);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("refuses a burst from one client with 429 and Retry-After, and still answers another", async () => {
    const greedy = newClient();
    // Distinct texts: an answer already in the page cache is not a look-up.
    for (let i = 0; i < BURST; i++) {
      const response = await get(`/api/places?q=den${i.toString()}x`, greedy);
      expect(response.status).toBe(200);
    }
    const refused = await get(`/api/places?q=denv`, greedy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.json()).toMatchObject({ error: PLACE_LOOKUP_LIMITED_MESSAGE });
    // The check of typed text shares the allowance.
    const check = await get(`/api/places/resolve?text=Denver%2C%20CO`, greedy);
    expect(check.status).toBe(429);

    const other = newClient();
    const answered = await get(`/api/places?q=denv`, other);
    expect(answered.status).toBe(200);
    const { suggestions } = (await answered.json()) as { suggestions: { description: string }[] };
    expect(suggestions[0]?.description).toBe("Denver, CO, USA");
    const denver = await get(`/api/places/resolve?text=Denver%2C%20CO`, other);
    expect(await denver.json()).toMatchObject({ ok: true, slug: "denver-co" });
  });
});
