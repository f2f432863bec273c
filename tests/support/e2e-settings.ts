import path from "node:path";
import { testPorts } from "./ports.mjs";
import { TEST_BUILD_DIR } from "../../scripts/test-build.mjs";

/**
 * Where the end-to-end server runs and what it uses. Its port follows TEST_PORT_BASE
 * (tests/support/ports.mjs), so two runs coexist; everything else follows from the port.
 */
export function e2eSettings() {
  const ports = testPorts().e2e;
  const port = ports.main;
  const tmp = path.resolve("tests/.tmp");
  return {
    port,
    /** Ports of the extra servers specs start on broken databases. */
    brokenDatabasePort: ports.brokenDatabase,
    noReviewsPort: ports.noReviews,
    /** The admin settings spec's server, on a copy of the database. */
    settingsPort: ports.settings,
    baseURL: `http://127.0.0.1:${port}`,
    databaseFile: path.join(tmp, `e2e-${port}.db`),
    mailDir: path.join(tmp, `e2e-mail-${port}`),
    buildDir: TEST_BUILD_DIR,
    sessionSecret: "e2e-session-secret",
  };
}
