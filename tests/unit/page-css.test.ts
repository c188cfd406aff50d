/** Each content page keeps only the style rules it can use (server/page-css.ts). */
import { describe, expect, it } from "vitest";
import {
  classesInHtml,
  createPageCss,
  parseStylesheet,
  pruneStylesheet,
  requiredClasses,
  unescapeCss,
} from "../../server/page-css";

const prune = (css: string, classes: string[]) =>
  pruneStylesheet(parseStylesheet(css), new Set(classes));

describe("the classes a selector needs", () => {
  it("reads escaped Tailwind class names", () => {
    expect(requiredClasses(String.raw`.hover\:bg-navy-50:hover`)).toEqual(["hover:bg-navy-50"]);
    expect(requiredClasses(String.raw`.\32 xl\:grid-cols-5`)).toEqual(["2xl:grid-cols-5"]);
    expect(
      requiredClasses(
        String.raw`.\[\&\:\:-webkit-details-marker\]\:hidden::-webkit-details-marker`,
      ),
    ).toEqual(["[&::-webkit-details-marker]:hidden"]);
    expect(requiredClasses(String.raw`.w-1\/2`)).toEqual(["w-1/2"]);
    expect(requiredClasses(String.raw`.\[contain-intrinsic-block-size\:auto_400rem\]`)).toEqual([
      "[contain-intrinsic-block-size:auto_400rem]",
    ]);
  });

  it("counts only classes outside parentheses and attribute brackets", () => {
    expect(requiredClasses(".a .b>.c")).toEqual(["a", "b", "c"]);
    expect(requiredClasses(".a:not(.b)")).toEqual(["a"]);
    expect(
      requiredClasses(String.raw`.group-open\:rotate-180:is(:where(.group):is([open],:open) *)`),
    ).toEqual(["group-open:rotate-180"]);
    expect(requiredClasses('[data-x=".y"] .z')).toEqual(["z"]);
    expect(requiredClasses("abbr:where([title])")).toEqual([]);
  });

  it("unescapes hex and character escapes", () => {
    expect(unescapeCss(String.raw`\31 0`)).toBe("10");
    expect(unescapeCss(String.raw`a\:b`)).toBe("a:b");
  });
});

describe("pruning a stylesheet", () => {
  it("keeps rules whose classes are on the page, and rules without classes", () => {
    const css = "*{margin:0}.a{color:red}.b{color:blue}a.c:hover{color:green}";
    expect(prune(css, ["a"])).toBe("*{margin:0}.a{color:red}");
    expect(prune(css, ["b", "c"])).toBe("*{margin:0}.b{color:blue}a.c:hover{color:green}");
  });

  it("keeps a rule when any selector of its list can match", () => {
    expect(prune(".a .b,.c{color:red}", ["c"])).toBe(".a .b,.c{color:red}");
    expect(prune(".a .b,.c{color:red}", ["a"])).toBe("");
  });

  it("drops groups left empty, and keeps the ones with something in them", () => {
    const css =
      "@layer theme,base;@layer utilities{.a{color:red}@media (width>=40rem){.b{color:blue}}}";
    expect(prune(css, ["a"])).toBe("@layer theme,base;@layer utilities{.a{color:red}}");
    expect(prune(css, ["b"])).toBe(
      "@layer theme,base;@layer utilities{@media (width>=40rem){.b{color:blue}}}",
    );
  });

  it("keeps @font-face, and @keyframes and @property only when a kept rule uses them", () => {
    const css =
      '@font-face{font-family:X;src:url("x.woff2")}@keyframes spin{to{rotate:1turn}}@property --tw-r{syntax:"*";inherits:false}.a{animation:spin 1s;--tw-r:1}';
    expect(prune(css, [])).toBe('@font-face{font-family:X;src:url("x.woff2")}');
    expect(prune(css, ["a"])).toBe(css);
  });

  it("keeps the theme's variables that kept rules mention, and those they mention in turn", () => {
    const css =
      ":root,:host{--font-sans:Inter;--default-font:var(--font-sans);--color-red:red;--color-blue:blue}html{font-family:var(--default-font)}.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}";
    expect(prune(css, ["text-red"])).toBe(
      ":root,:host{--font-sans:Inter;--default-font:var(--font-sans);--color-red:red}html{font-family:var(--default-font)}.text-red{color:var(--color-red)}",
    );
  });

  it("cuts Tailwind's fallback defaults down to the properties in use, and drops them when none are", () => {
    const css =
      "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-a:0;--tw-b:0}}}.x{--tw-a:1}";
    expect(prune(css, ["x"])).toBe(
      "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-a:0}}}.x{--tw-a:1}",
    );
    expect(prune(css, [])).toBe("");
  });

  it("is not fooled by braces and commas in strings, or by comments", () => {
    const css = '/* .b{} */.a::after{content:"}, .b{"}.b{color:red}';
    expect(prune(css, ["a"])).toBe('.a::after{content:"}, .b{"}');
  });

  it("gives back the whole stylesheet, less comments, when every class and variable is in use", () => {
    const css = String.raw`/*! banner */
@layer properties{@supports (-webkit-hyphens:none){*,:before{--tw-x:0}}}@layer theme{:root{--c:#fff}}@layer base{abbr:where([title]){text-decoration:underline}}@layer utilities{.sr-only{position:absolute;color:var(--c);--tw-x:1;animation:pulse 1s}.focus\:not-sr-only:focus{position:static}.group-open\:rotate-180:is(:where(.group):is([open]) *){rotate:180deg}@media (hover:hover){.hover\:bg-x:hover{color:red}}}@keyframes pulse{50%{opacity:.5}}`;
    const sheet = parseStylesheet(css);
    expect(pruneStylesheet(sheet, sheet.classes)).toBe(css.replace("/*! banner */\n", ""));
  });
});

describe("a page's styles", () => {
  const css = ".a{color:red}.b{color:blue}.open{display:block}.x{color:green}";
  const page = (body: string) =>
    `<html><head><style data-page-css="">${css}</style></head><body>${body}</body></html>`;

  it("are the rules for its classes and its islands' classes", () => {
    const pageCss = createPageCss({ menu: ["open", "not-a-class"] });
    const html = pageCss.inline(
      page('<p class="a">x</p><tm-island data-island="menu" data-props="{}"></tm-island>'),
    );
    expect(html).toContain("<style>.a{color:red}.open{display:block}</style>");
  });

  it("are the whole stylesheet when an island is not one the build listed", () => {
    const pageCss = createPageCss({});
    const html = pageCss.inline(page('<tm-island data-island="new" data-props="{}"></tm-island>'));
    expect(html).toContain(`<style>${css}</style>`);
  });

  it("are left alone on pages that don't ask (hydrated whole)", () => {
    const html = `<style>${css}</style><p class="a"></p>`;
    expect(createPageCss({}).inline(html)).toBe(html);
  });

  it("read class attributes as HTML, entities decoded", () => {
    expect([...classesInHtml('<a class="[&amp;_p]:m-0  b"></a>')]).toEqual(["[&_p]:m-0", "b"]);
  });
});
