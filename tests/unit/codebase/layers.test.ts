// The folders of app/ keep to their layers (docs/decisions/041-folders-by-layer.md): the
// project's own ESLint configuration refuses an import that reaches up, and lets the
// imports each layer needs through.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The circle rule walks every import of a probe's imports; these rules need none of that
// (tests/unit/codebase/import-cycles.test.ts proves it).
const eslint = new ESLint({ overrideConfig: { rules: { "import-x/no-cycle": "off" } } });

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

// The first lint loads ESLint's configuration, plugins and parser: slow on a busy machine.
describe("the layers of app/", { timeout: 120_000 }, () => {
  it("refuse an import that reaches up, by alias or by a relative path", async () => {
    const refused: [string, string][] = [
      ["app/models/probe.server.ts", 'import { Avatar } from "~/components/avatar";'],
      ["app/models/probe.server.ts", 'import { formAction } from "~/http/form-action.server";'],
      [
        "app/infra/probe.server.ts",
        'import { getCatalog } from "~/models/services/catalog.server";',
      ],
      ["app/utils/probe.ts", 'import { prisma } from "../infra/db.server";'],
      ["app/validation/probe.ts", 'import { getCatalog } from "~/models/services/catalog.server";'],
      ["app/components/probe.tsx", 'import { prisma } from "~/infra/db.server";'],
      ["app/routes/probe.tsx", 'import { loader } from "~/routes/_index";'],
    ];
    for (const [file, code] of refused) {
      expect(
        await layerErrors(file, `${code}\nexport const probe = 1;\n`),
        `${file}: ${code}`,
      ).toEqual([expect.stringContaining("docs/decisions/041-folders-by-layer.md")]);
    }
  });

  it("keep the database client in the domain: routes and app/http ask a model", async () => {
    const refused: [string, string][] = [
      ["app/routes/probe.tsx", 'import { prisma } from "~/infra/db.server";'],
      ["app/routes/api.probe.ts", 'import { prisma } from "~/infra/db.server";'],
      ["app/http/probe.server.ts", 'import { prisma } from "~/infra/db.server";'],
      ["app/http/probe.server.ts", 'import { prisma } from "../infra/db.server";'],
    ];
    for (const [file, code] of refused) {
      expect(
        await layerErrors(file, `${code}\nexport const probe = 1;\n`),
        `${file}: ${code}`,
      ).toEqual([expect.stringContaining("docs/decisions/047-feature-folders.md")]);
    }
  });

  it("keep the booking core from the features that subscribe to its events", async () => {
    const refused: [string, string][] = [
      [
        "app/models/booking/probe.server.ts",
        'import { wakeOutbox } from "~/models/mail/outbox.server";',
      ],
      [
        "app/models/booking/probe.server.ts",
        'import { recallOfBookLink } from "../recall/invitations.server";',
      ],
      [
        "app/models/booking/probe.server.ts",
        'import { offerFreedTime } from "~/models/waitlist/visit-events.server";',
      ],
      [
        "app/models/booking/probe.server.ts",
        'import { reviewRequest } from "~/models/reviews/visit-events.server";',
      ],
      ["app/models/booking/probe.server.ts", 'import "~/models/visit-subscribers.server";'],
      [
        "app/models/booking/probe.server.ts",
        'import { prepareOwnConsent } from "~/models/sms/patient-consent.server";',
      ],
    ];
    for (const [file, code] of refused) {
      expect(
        await layerErrors(file, `${code}\nexport const probe = 1;\n`),
        `${file}: ${code}`,
      ).toEqual([expect.stringContaining("docs/decisions/047-feature-folders.md")]);
    }
    expect(
      await layerErrors(
        "app/models/booking/probe.server.ts",
        'import { getClinicSettings } from "~/models/settings/clinic-settings.server";\nexport const probe = 1;\n',
      ),
    ).toEqual([]);
  });

  it("let each layer use the ones below it", async () => {
    const allowed: [string, string][] = [
      ["app/routes/probe.tsx", 'import { getCatalog } from "~/models/services/catalog.server";'],
      ["app/models/probe.server.ts", 'import { prisma } from "~/infra/db.server";'],
      ["app/validation/probe.ts", 'import { DENTIST_KINDS } from "~/models/team/kinds";'],
      [
        "app/components/probe.tsx",
        'import type { Diary } from "~/models/front-desk/diary.server";',
      ],
    ];
    for (const [file, code] of allowed) {
      expect(
        await layerErrors(file, `${code}\nexport const probe = 1;\n`),
        `${file}: ${code}`,
      ).toEqual([]);
    }
  });
});
