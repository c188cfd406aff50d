/** Each content page keeps only the style rules it can use (server/pages/page-css.ts). */
import { describe, expect, it } from "vitest";
import {
  classesInHtml,
  createPageCss,
  pruneStylesheet,
  stylesheetClasses,
} from "../../server/pages/page-css";

const prune = (css: string, classes: string[]) =>
  pruneStylesheet(css, stylesheetClasses(css), new Set(classes));

describe("the classes of a stylesheet", () => {
  it("are read unescaped, inside functional pseudo-classes too", () => {
    const css = String.raw`.hover\:bg-navy-50:hover{color:red}.\32 xl\:grid-cols-5{color:red}.w-1\/2{width:50%}.a:not(.b){color:red}.group-open\:rotate-180:is(:where(.group):is([open]) *){rotate:180deg}[data-x=".y"] .z{color:red}`;
    expect([...stylesheetClasses(css)].sort()).toEqual(
      [
        "2xl:grid-cols-5",
        "a",
        "b",
        "group",
        "group-open:rotate-180",
        "hover:bg-navy-50",
        "w-1/2",
        "z",
      ].sort(),
    );
  });
});

describe("pruning a stylesheet", () => {
  it("keeps rules whose classes are on the page, and rules without classes", () => {
    const css = "*{margin:0}.a{color:red}.b{color:#00f}a.c:hover{color:green}";
    expect(prune(css, ["a"])).toBe("*{margin:0}.a{color:red}");
    expect(prune(css, ["b", "c"])).toBe("*{margin:0}.b{color:#00f}a.c:hover{color:green}");
  });

  it("keeps a rule when any selector of its list can match, and one that only tests against a class", () => {
    expect(prune(".a .b,.c{color:red}", ["c"])).toContain("{color:red}");
    expect(prune(".a .b,.c{color:red}", ["a"])).toBe("");
    expect(prune(".a:not(.b){color:red}", ["a"])).toBe(".a:not(.b){color:red}");
  });

  it("drops groups left empty, and keeps the ones with something in them", () => {
    const css =
      "@layer theme,base;@layer utilities{.a{color:red}@media (width>=40rem){.b{color:#00f}}}";
    expect(prune(css, ["a"])).toBe("@layer theme,base;@layer utilities{.a{color:red}}");
    expect(prune(css, ["b"])).toBe(
      "@layer theme,base;@layer utilities{@media (width>=40rem){.b{color:#00f}}}",
    );
  });

  it("keeps @font-face, and @keyframes and @property only when a kept rule uses them", () => {
    const css =
      '@font-face{font-family:X;src:url(x.woff2)}@keyframes spin{to{rotate:1turn}}@property --tw-r{syntax:"*";inherits:false}.a{animation:1s spin;--tw-r:1;rotate:var(--tw-r)}';
    const none = prune(css, []);
    expect(none).toContain("@font-face");
    expect(none).not.toContain("spin");
    expect(none).not.toContain("--tw-r");
    const all = prune(css, ["a"]);
    expect(all).toContain("@keyframes spin");
    expect(all).toContain("@property --tw-r");
  });

  it("keeps the theme's variables that kept rules mention, and those they mention in turn", () => {
    const css =
      ":root,:host{--font-sans:Inter;--default-font:var(--font-sans);--color-red:red;--color-blue:blue}html{font-family:var(--default-font)}.text-red{color:var(--color-red)}.text-blue{color:var(--color-blue)}";
    expect(prune(css, ["text-red"])).toBe(
      ":root,:host{--font-sans:Inter;--default-font:var(--font-sans);--color-red:red}html{font-family:var(--default-font)}.text-red{color:var(--color-red)}",
    );
  });

  it("drops a variable only a dropped variable mentioned", () => {
    const css = ":root{--a:1px;--b:var(--a);--c:2px}.x{width:var(--c)}.y{width:var(--b)}";
    expect(prune(css, ["x"])).toBe(":root{--c:2px}.x{width:var(--c)}");
  });

  it("cuts Tailwind's fallback defaults down to the properties in use, and drops them when none are", () => {
    const css =
      "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-a:0;--tw-b:0}}}.x{--tw-a:1;width:var(--tw-a)}";
    expect(prune(css, ["x"])).toBe(
      "@layer properties{@supports (-moz-orient:inline){*,:before{--tw-a:0}}}.x{--tw-a:1;width:var(--tw-a)}",
    );
    expect(prune(css, [])).toBe("@layer properties;");
  });

  it("is not fooled by braces and commas in strings, or by comments", () => {
    const css = '/* .b{} */.a:after{content:"}, .b{"}.b{color:red}';
    expect(prune(css, ["a"])).toBe('.a:after{content:"}, .b{"}');
  });
});

describe("a page's styles", () => {
  const css = ".a{color:red}.b{color:#00f}.open{display:block}.x{color:green}";
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
