// The server's route matching (patches/@remix-run+router+1.23.3.patch keeps the ranked
// branches of @remix-run/router's CommonJS build per route array, and its compiled paths):
// the answers must be those of the unpatched router, call after call, and a router that
// patches new routes in must see them.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as RemixRouter from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The router Remix's server runtime loads (Node's CommonJS `main`), not the ESM build
// Vite would pick for a test.
const fromServerRuntime = createRequire(createRequire(import.meta.url).resolve("@remix-run/node"));
const router = createRequire(fromServerRuntime.resolve("@remix-run/server-runtime"))(
  "@remix-run/router",
) as typeof RemixRouter;

const routes = () => [
  {
    id: "root",
    path: "",
    children: [
      { id: "index", index: true },
      { id: "blog", path: "blog" },
      { id: "product", path: "product/:idOrSlug" },
      { id: "product-new", path: "product/new" },
      { id: "optional", path: "visit/:token?/confirm" },
      { id: "staff", path: "staff", children: [{ id: "staff-index", index: true }] },
      { id: "case", path: "Exact", caseSensitive: true },
      { id: "splat", path: "*" },
    ],
  },
];

const ids = (matches: ReturnType<typeof router.matchRoutes>) =>
  matches?.map((match) => match.route.id) ?? null;

describe("route matching on the server", () => {
  it("runs the patched router and render (npm install applies patches/ with patch-package)", () => {
    for (const file of [
      "@remix-run/router/dist/router.cjs.js",
      "@remix-run/react/dist/server.js",
      "react-router-dom/server.js",
    ]) {
      expect(readFileSync(path.resolve("node_modules", file), "utf8"), file).toContain(
        "dental-clinic patch: kept route branches",
      );
    }
  });

  it("patches exact versions, pinned, and the install fails when a patch does not apply", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
      overrides: Record<string, unknown>;
    };
    expect(manifest.scripts.postinstall).toContain("patch-package --error-on-fail --error-on-warn");
    const patches = readdirSync("patches").filter((name) => name.endsWith(".patch"));
    expect(patches).toHaveLength(3);
    for (const name of patches) {
      // "@remix-run+router+1.23.3.patch": the package (its "/" as "+") and the version.
      const [, pkg, version] = /^(.+)\+([^+]+)\.patch$/.exec(name) ?? [];
      const packageName = pkg!.replace("+", "/");
      const installed = JSON.parse(
        readFileSync(path.resolve("node_modules", packageName, "package.json"), "utf8"),
      ) as { version: string };
      expect(installed.version, name).toBe(version);
      expect(
        manifest.dependencies[packageName] ?? manifest.overrides[packageName],
        `${packageName} is pinned to the patch's version`,
      ).toBe(version);
    }
  });

  it("ranks and matches as the router always did, on every call over the same routes", () => {
    const tree = routes();
    for (let call = 0; call < 3; call += 1) {
      expect(ids(router.matchRoutes(tree, "/"))).toEqual(["root", "index"]);
      expect(ids(router.matchRoutes(tree, "/blog"))).toEqual(["root", "blog"]);
      expect(ids(router.matchRoutes(tree, "/BLOG/"))).toEqual(["root", "blog"]);
      expect(ids(router.matchRoutes(tree, "/product/new"))).toEqual(["root", "product-new"]);
      const product = router.matchRoutes(tree, "/product/white%20fillings");
      expect(ids(product)).toEqual(["root", "product"]);
      expect(product?.[1]?.params).toEqual({ idOrSlug: "white fillings" });
      expect(router.matchRoutes(tree, "/visit/abc/confirm")?.[1]?.params).toEqual({
        token: "abc",
      });
      expect(ids(router.matchRoutes(tree, "/staff"))).toEqual(["root", "staff", "staff-index"]);
      expect(ids(router.matchRoutes(tree, "/Exact"))).toEqual(["root", "case"]);
      expect(ids(router.matchRoutes(tree, "/exact"))).toEqual(["root", "splat"]);
      expect(router.matchRoutes(tree, "/no/such/page")?.[1]?.params).toEqual({
        "*": "no/such/page",
      });
    }
  });

  it("hands out its kept matches as copies: a caller that changes one changes no other call", () => {
    const tree = routes();
    const first = router.matchRoutes(tree, "/product/crown")!;
    // Params are read-only to TypeScript; a caller in plain JavaScript may still write.
    (first[1]!.params as Record<string, string>).idOrSlug = "changed";
    first.pop();
    const second = router.matchRoutes(tree, "/product/crown")!;
    expect(ids(second)).toEqual(["root", "product"]);
    expect(second[1]!.params).toEqual({ idOrSlug: "crown" });
    // One params object per answer, as the unpatched router gives.
    expect(second[0]!.params).toBe(second[1]!.params);
    expect(router.matchRoutes(tree, "/product/crown", "/")?.[1]?.pathname).toBe("/product/crown");
  });

  it("sees the routes a router patches in later (lazy route discovery)", async () => {
    const tree = [{ id: "root", path: "/", children: [{ id: "home", index: true }] }];
    const memory = router.createRouter({
      routes: tree,
      history: router.createMemoryHistory(),
    });
    expect(ids(router.matchRoutes(memory.routes, "/late"))).toBeNull();
    memory.patchRoutes("root", [{ id: "late", path: "late" }]);
    expect(ids(router.matchRoutes(memory.routes, "/late"))).toEqual(["root", "late"]);
    memory.dispose();
  });

  it("answers matchPath for any pattern, as before", () => {
    expect(router.matchPath("/x/:y", "/x/1")?.params).toEqual({ y: "1" });
    expect(router.matchPath({ path: "/x", end: false }, "/x/1/2")?.pathname).toBe("/x");
    expect(router.matchPath({ path: "/X", caseSensitive: true }, "/x")).toBeNull();
  });
});
