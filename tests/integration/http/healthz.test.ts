import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { TMP_DIR } from "../../support/paths";

describe("GET /healthz", () => {
  it("answers 200 when the database answers", async () => {
    const { loader } = await import("~/routes/healthz");
    const response = await loader();
    expect(response.status).toBe(200);
    // No backup schedule runs in a test process (tests/integration/infra/backup.test.ts has it).
    expect(await response.json()).toEqual({
      status: "ok",
      database: "ok",
      backup: { status: "off" },
    });
  });

  it("answers 503 when the database does not", async () => {
    const broken = path.join(TMP_DIR, `not-a-database-${process.pid}.db`);
    writeFileSync(broken, "garbage ".repeat(200));
    process.env.DATABASE_URL = `file:${broken}`;
    globalThis.__prisma = undefined;
    vi.resetModules();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { loader } = await import("~/routes/healthz");
    const response = await loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "error",
      database: "unavailable",
      backup: { status: "off" },
    });
    errors.mockRestore();
    rmSync(broken, { force: true });
  });
});
