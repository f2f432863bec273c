import path from "node:path";
import js from "@eslint/js";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ROOT_CLIENT_MESSAGE =
  "Use `prisma` from ~/infra/db.server: it is the open transaction inside one, so a query never waits for its own transaction.";

const ZOD_IMPORT = {
  name: "zod",
  allowTypeImports: true,
  message: "Write the schema in app/validation and import it from there.",
};

const NO_GLOBAL_PRISMA = {
  selector: "MemberExpression[object.name='globalThis'][property.name='__prisma']",
  message: "Use `prisma` from ~/infra/db.server: it is the open transaction inside one.",
};

/** The options of no-restricted-imports that keep a second database client out of app/. */
function databaseClientImports(...extraPaths) {
  return {
    paths: [
      {
        name: "@prisma/client",
        importNames: ["PrismaClient"],
        allowTypeImports: true,
        message: ROOT_CLIENT_MESSAGE,
      },
      { name: "@prisma/adapter-better-sqlite3", message: ROOT_CLIENT_MESSAGE },
      ...extraPaths,
    ],
    patterns: [
      {
        regex: "(sqlite-adapter|postgres-adapter|database-engine)\\.server$",
        allowTypeImports: true,
        message: ROOT_CLIENT_MESSAGE,
      },
    ],
  };
}

/**
 * The layers of app/ (docs/decisions/041-folders-by-layer.md), from the top: routes; the
 * HTTP glue (http); the domain (models, with its pure rules beside it); infrastructure
 * (infra) and the operators' commands (ops); and the pure code every layer shares (utils,
 * validation, data). The browser's side is components and hooks. Each folder lists the
 * folders it must not import: nothing imports a route, nothing below the components
 * imports a component or a hook, and no layer reaches one above it.
 */
const LAYER_LIMITS = {
  routes: ["routes"],
  http: ["routes", "components", "hooks", "ops"],
  models: ["routes", "http", "ops", "components", "hooks"],
  ops: ["routes", "http", "components", "hooks"],
  infra: ["routes", "http", "ops", "models", "components", "hooks"],
  validation: ["routes", "http", "ops", "infra", "components", "hooks"],
  utils: ["routes", "http", "ops", "models", "infra", "components", "hooks"],
  data: ["routes", "http", "ops", "models", "infra", "components", "hooks", "validation"],
  components: ["routes", "http", "ops", "infra"],
  hooks: ["routes", "http", "ops", "infra", "models", "components"],
};

/**
 * One way into the database (docs/decisions/047-feature-folders.md): the client is the
 * domain's, so a page or the HTTP glue asks a model instead of reaching Prisma itself.
 */
const NO_DATABASE_CLIENT = {
  regex: "^(~/|(\\.\\./)+)infra/db\\.server$",
  message:
    "Routes and app/http do not use the database client: ask a model in app/models/<feature>/ (docs/decisions/047-feature-folders.md).",
};

/**
 * The booking core raises events and the features that follow a change subscribe to them
 * (app/models/visit-subscribers.server.ts): the core imports none of them.
 */
const BOOKING_KNOWS_NO_SUBSCRIBER = {
  regex:
    "^(~/models/|(\\.\\./)+)(mail|recall|waitlist|reviews|patients|audit|self-service|front-desk|sms)(/|$)|visit-subscribers\\.server$",
  message:
    "The booking core imports no feature that follows it: subscribe to its events in app/models/visit-subscribers.server.ts (docs/decisions/047-feature-folders.md).",
};

