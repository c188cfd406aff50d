/**
 * HTTP as careless and hostile clients speak it, over plain sockets: bodies
 * over the limit sent without waiting to be asked, bodies and headers that
 * stop arriving, request targets that name another host, methods and bodies
 * no route takes. Every one gets an answer the client can read, a 4xx,
 * never a reset, a hang or a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawExchange, writeChunked } from "../support/http";
import { freshDataDir, startSite, type SiteServer } from "../support/server";

const BODY_TIMEOUT_MS = 1_000;

describe("HTTP hardening", () => {
  const data = freshDataDir();
  let server: SiteServer;
  let host: string;

  beforeAll(async () => {
    server = await startSite({
      DATA_DIR: data.dir,
      REQUEST_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
    });
    host = new URL(server.url).host;
  });
  afterAll(async () => {
    await server.stop();
    data.remove();
  });

  function postHead(headers: Record<string, string>, path = "/?index"): string {
    const lines = Object.entries({
      Host: host,
      Origin: server.url,
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    }).map(([name, value]) => `${name}: ${value}`);
    return `POST ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`;
  }

  // Over the 64 KB limit, within what the server reads on after refusing (1 MB).
  const tooLarge = Buffer.alloc(900 * 1024, "x");

  describe("a body over the limit", () => {
    it("sent at once with its length is answered 413, and the client reads the answer", async () => {
      const exchange = await rawExchange(
        server.url,
        (socket) => {
          socket.write(postHead({ "Content-Length": String(tooLarge.length) }));
          socket.write(tooLarge);
        },
        8_000,
      );
      expect(exchange.error).toBeUndefined();
      expect(exchange.status).toBe(413);
      expect(exchange.response).toContain("too large");
    });

    it("sent in pieces, as over a network, is answered 413 once it has all arrived", async () => {
      const exchange = await rawExchange(
        server.url,
        async (socket) => {
          socket.write(postHead({ "Content-Length": String(tooLarge.length) }));
          for (let at = 0; at < tooLarge.length; at += 64 * 1024) {
            socket.write(tooLarge.subarray(at, at + 64 * 1024));
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        },
        8_000,
      );
      expect(exchange.error).toBeUndefined();
      expect(exchange.status).toBe(413);
      expect(exchange.response).toContain("too large");
    });

    it("sent chunked is answered 413, and the client reads the answer", async () => {
      const exchange = await rawExchange(
        server.url,
        (socket) => {
          socket.write(postHead({ "Transfer-Encoding": "chunked" }));
          writeChunked(socket, tooLarge);
        },
        8_000,
      );
      expect(exchange.error).toBeUndefined();
      expect(exchange.status).toBe(413);
    });

    it("from a client that says Connection: close is answered 413 all the same", async () => {
      const exchange = await rawExchange(
        server.url,
        (socket) => {
          socket.write(
            postHead({ "Content-Length": String(tooLarge.length), Connection: "close" }),
          );
          socket.write(tooLarge);
        },
        10_000,
        { untilClosed: true },
      );
      expect(exchange.error).toBeUndefined();
      expect(exchange.status).toBe(413);
      expect(exchange.closed).toBe(true);
    });

    it("announced with Expect: 100-continue is refused before it is sent", async () => {
      const exchange = await rawExchange(
        server.url,
        (socket) => {
          socket.write(
            postHead({ "Content-Length": String(tooLarge.length), Expect: "100-continue" }),
          );
        },
        5_000,
      );
      expect(exchange.response).not.toContain("100 Continue");
      expect(exchange.status).toBe(413);
    });

    it("that never ends is cut off after the bounded read, and the server goes on", async () => {
      const started = performance.now();
      const exchange = await rawExchange(
        server.url,
        async (socket) => {
          socket.write(postHead({ "Transfer-Encoding": "chunked" }));
          const chunk = Buffer.alloc(64 * 1024, "x");
          // Up to 64 MB, as fast as the server takes it.
          for (let i = 0; i < 1024 && !socket.destroyed; i++) {
            const flushed = socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`);
            if (!flushed) await new Promise((resolve) => socket.once("drain", resolve));
          }
        },
        15_000,
        { untilClosed: true },
      );
      expect(exchange.closed).toBe(true);
      expect(performance.now() - started).toBeLessThan(10_000);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  });

  describe("a client that stops sending", () => {
    it("half-way through its body is answered 408 and closed within the timeout", async () => {
      const exchange = await rawExchange(
        server.url,
        (socket) => {
          socket.write(postHead({ "Content-Length": "1000" }));
          socket.write("name=Ada&phone=");
        },
        10_000,
        { untilClosed: true },
      );
      expect(exchange.closed).toBe(true);
      expect(exchange.status).toBe(408);
      expect(exchange.ms).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
    });

    it("half-way through its headers is closed within the timeout", async () => {
      const exchange = await rawExchange(
        server.url,
        (socket) => {
          socket.write(`GET /roofing HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `);
        },
        10_000,
        { untilClosed: true },
      );
      expect(exchange.closed).toBe(true);
      expect(exchange.ms).toBeLessThan(BODY_TIMEOUT_MS + 2_000);
    });
  });

  describe("request targets", () => {
    async function get(target: string) {
      return rawExchange(server.url, (socket) => {
        socket.write(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      });
    }
    const location = (response: string) => /\r\nlocation: ([^\r]*)/i.exec(response)?.[1];

    it("an absolute-form target for another host is refused", async () => {
      const exchange = await get("http://evil.example/roofing/");
      expect(exchange.status).toBe(400);
      expect(location(exchange.response)).toBeUndefined();
    });

    it("an absolute-form target for this host is answered for its path", async () => {
      const exchange = await get(`http://${host}/roofing/`);
      expect(exchange.status).toBe(301);
      expect(location(exchange.response)).toBe("/roofing");
    });

    it.each(["//evil.example/", "///evil.example/", "/\\evil.example/", "//evil.example"])(
      "%s is redirected to a path on this site",
      async (target) => {
        const exchange = await get(target);
        expect(exchange.status).toBe(301);
        const to = location(exchange.response) ?? "";
        expect(new URL(to, server.url).origin).toBe(server.url);
      },
    );
  });

  describe("methods and bodies no route takes", () => {
    const errorLines = () => server.logs.filter((line) => line.includes('"level":50'));

    it("TRACE and every method no route takes get 405 with Allow", async () => {
      const before = errorLines().length;
      for (const method of ["TRACE", "PROPFIND", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
        // The home page's form posts to its index route; the layout above it takes no form.
        for (const [path, allow] of [
          ["/?index", "GET, HEAD, POST"],
          ["/", "GET, HEAD"],
        ] as const) {
          const exchange = await rawExchange(server.url, (socket) => {
            socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
          });
          expect(exchange.status, `${method} ${path}`).toBe(405);
          expect(exchange.response, method).toContain(`\r\nAllow: ${allow}\r\n`);
        }
      }
      const terms = await fetch(`${server.url}/terms`, {
        method: "POST",
        body: new URLSearchParams({ a: "b" }),
        headers: { origin: server.url },
      });
      expect(terms.status).toBe(405);
      expect(terms.headers.get("allow")).toBe("GET, HEAD");
      expect(errorLines().length).toBe(before);
    });

    it.each([
      ["JSON", "application/json", '{"intent":"quote"}', 415],
      ["text", "text/plain", "intent=quote", 415],
      ["no content type", "", "intent=quote", 415],
      ["broken multipart", "multipart/form-data; boundary=xyz", "garbage", 400],
      ["multipart without a boundary", "multipart/form-data", "--x\r\n", 400],
    ])("a %s body on a form is refused with %s", async (_label, type, body, status) => {
      const before = errorLines().length;
      for (const path of ["/?index", "/_.data?index", "/denver-co", "/login", "/logout"]) {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          body,
          redirect: "manual",
          headers: { origin: server.url, ...(type ? { "content-type": type } : {}) },
        });
        expect(response.status, path).toBe(status);
        expect((await response.text()).length, path).toBeLessThan(200);
      }
      expect(errorLines().length).toBe(before);
    });

    it("a form as browsers and React Router send it still reaches its action", async () => {
      const fields = { intent: "callback", name: "Ada", phone: "(303) 555-0147" };
      const urlEncoded = await fetch(`${server.url}/_.data?index`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { origin: server.url },
      });
      expect([200, 400]).toContain(urlEncoded.status);
      const multipart = new FormData();
      for (const [name, value] of Object.entries(fields)) multipart.set(name, value);
      const form = await fetch(`${server.url}/?index`, {
        method: "POST",
        body: multipart,
        headers: { origin: server.url },
      });
      expect([200, 400]).toContain(form.status);
      expect(await form.text()).toContain("<h1");
    });

    it("an empty post with no content type (Sign Out sent by fetch) is an empty form", async () => {
      const signOut = await fetch(`${server.url}/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url },
      });
      expect(signOut.status).toBe(302);
      expect(signOut.headers.get("location")).toBe("/login");
    });
  });
});
