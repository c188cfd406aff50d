/** Keys in paths never reach the log (server/http/secret-paths.ts, issue 42). */
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { secretPathRedactor } from "../../server/http/secret-paths";
import { createLogger } from "~/lib/logger.server";
import { Writable } from "node:stream";

function route(
  id: string,
  parentId: string | undefined,
  path: string | undefined,
  handle?: unknown,
) {
  return { id, parentId, path, module: { default: () => null, action: undefined, handle } };
}

const secret = (...secretParams: string[]) => ({ edge: { secretParams } });

const routes: ServerBuild["routes"] = {
  root: route("root", undefined, ""),
  signIn: route("signIn", "root", "admin/sign-in/:token", secret("token")),
  signInAgain: route("signInAgain", "root", "admin/sign-in"),
  unsubscribe: route("unsubscribe", "root", "unsubscribe/:token", secret("token")),
  "es/unsubscribe": route("es/unsubscribe", "root", "es/unsubscribe/:token", secret("token")),
  feed: route("feed", "root", "calendar/:file", secret("file")),
  pro: route("pro", "root", "pros/:slug"),
  nested: route("nested", "pro", "links/:kind/:key", secret("key")),
};

const redact = secretPathRedactor({ routes });
const TOKEN = "a9pEffEN0-BmXFLURUnOc9VSeemkmNh4rXR8V_q1w2e";

describe("secret path segments", () => {
  it("are redacted by route, whatever the field or message that carries them", () => {
    expect(redact(`{"path":"/admin/sign-in/${TOKEN}","msg":"request"}`)).toBe(
      '{"path":"/admin/sign-in/[redacted]","msg":"request"}',
    );
    expect(redact(`"msg":"see https://site.example/admin/sign-in/${TOKEN}?x=1 now"`)).toBe(
      '"msg":"see https://site.example/admin/sign-in/[redacted]?x=1 now"',
    );
    expect(redact(`/calendar/${TOKEN}.ics`)).toBe("/calendar/[redacted]");
    expect(redact(`/admin/sign-in/${TOKEN}.data`)).toBe("/admin/sign-in/[redacted]");
    expect(redact(`/es/unsubscribe/${TOKEN}`)).toBe("/es/unsubscribe/[redacted]");
    expect(redact(`/fr/unsubscribe/${TOKEN}#top`)).toBe("/fr/unsubscribe/[redacted]#top");
    // A secret below a parent route, after a parameter that is not one.
    expect(redact(`/pros/acme/links/email/${TOKEN}`)).toBe("/pros/acme/links/email/[redacted]");
    // Two in one line.
    expect(redact(`/unsubscribe/${TOKEN} and /calendar/${TOKEN}.ics`)).toBe(
      "/unsubscribe/[redacted] and /calendar/[redacted]",
    );
  });

  it("are redacted in every form a client may send and still reach the route", () => {
    const forms = [
      `/ADMIN/Sign-In/${TOKEN}`,
      `//admin//sign-in/${TOKEN}/`,
      String.raw`/admin\\sign-in\\${TOKEN}`,
      `/admin/sign%2Din/${TOKEN}`,
      `/%61dmin/sign-in/${TOKEN}`,
    ];
    for (const form of forms) {
      const line = redact(`{"path":"${form}"}`);
      expect(line, form).not.toContain(TOKEN);
      expect(line, form).toContain("[redacted]");
    }
  });

  it("leave every other path as it was", () => {
    for (const path of [
      "/admin/sign-in",
      "/admin/sign-in?returnTo=/admin",
      "/admin/sign-in/",
      "/pros/acme-roofing",
      "/dashboard/schedule",
      "/calendar",
      "/unsubscribed/abc",
    ]) {
      expect(redact(`{"path":"${path}"}`)).toBe(`{"path":"${path}"}`);
    }
  });

  it("reach no line of a logger given the redactor, errors and children included", () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger("info", stream, redact);
    logger.info({ method: "GET", path: `/admin/sign-in/${TOKEN}`, status: 200 }, "request");
    logger.error({ err: new Error(`no route for /unsubscribe/${TOKEN}`) }, "request failed");
    logger.child({ url: `http://127.0.0.1/calendar/${TOKEN}.ics` }).warn("slow");
    expect(lines).toHaveLength(3);
    expect(lines.join("")).not.toContain(TOKEN);
    expect(lines.join("")).toContain("/calendar/[redacted]");
  });
});