/** The options of no-restricted-imports that keep a folder of app/ to its layer. */
function layerImports(folder, ...extraPatterns) {
  const above = LAYER_LIMITS[folder];
  const patterns = [
    {
      regex: `^(~/|(\\.\\./)+)(${above.join("|")})(/|$)`,
      message: `app/${folder} may not import from ${above.join(", ")} (docs/decisions/041-folders-by-layer.md).`,
    },
  ];
  // The shared pure code may use a model's pure rules, never its server modules (the
  // components take the server's types from them, which the browser bundle drops).
  if (folder === "validation") {
    patterns.push({
      regex: "^~/models/.*\\.server$",
      message: `app/${folder} may use a model's pure rules (no .server), never the server's code (docs/decisions/041-folders-by-layer.md).`,
    });
  }
  if (folder === "routes" || folder === "http") patterns.push(NO_DATABASE_CLIENT);
  return { patterns: [...patterns, ...extraPatterns] };
}

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
    // One way to the database: `prisma` from ~/infra/db.server, which is the open
    // transaction inside a transaction's callback. A client of its own (or the adapter, or
    // the driver) would be outside it, and would wait for it until it timed out
    // (docs/decisions/029-transactions-without-traps.md). The staff command runs in its own
    // process, with only the database part of the environment, and opens its own (the
    // modules it shares take that client). And validation has one home
    // (docs/decisions/032-validation-in-one-home.md): zod schemas live in app/validation
    // (below, where zod is allowed), the environment's schema is the one other.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/infra/db.server.ts",
      "app/infra/database-engine.server.ts",
      "app/infra/sqlite-adapter.server.ts",
      "app/infra/postgres-adapter.server.ts",
      "app/ops/staff-cli.server.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", databaseClientImports(ZOD_IMPORT)],
      "no-restricted-syntax": ["error", NO_GLOBAL_PRISMA],
    },
  },
  {
    // The domain and the routes do not open SQLite files either.
    files: ["app/models/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        databaseClientImports({ name: "better-sqlite3", message: ROOT_CLIENT_MESSAGE }, ZOD_IMPORT),
      ],
    },
  },
  {
    // A schema takes `z` from app/validation/zod.ts, which sets zod's jitless mode in the
    // browser before any schema is built (the CSP refuses the compiled parsers).
    files: ["app/validation/**/*.{ts,tsx}"],
    ignores: ["app/validation/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        databaseClientImports({
          name: "zod",
          allowTypeImports: true,
          message:
            "Import `z` from ./zod: it sets jitless in the browser before a schema is built.",
        }),
      ],
    },
  },
  {
    files: ["app/validation/zod.ts", "app/infra/env.server.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", databaseClientImports()] },
  },
  ...Object.keys(LAYER_LIMITS).map((folder) => ({
    files: [`app/${folder}/**/*.{ts,tsx,mjs}`],
    rules: { "no-restricted-imports": ["error", layerImports(folder)] },
  })),
  {
    files: ["app/models/booking/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", layerImports("models", BOOKING_KNOWS_NO_SUBSCRIBER)],
    },
  },
  {
    // No import circles in app/ (docs/decisions/047-feature-folders.md): a module's
    // imports never lead back to it. Type-only imports are erased, so they may.
    files: ["app/**/*.{ts,tsx,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".mjs", ".js"],
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".mjs", ".js"],
          alias: { "~": [path.resolve(import.meta.dirname, "app")] },
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // The environment is read through its schema (app/infra/env.server.ts: getEnv(), and
    // the few parts read afresh or without the server's secrets), never by name elsewhere
    // (docs/decisions/047-feature-folders.md).
    files: ["app/**/*.{ts,tsx,mjs}"],
    ignores: ["app/infra/env.server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message:
            "Read the environment through app/infra/env.server.ts (getEnv() and its schema), not process.env (docs/decisions/047-feature-folders.md).",
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
    // Twilio's signed webhooks answer TwiML, not a page (docs/decisions/052-text-messages.md).
    ignores: ["app/routes/api.*", "app/routes/resources.*", "app/routes/webhooks.*"],
    rules: {
      "no-restricted-syntax": [
        "error",
        NO_GLOBAL_PRISMA,
        ...[
          "FunctionDeclaration[id.name='action']",
          "VariableDeclarator[id.name='action']:not([init.type='ArrowFunctionExpression'][init.body.type='CallExpression'][init.body.callee.name=/^(formAction|linkAction)$/])",
          "VariableDeclarator > ObjectPattern > Property[key.name='action']",
        ].map((declaration) => ({
          selector: `ExportNamedDeclaration ${declaration}`,
          message:
            "Write a page's action as export const action = (args: ActionFunctionArgs) => formAction(args, {...}) and export const headers = formPageHeaders (~/http/form-action.server).",
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
      // A named region that scrolls sideways must take focus, or a keyboard cannot scroll it
      // (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
      "react/prop-types": "off",
    },
  },
);
