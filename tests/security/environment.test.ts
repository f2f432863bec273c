// The production server started by hand (`node build/server.js`) with no NODE_ENV runs as
// production, so it refuses to start without a SESSION_SECRET rather than sign cookies
// with the published development secret; a bad setting is one line and exit code 1.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_BUILD_DIR } from "../../scripts/test-build.mjs";

// The run's one production build, made by the http project's global setup.
const buildDir = TEST_BUILD_DIR;

/** Runs the built server with only `env` (and PATH) and waits for it to exit. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(buildDir, "server.js")], {
    // No NODE_ENV on purpose, which the ambient ProcessEnv type does not allow for.
    env: { PATH: process.env.PATH, BUILD_DIR: buildDir, ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, stdout, stderr })),
  );
}

describe("starting the production build", () => {
  it("without NODE_ENV and without SESSION_SECRET: one line, exit 1", async () => {
    const { code, stdout, stderr } = await runServer({});
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "Invalid environment: SESSION_SECRET: SESSION_SECRET is required in production\n",
    );
  });

  it("with an invalid server setting: one line naming it, exit 1", async () => {
    const { code, stderr } = await runServer({
      SESSION_SECRET: "s3cret",
      BODY_LIMIT_BYTES: "lots",
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid environment: BODY_LIMIT_BYTES: [^\n]+\n$/);
  });
});
