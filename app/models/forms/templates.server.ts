/**
 * The forms the clinic keeps (docs/decisions/050-medical-history-and-consent-forms.md): the
 * active forms with their current versions (cached until the next write of a form, ADR 046),
 * and the admin's screen, where a change to what a form asks makes a new version once
 * patients have answered the current one (their answers keep theirs).
 */
import type { Prisma } from "@prisma/client";
import { prisma } from "~/infra/db.server";
import { cachedRead } from "~/infra/read-cache.server";
import { limitStaffWrite } from "~/infra/rate-limit.server";
import { recordAudit } from "~/models/audit/trail.server";
import type { StaffActor } from "~/models/roles";
import { fail, ok, type Result } from "~/utils/result";
import { parseQuestions, sameQuestions, type Question } from "~/validation/form-questions";
import {
  FORM_TEMPLATE_MESSAGES,
  parseRetentionYears,
  parseTemplateFields,
} from "~/validation/form-templates";
import { AUDIENCES, describeRule, type DueRule, FREQUENCIES } from "./due";

export type FormKind = "history" | "consent";

/** A form as patients are given it now: its rule and its current version. */
export type ActiveForm = {
  id: string;
  kind: FormKind;
  rule: DueRule;
  sortOrder: number;
  version: { id: string; number: number; title: string; intro: string; questions: Question[] };
};

const CURRENT_VERSION = {
  versions: { orderBy: { number: "desc" }, take: 1 },
} as const satisfies Prisma.FormTemplateInclude;

type TemplateRow = Prisma.FormTemplateGetPayload<{ include: typeof CURRENT_VERSION }>;

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

export function ruleOf(row: {
  audience: string;
  serviceId: string | null;
  frequency: string;
  everyMonths: number;
  minAge: number;
}): DueRule {
  return {
    audience: oneOf(AUDIENCES, row.audience, "all"),
    serviceId: row.serviceId,
    frequency: oneOf(FREQUENCIES, row.frequency, "visit"),
    everyMonths: row.everyMonths,
    minAge: row.minAge,
  };
}

function toActiveForm(row: TemplateRow): ActiveForm | null {
  const version = row.versions[0];
  if (!version) return null;
  return {
    id: row.id,
    kind: row.kind === "history" ? "history" : "consent",
    rule: ruleOf(row),
    sortOrder: row.sortOrder,
    version: {
      id: version.id,
      number: version.number,
      title: version.title,
      intro: version.intro,
      questions: parseQuestions(version.questions),
    },
  };
}

/** The active forms, in the clinic's order, as patients are given them now. */
export function activeForms(): Promise<ActiveForm[]> {
  return cachedRead(["forms"], "forms:active", async () => {
    const rows = await prisma.formTemplate.findMany({
      where: { active: true },
      include: CURRENT_VERSION,
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    });
    return rows.flatMap((row) => toActiveForm(row) ?? []);
  });
}

/** The admin's list: every form, its current title and version, who fills it, how often. */
export async function listFormTemplates() {
  const [rows, services, settings] = await Promise.all([
    prisma.formTemplate.findMany({
      include: {
        ...CURRENT_VERSION,
        service: { select: { name: true } },
        _count: { select: { submissions: true } },
      },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    }),
    serviceChoices(),
    prisma.clinicSettings.findUniqueOrThrow({
      where: { id: 1 },
      select: { formRetentionYears: true },
    }),
  ]);
  return {
    templates: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      active: row.active,
      title: row.versions[0]?.title ?? "(untitled)",
      version: row.versions[0]?.number ?? 0,
      rule: describeRule(ruleOf(row), row.service?.name ?? null),
      submissions: row._count.submissions,
    })),
    services,
    retentionYears: settings.formRetentionYears,
  };
}

