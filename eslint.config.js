import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";
import { OVER_THE_LIMIT } from "./scripts/lint/over-the-limit.js";

/**
 * The zones of the code (docs/architecture.md, "Zones", and decision 032): the
 * shared kernel (`app/lib`, `app/components/ui`, `database`) imports no feature;
 * features import no route and no server module; a feature imports another
 * only through that feature's `index.ts` (what the browser may load) or
 * `index.server.ts` (server-only), and `server/` likewise. A cycle through
 * those entry points is a cycle between features, which `import-x/no-cycle`
 * reports like any other.
 */
const FEATURES = path.join(import.meta.dirname, "app/features");
const ENTRY_POINTS = [`${FEATURES}/*/index.ts`, `${FEATURES}/*/index.server.ts`];
/**
 * The features' layers, bottom first (decision 032): a feature imports only
 * features in layers below its own, so no cycle between features can form.
 * A new feature folder must be given a layer here (the lint run fails until
 * it is).
 */
const FEATURE_LAYERS = [
  ["places"],
  ["content", "seo", "fresh-pages"],
  ["notifications"],
  ["auth"],
  ["shell"],
  ["leads"],
  ["projects"],
  ["marketplace"],
  ["visits"],
  ["contractors"],
  ["operator"],
  ["conversations"],
  ["reviews"],
  ["dashboard", "home"],
];
const FEATURE_NAMES = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerOf = (name) => {
  const layer = FEATURE_LAYERS.findIndex((names) => names.includes(name));
  if (layer < 0) throw new Error(`eslint.config.js: give app/features/${name} a layer`);
  return layer;
};
const boundaryZones = [
  {
    target: ["./app/lib", "./app/components", "./database"],
    from: ["./app/features", "./app/routes", "./server"],
    message: "The shared kernel imports no feature, route or server module.",
  },
  {
    target: ["./app/features"],
    from: ["./app/routes", "./server"],
    message:
      "A feature imports no route and no server module: routes and server/ compose features.",
  },
  {
    target: ["./server"],
    from: ["./app/routes"],
    message: "server/ reaches routes only through React Router's build.",
  },
  // Only features below, so features form no cycle.
  ...FEATURE_NAMES.flatMap((name) => {
    const above = FEATURE_NAMES.filter(
      (other) => other !== name && layerOf(other) >= layerOf(name),
    );
    return above.length === 0
      ? []
      : [
          {
            target: [`./app/features/${name}`],
            from: above.map((other) => `${FEATURES}/${other}/**`),
            message: `\`${name}\` imports only features in layers below its own (FEATURE_LAYERS, decision 032).`,
          },
        ];
  }),
  // Another feature only through its entry points; a feature's own files freely.
  ...FEATURE_NAMES.map((name) => ({
    target: [`./app/features/${name}`],
    from: [`${FEATURES}/*/**`],
    except: [`${FEATURES}/${name}/**`, ...ENTRY_POINTS],
    message: `Import another feature through its index.ts (browser-safe) or index.server.ts.`,
  })),
  {
    target: ["./server"],
    from: [`${FEATURES}/*/**`],
    except: ENTRY_POINTS,
    message: "server/ uses what a feature exports for it: its index.server.ts (or index.ts).",
  },
  // The request path knows no feature: a route declares what the edge needs in its
  // `handle` (app/lib/edge.ts), and start.ts passes the rest in (decision 033).
  {
    target: ["./server/http", "./server/pages"],
    from: ["./app/features", "./server/operator"],
    message:
      "server/http and server/pages import no feature and no operator tool: a route declares what the edge needs in its handle (app/lib/edge.ts), start.ts passes in the rest (decision 033).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // The code's zones and cycles (tests and scripts may import anything).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "database/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": [
        "error",
        { basePath: import.meta.dirname, zones: boundaryZones },
      ],
    },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "jsx-a11y": jsxA11y },
    rules: jsxA11y.flatConfigs.strict.rules,
  },
  reactHooks.configs.flat.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "package", package: "react-router", name: ["DataWithResponseInit"] },
            "Response",
          ],
        },
      ],
    },
  },
  {
    // An island is its own React root in the browser, while the server renders
    // it inside the whole page: React's useId numbers ids by their place in the
    // tree, so an id made on the server would not be the island's in the
    // browser (decisions 010, 021). Pages React Router hydrates whole (the
    // personal area) and components rendered only in the browser may use it.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/routes/dashboard/**",
      "app/features/dashboard/**",
      "app/features/places/location-picker-dialog.tsx",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react",
              importNames: ["useId"],
              message:
                "Ids in what an island may render must be written out: its root in the browser is not the page's (docs/decisions/021).",
            },
          ],
        },
      ],
    },
  },
  {
    // Browser tests take `test` from their fixtures: a failing test then
    // reports what its page did (tests/e2e/fixtures.ts).
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Import test from ./fixtures, which logs what a failing test's page did.",
            },
          ],
        },
      ],
    },
  },
  {
    // Files stay small (issue 44): 300 lines of code, blank lines and comments
    // not counted. scripts/lint/over-the-limit.js lists the exceptions, each
    // with its reason.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "database/**/*.ts"],
    ignores: OVER_THE_LIMIT.map(({ file }) => file),
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["**/*.{js,mjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
