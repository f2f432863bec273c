// The environment is read only through its schema (app/infra/env.server.ts,
// docs/decisions/047-feature-folders.md): the project's ESLint configuration refuses
// `process.env` anywhere else in app/, however it is reached.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ overrideConfig: { rules: { "import-x/no-cycle": "off" } } });

async function environmentErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "no-restricted-properties")
    .map((message) => message.message);
}

// The first lint loads ESLint's configuration, plugins and parser: slow on a busy machine.
describe("reading the environment in app/", { timeout: 120_000 }, () => {
  it("is refused outside the env schema, by property or by destructuring", async () => {
    const refused: [string, string][] = [
      ["app/infra/mail.server.ts", "export const url = process.env.SMTP_URL;"],
      ["app/models/probe.server.ts", 'export const url = process.env["SMTP_URL"];'],
      ["app/routes/probe.tsx", "const { env } = process;\nexport const url = env.SMTP_URL;"],
      ["app/ops/probe.server.ts", "export const run = (env = process.env) => env;"],
    ];
    for (const [file, code] of refused) {
      expect(await environmentErrors(file, code), `${file}: ${code}`).toEqual([
        expect.stringContaining("app/infra/env.server.ts"),
      ]);
    }
  });

  it("is the schema's own business", async () => {
    expect(
      await environmentErrors(
        "app/infra/env.server.ts",
        "export const url = process.env.SMTP_URL;",
      ),
    ).toEqual([]);
  });
});
