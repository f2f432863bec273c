import path from "node:path";

/**
 * Where the end-to-end server runs and what it uses. E2E_PORT lets two runs (or a run
 * and a developer's server) coexist; everything else follows from it.
 */
export function e2eSettings() {
  const port = Number(process.env.E2E_PORT || 3210);
  const tmp = path.resolve("tests/.tmp");
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    databaseFile: path.join(tmp, `e2e-${port}.db`),
    mailDir: path.join(tmp, `e2e-mail-${port}`),
    buildDir: `.build-e2e-${port}`,
    sessionSecret: "e2e-session-secret",
  };
}
