// No import circles in app/ (docs/decisions/047-feature-folders.md): the project's own
// ESLint configuration refuses an import that leads back to the importing module, by alias
// or by a relative path, however long the way round, and lets a type-only import through
// (it is erased). The probes are real modules of app/ with one import added, so the rule
// is proven on the modules it guards.
import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function cycleErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "import-x/no-cycle")
    .map((message) => message.message);
}

/** The module as it is, with one import put in front. */
const withImport = (file: string, line: string) => `${line}\n${readFileSync(file, "utf8")}`;

// Each probe parses the modules its import reaches, many of app/ for the longer circles.
describe("import circles in app/", { timeout: 120_000 }, () => {
  it("are refused, by alias or by a relative path, two modules round or many", async () => {
    const refused: [string, string][] = [
      // permissions.ts imports roles.ts.
      ["app/models/roles.ts", 'import { may } from "~/models/permissions";'],
      ["app/models/roles.ts", 'import { may } from "./permissions";'],
      // The free times read the clinic's settings.
      [
        "app/models/settings/clinic-settings.server.ts",
        'import { freeTimes } from "~/models/booking/free-times.server";',
      ],
      // The diary reaches the settings through the booking core, several modules deep.
      [
        "app/models/settings/clinic-settings.server.ts",
        'import { diaryDay } from "~/models/front-desk/diary.server";',
      ],
    ];
    for (const [file, line] of refused) {
      expect(await cycleErrors(file, withImport(file, line)), `${file}: ${line}`).toEqual([
        expect.stringContaining("Dependency cycle"),
      ]);
    }
  });

  it("let a module through as it is, and a type-only import back", async () => {
    const allowed: [string, string][] = [
      ["app/models/roles.ts", ""],
      ["app/models/roles.ts", 'import type { Permission } from "~/models/permissions";'],
      ["app/models/booking/free-times.server.ts", ""],
    ];
    for (const [file, line] of allowed) {
      expect(await cycleErrors(file, withImport(file, line)), `${file}: ${line}`).toEqual([]);
    }
  });
});
