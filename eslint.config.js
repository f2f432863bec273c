import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".build-*/**",
      "public/build/**",
      "node_modules/**",
      "data/**",
      "playwright-report/**",
      "test-results/**",
      "tests/.tmp/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    // The Express layer is generic: what it needs of the app comes from the Remix build
    // (`export const server` in app/entry.server.tsx), never from app/ modules.
    files: ["server/**/*.{ts,js,mjs}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+app(/|$))",
              message:
                "server/ must not import app/: read it from the build's entry.server `server` hooks.",
            },
          ],
        },
      ],
    },
  },
  {
    // Validation has one home (docs/decisions/032-validation-in-one-home.md): zod schemas
    // live in app/validation; the environment's schema is the one other.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/validation/**", "app/utils/env.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              allowTypeImports: true,
              message: "Write the schema in app/validation and import it from there.",
            },
          ],
        },
      ],
    },
  },
  {
    // A page's form is handled by formAction (docs/decisions/031-form-routes-and-permissions.md):
    // who may post, the form, refusals with Retry-After and the `headers` that pass it on.
    // The action is an arrow, never a call at the module's top: the browser bundle keeps
    // such a call, and the server module it calls is empty there, so the page would crash.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/api.*", "app/routes/resources.*"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...[
          "FunctionDeclaration[id.name='action']",
          "VariableDeclarator[id.name='action']:not([init.type='ArrowFunctionExpression'][init.body.type='CallExpression'][init.body.callee.name=/^(formAction|linkAction)$/])",
          "VariableDeclarator > ObjectPattern > Property[key.name='action']",
        ].map((declaration) => ({
          selector: `ExportNamedDeclaration ${declaration}`,
          message:
            "Write a page's action as export const action = (args: ActionFunctionArgs) => formAction(args, {...}) and export const headers = formPageHeaders (~/utils/form-action.server).",
        })),
      ],
    },
  },
  {
    // Every package a file imports is in package.json; what the production image runs
    // (below) may use dependencies only, as devDependencies are not installed there.
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    rules: { "import-x/no-extraneous-dependencies": ["error", { devDependencies: true }] },
  },
  {
    files: [
      "app/**",
      "server/**",
      "prisma/**",
      "prisma.config.ts",
      "scripts/start.mjs",
      "scripts/prepare-db.mjs",
      "scripts/db.mjs",
    ],
    rules: { "import-x/no-extraneous-dependencies": ["error", { devDependencies: false }] },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
    },
  },
);