/** The services a form's rule may name. */
export function serviceChoices() {
  return prisma.service.findMany({
    where: { status: "published" },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
}

/** One form as the admin edits it, with the services its rule may name; null when unknown. */
export async function formTemplateForEdit(id: string) {
  const [row, services] = await Promise.all([
    prisma.formTemplate.findUnique({
      where: { id },
      include: { ...CURRENT_VERSION, _count: { select: { submissions: true } } },
    }),
    serviceChoices(),
  ]);
  if (!row) return null;
  const version = row.versions[0]!;
  const answered = await prisma.formSubmission.count({ where: { versionId: version.id } });
  return {
    id: row.id,
    kind: row.kind,
    audience: row.audience,
    serviceId: row.serviceId ?? "",
    frequency: row.frequency,
    everyMonths: row.everyMonths,
    minAge: row.minAge,
    active: row.active,
    version: version.number,
    title: version.title,
    intro: version.intro,
    questions: parseQuestions(version.questions),
    /** Submissions of the current version: a change to what it asks makes a new one. */
    answered,
    services,
  };
}

/**
 * Adds a form (`templateId` empty) or changes one. What it asks (title, introduction,
 * questions) is its version's: changed while nobody has answered the current version, it is
 * changed in place; once someone has, it becomes the next version. Who fills it and how
 * often are the form's own and change in place.
 */
export async function saveFormTemplate(
  form: Record<string, unknown>,
  actor: StaffActor,
): Promise<Result<{ message: string; id: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = parseTemplateFields(form);
  if (!parsed.ok) return parsed;
  const { title, intro, questions, ...rule } = parsed.fields;
  const templateId = typeof form.templateId === "string" ? form.templateId.trim() : "";
  return prisma.$transaction(async () => {
    if (rule.serviceId) {
      const service = await prisma.service.findUnique({ where: { id: rule.serviceId } });
      if (!service)
        return { ...fail(404, FORM_TEMPLATE_MESSAGES.unknownService), field: "serviceId" };
    }
    const content = { title, intro, questions: JSON.stringify(questions), createdById: actor.id };
    if (!templateId) {
      const count = await prisma.formTemplate.count();
      const created = await prisma.formTemplate.create({
        data: { ...rule, sortOrder: count + 1, versions: { create: { number: 1, ...content } } },
      });
      await recordAudit({
        actor,
        action: "form.create",
        entityType: "FormTemplate",
        entityId: created.id,
        summary: `Added the form ${title}`,
        after: { ...rule, questions: questions.length },
      });
      return ok({ message: `${title} is added.`, id: created.id });
    }
    const before = await prisma.formTemplate.findUnique({
      where: { id: templateId },
      include: CURRENT_VERSION,
    });
    const current = before?.versions[0];
    if (!before || !current) return fail(404, FORM_TEMPLATE_MESSAGES.unknownTemplate);
    await prisma.formTemplate.update({ where: { id: templateId }, data: rule });
    const asked =
      current.title !== title ||
      current.intro !== intro ||
      !sameQuestions(parseQuestions(current.questions), questions);
    let version = current.number;
    if (asked) {
      const answered = await prisma.formSubmission.count({ where: { versionId: current.id } });
      if (answered > 0) {
        version = current.number + 1;
        await prisma.formVersion.create({ data: { templateId, number: version, ...content } });
      } else {
        await prisma.formVersion.update({ where: { id: current.id }, data: content });
      }
    }
    await recordAudit({
      actor,
      action: "form.change",
      entityType: "FormTemplate",
      entityId: templateId,
      summary:
        version > current.number
          ? `Changed the form ${title}: version ${version}, patients answer it again`
          : `Changed the form ${title}`,
      before: { ...ruleOf(before), active: before.active, version: current.number },
      after: { ...rule, version },
    });
    return ok({
      message:
        version > current.number
          ? `${title} is saved as version ${version}. Answers given before keep version ${current.number}.`
          : `${title} is saved.`,
      id: templateId,
    });
  });
}

/** How long a deleted account's signed forms are kept (ClinicSettings.formRetentionYears). */
export async function saveFormRetention(
  form: Record<string, unknown>,
  actor: StaffActor,
): Promise<Result<{ message: string }>> {
  const limited = await limitStaffWrite(actor.id);
  if (limited) return limited;
  const parsed = parseRetentionYears(form);
  if (!parsed.ok) return parsed;
  await prisma.$transaction(async () => {
    const before = await prisma.clinicSettings.findUniqueOrThrow({
      where: { id: 1 },
      select: { formRetentionYears: true },
    });
    await prisma.clinicSettings.update({
      where: { id: 1 },
      data: { formRetentionYears: parsed.years },
    });
    await recordAudit({
      actor,
      action: "settings.form_retention",
      entityType: "ClinicSettings",
      entityId: "1",
      summary: `Signed forms of deleted accounts are kept ${parsed.years} years`,
      before: { formRetentionYears: before.formRetentionYears },
      after: { formRetentionYears: parsed.years },
    });
  });
  return ok({
    message:
      parsed.years === 0
        ? "A deleted account's signed forms are now deleted with it."
        : `A deleted account's signed forms are now kept ${parsed.years} years.`,
  });
}
