/**
 * The browser gets only the islands' and the app's catalogues (decision 030):
 * a message its code can show must be in one of them, or a page in Spanish
 * shows a message id. The catalogue parts follow the imports
 * (scripts/i18n/module-graph.ts); this checks the built bundle agrees: no
 * message of the server's part is referenced by the browser's JavaScript.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { formatter } from "@lingui/format-po";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ASSETS = path.join(ROOT, "build/client/assets");
const po = formatter({ lineNumbers: false, origins: true });

async function idsOf(part: string): Promise<Map<string, string>> {
  const filename = path.join(ROOT, `app/locales/en/${part}.po`);
  const catalog = await po.parse(readFileSync(filename, "utf8"), {
    locale: "en",
    sourceLocale: "en",
    filename,
  });
  return new Map(Object.entries(catalog).map(([id, entry]) => [id, entry.message ?? ""]));
}

describe("the browser's messages", () => {
  it.skipIf(!existsSync(ASSETS))("are all in the catalogues the browser loads", async () => {
    const [islands, dashboard, projects, pro, requests, server] = await Promise.all([
      idsOf("islands"),
      idsOf("dashboard"),
      idsOf("projects"),
      idsOf("pro"),
      idsOf("requests"),
      idsOf("server"),
    ]);
    const browser = new Set(
      [islands, dashboard, projects, pro, requests].flatMap((part) => [...part.keys()]),
    );
    const serverOnly = [...server].filter(([id]) => !browser.has(id));
    expect(serverOnly.length).toBeGreaterThan(0);
    const code = readdirSync(ASSETS)
      .filter((file) => file.endsWith(".js"))
      .map((file) => readFileSync(path.join(ASSETS, file), "utf8"))
      .join("\n");
    const referenced = serverOnly.filter(([id]) => code.includes(`"${id}"`));
    expect(referenced.map(([id, message]) => `${id}: ${message}`)).toEqual([]);
    // The check can see ids at all: the browser's own messages are found in the code.
    expect([...islands.keys()].filter((id) => code.includes(`"${id}"`)).length).toBeGreaterThan(0);
  });
});
