import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    files: ["**/*.{js,mjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
