/**
 * A navigation into an area of the pages React Router hydrates renders only
 * once that area's messages are loaded (decision 030): every route a
 * navigation can enter an area by (each top-level route of it) has a
 * clientLoader that loads them; content pages load as whole documents.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { areaOfFile } from "../../scripts/i18n/module-graph";

const APP = path.resolve(import.meta.dirname, "../../app");

function areaOf(file: string): string | undefined {
  return areaOfFile(`app/${file}`);
}

describe("the catalogue parts a navigation needs", () => {
  // Pages (a module with a component), once each; downloads (.ts) render nothing.
  const english = [
    ...new Map(
      routes
        .filter((route) => !/^(es|fr)\//.test(route.id ?? "") && route.file.endsWith(".tsx"))
        .map((route) => [route.file, route]),
    ).values(),
  ];

  it.each(english.filter((route) => areaOf(route.file)).map((route) => [route.file]))(
    "%s loads its area's messages before a navigation into it renders",
    (file) => {
      const source = readFileSync(path.join(APP, file), "utf8");
      expect(source).toMatch(/export async function clientLoader/);
      expect(source).toContain(`loadCatalogs("${areaOf(file) ?? ""}")`);
    },
  );

  it.each(
    english
      .filter((route) => readFileSync(path.join(APP, route.file), "utf8").includes("ISLANDS_PAGE"))
      .map((route) => [route.file]),
  )("%s, a content page, is loaded as a document by a router page's link", (file) => {
    expect(readFileSync(path.join(APP, file), "utf8")).toContain(
      "export const clientLoader = documentLoad;",
    );
  });
});
