import { describe, expect, it } from "vitest";
import { deferHydration } from "../../server/pages/page-html";

describe("deferred hydration", () => {
  const page =
    '<html><head><link rel="modulepreload" href="/assets/a.js" nonce="N"/><link rel="stylesheet" href="/s.css"/></head>' +
    '<body><p>Hi</p><script nonce="N">window.x = 1</script>' +
    '<script nonce="N" type="module" async="">import * as r from "/assets/root.js";\nwindow.m = {"a":"</b>"};\nimport("/assets/entry.js");</script></body></html>';

  it("drops module preloads and starts the module from an inline script after load", () => {
    const result = deferHydration(page);
    expect(result).not.toContain("modulepreload");
    expect(result).toContain('<link rel="stylesheet" href="/s.css"/>');
    expect(result).toContain('<script nonce="N">window.x = 1</script>');
    expect(result).not.toContain('type="module" async');
    const inline = /<script nonce="N">\(\(\)=>\{([\s\S]*?)<\/script>/.exec(result)?.[1] ?? "";
    expect(inline).toContain('addEventListener("load",run,{once:true})');
    expect(inline).not.toContain("</b>");
    // The module's code survives exactly.
    const literal = /s\.textContent=("(?:[^"\\]|\\.)*")/.exec(inline)?.[1] ?? "";
    expect(JSON.parse(literal)).toBe(
      'import * as r from "/assets/root.js";\nwindow.m = {"a":"</b>"};\nimport("/assets/entry.js");',
    );
  });
});
