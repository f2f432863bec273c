import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export type DiscoveredRoute = {
  /** The route module, relative to app/routes. */
  file: string;
  /** Its URL pattern, e.g. `/api/get-product/:id`, `/product/:idOrSlug`, `/*` for a splat. */
  pattern: string;
  params: string[];
  hasLoader: boolean;
  hasAction: boolean;
  /** No default export: an API or other resource route. */
  isResource: boolean;
};

const ROUTES_DIR = path.resolve("app/routes");

/**
 * Reads app/routes the way Remix's flat routes do, so suites that must cover "every page
 * action and every /api route" cover the ones that exist when they run.
 */
export function discoverRoutes(): DiscoveredRoute[] {
  const routes: DiscoveredRoute[] = [];
  for (const entry of readdirSync(ROUTES_DIR)) {
    const full = path.join(ROUTES_DIR, entry);
    let moduleFile: string | undefined;
    let name: string;
    if (statSync(full).isDirectory()) {
      moduleFile = ["route.tsx", "route.ts"].map((file) => path.join(full, file)).find(existsSync);
      name = entry;
    } else {
      if (!/\.(tsx?|jsx?)$/.test(entry) || /\.test\./.test(entry) || entry.startsWith(".")) {
        continue;
      }
      moduleFile = full;
      name = entry.replace(/\.(tsx?|jsx?)$/, "");
    }
    if (!moduleFile) continue;
    const source = readFileSync(moduleFile, "utf8");
    const params: string[] = [];
    const segments = splitSegments(name)
      .filter((segment) => segment !== "_index" && !segment.startsWith("_"))
      .map((segment) => {
        const clean = segment.replace(/_$/, "").replace(/[[\]]/g, "");
        if (clean === "$") {
          params.push("*");
          return "*";
        }
        if (clean.startsWith("$")) {
          params.push(clean.slice(1));
          return `:${clean.slice(1)}`;
        }
        return clean;
      });
    routes.push({
      file: path.relative(ROUTES_DIR, moduleFile),
      pattern: `/${segments.join("/")}`,
      params,
      hasLoader: exportsName(source, "loader"),
      hasAction: exportsName(source, "action"),
      isResource: !/export\s+default\b/.test(source),
    });
  }
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** Splits on dots outside [escaped] parts. */
function splitSegments(name: string): string[] {
  const segments: string[] = [];
  let current = "";
  let escaped = false;
  for (const char of name) {
    if (char === "[") escaped = true;
    if (char === "]") escaped = false;
    if (char === "." && !escaped) {
      segments.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  segments.push(current);
  return segments;
}

function exportsName(source: string, name: string) {
  return new RegExp(
    `export\\s+(async\\s+)?function\\s+${name}\\b|export\\s+(const|let)\\s+(\\{[^}]*)?\\b${name}\\b|export\\s*\\{[^}]*\\b${name}\\b`,
  ).test(source);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The pattern with its parameters filled in, each encoded as one path segment. */
export function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern
    .split("/")
    .map((segment) => {
      const name = segment === "*" ? "*" : segment.startsWith(":") ? segment.slice(1) : null;
      // A URL cannot carry a lone surrogate: make the value well-formed before encoding it.
      if (name) return encodeURIComponent((values[name] ?? "1").replace(LONE_SURROGATE, "\ufffd"));
      return segment;
    })
    .join("/");
}
