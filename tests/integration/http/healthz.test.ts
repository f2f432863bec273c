import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { TMP_DIR } from "../../support/paths";
import { testEngine } from "../../support/engine";

describe("GET /healthz", () => {
  it("answers 200 when the database answers", async () => {
    const { loader } = await import("~/routes/healthz");
    const response = await loader();
    expect(response.status).toBe(200);
    // No backup schedule runs in a test process (tests/integration/infra/backup.test.ts has it).
    expect(await response.json()).toEqual({
      status: "ok",
      engine: testEngine(),
      database: "ok",
      backup: { status: "off" },
    });
  });

  it("answers 503 when the database does not", async () => {
    const engine = testEngine();
    const broken = path.join(TMP_DIR, `not-a-database-${process.pid}.db`);
    writeFileSync(broken, "garbage ".repeat(200));
    // A file that is no database, or a server that is not there (port 1 refuses).
    process.env.DATABASE_URL =
      engine === "sqlite" ? `file:${broken}` : "postgresql://postgres@127.0.0.1:1/none";
    globalThis.__prisma = undefined;
    vi.resetModules();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { loader } = await import("~/routes/healthz");
    const response = await loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "error",
      engine,
      database: "unavailable",
      backup: { status: "off" },
    });
    errors.mockRestore();
    rmSync(broken, { force: true });
  });
});
