// The uncached path for `npm run bench`: pages the response cache never serves (a
// signed-in visitor's), measured side by side with a minimal Remix 2 app of the same
// size (scripts/bench/fixture), built for the purpose with the same compiler and flags.
import { spawnSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startProcess } from "./server.mjs";

const FIXTURE_SOURCE = "scripts/bench/fixture";

/** Builds the fixture app into `buildDir` (its sources are copied beside it first). */
export function buildFixture(buildDir) {
  const out = path.resolve(buildDir);
  const source = `${out}-src`;
  rmSync(source, { recursive: true, force: true });
  rmSync(out, { recursive: true, force: true });
  cpSync(FIXTURE_SOURCE, source, { recursive: true });
  // The Remix compiler wants a package.json beside the config; the packages themselves
  // resolve from the project's node_modules.
  writeFileSync(
    path.join(source, "package.json"),
    JSON.stringify({ private: true, type: "module", sideEffects: false }),
  );
  const result = spawnSync(path.resolve("node_modules/.bin/remix"), ["build"], {
    cwd: source,
    env: { ...process.env, NODE_ENV: "production", FIXTURE_BUILD_DIR: out },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("Building the benchmark fixture failed");
}

export function startFixture({ buildDir, port, log }) {
  return startProcess({
    command: process.execPath,
    args: [path.join(FIXTURE_SOURCE, "server.mjs"), buildDir, String(port)],
    env: { NODE_ENV: "production" },
    log,
    url: `http://127.0.0.1:${port}/resource`,
  });
}

/** Signs the seeded demo patient in through the login form; returns the Cookie header. */
export async function signedInCookie(appUrl) {
  const response = await fetch(`${appUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: appUrl,
      "x-forwarded-for": "10.9.9.9",
    },
    body: new URLSearchParams({ email: "patient@example.com", password: "smile123" }),
  });
  // `__Host-session` in production (app/infra/cookie.server.ts), `__session` elsewhere.
  const session = response.headers
    .getSetCookie()
    .find((cookie) => /^(?:__Host-session|__session)=/.test(cookie));
  if (response.status !== 302 || !session) {
    throw new Error(`Signing the demo patient in failed (${response.status})`);
  }
  return session.split(";")[0];
}

/**
 * The three comparisons of the uncached path, each two alternating rounds at 32
 * connections: signed-in /blog and signed-in home against the fixture's page of 40 cards,
 * /healthz against the fixture's bare resource route.
 */
export async function measureUncachedPath({
  appUrl,
  appPid,
  fixtureUrl,
  fixturePid,
  cookie,
  sideBySide,
  record,
}) {
  const connections = 32;
  const signedIn = { connections, headers: { cookie } };
  const fixturePage = { url: `${fixtureUrl}/`, options: { connections }, pid: fixturePid };
  const comparisons = [
    ["Signed-in GET /blog", `${appUrl}/blog`, signedIn, fixturePage, 0.5],
    ["Signed-in GET /", `${appUrl}/`, signedIn, fixturePage, 0.33],
    [
      "GET /healthz",
      `${appUrl}/healthz`,
      { connections },
      { url: `${fixtureUrl}/resource`, options: { connections }, pid: fixturePid },
      0.5,
    ],
  ];
  for (const [name, url, options, fixture, goal] of comparisons) {
    const result = await sideBySide(fixture, { url, options, pid: appPid });
    const ratio = result.b / result.a;
    // CPU per request says the same with less noise from other work on the machine.
    const cpu = result.cpuMs.a && result.cpuMs.b ? result.cpuMs.a / result.cpuMs.b : null;
    record(
      `${name} / fixture ${fixture.url.endsWith("/resource") ? "resource route" : "page"}`,
      ratio.toFixed(2),
      `>= ${goal}`,
      ratio >= goal && result.failures === 0,
      `(app ${result.b} req/s, fixture ${result.a} req/s, ${result.failures} errors; ` +
        `CPU per request app ${result.cpuMs.b?.toFixed(2)} ms, fixture ${result.cpuMs.a?.toFixed(2)} ms, ` +
        `fixture/app ${cpu?.toFixed(2)})`,
    );
  }
}
