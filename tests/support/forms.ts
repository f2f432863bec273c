// Fixtures of the forms' tests (docs/decisions/050-medical-history-and-consent-forms.md): the
// clinic's seeded forms, a patient with a visit, a dentist's staff account, valid answers,
// and calls of the JSON API with a token.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { prisma } from "~/infra/db.server";
import { addDays } from "~/utils/clinic-time";
import { clearReadCache } from "~/infra/read-cache.server";
import { MEDICAL_HISTORY_ID, SEEDED_FORMS, seedFormTemplates } from "~/models/forms/seed-templates";
import type { Question } from "~/validation/form-questions";
import { actionArgs } from "./auth-helpers";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "./factories";

export { MEDICAL_HISTORY_ID };

export async function seedForms() {
  await seedFormTemplates(prisma);
  clearReadCache();
}

/** Only the medical history in use (the consents set aside), unless told otherwise. */
export async function onlyHistory() {
  await prisma.formTemplate.updateMany({
    where: { id: { not: MEDICAL_HISTORY_ID } },
    data: { active: false },
  });
  clearReadCache();
}

export const historyQuestions = (): Question[] =>
  SEEDED_FORMS.find((form) => form.id === MEDICAL_HISTORY_ID)!.questions;

/** Answers to every required question of `questions`: no, the first option, text, a date. */
export function validAnswers(
  questions: readonly Question[],
  overrides: Record<string, unknown> = {},
) {
  const answers: Record<string, unknown> = {};
  for (const question of questions) {
    if (!question.required) continue;
    answers[question.id] =
      question.type === "yesno"
        ? false
        : question.type === "choice"
          ? question.options![0]!.value
          : question.type === "date"
            ? "2020-01-02"
            : "Jo Emergency, sister, +1 555 0109";
  }
  return { ...answers, ...overrides };
}

/** The same answers as a page posts them. */
export function answerFields(answers: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answers).map(([id, value]) => [
      `answer-${id}`,
      value === true ? "yes" : value === false ? "no" : String(value),
    ]),
  );
}

let services: { id: string } | null = null;
let visits = 0;

/** Each call's own half hour (09:00 to 16:30), a week later once the day is full. */
function nextSlot(date: string): { date: string; time: string } {
  const index = visits++;
  const minutes = 9 * 60 + (index % 16) * 30;
  return {
    date: addDays(date, 7 * Math.floor(index / 16)),
    time: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`,
  };
}

/** A signed-in patient (date of birth 1980-05-17) with a visit in the week of `date`. */
export async function patientWithVisit(
  date: string,
  options: { dentistId?: string; name?: string; dateOfBirth?: string } = {},
) {
  services ??= await createService({ name: "Forms check-up" });
  const user = await createUser({ name: options.name ?? "Fay Former" });
  await prisma.user.update({
    where: { id: user.id },
    data: { dateOfBirth: options.dateOfBirth ?? "1980-05-17" },
  });
  const visit = await storeAppointment({
    userId: user.id,
    serviceId: services.id,
    ...nextSlot(date),
    dentistId: options.dentistId ?? FIRST_DENTIST,
  });
  return { user, visit, ...(await sessionFor(user)) };
}

/** A dentist of the team with a staff account of their own. */
export async function dentistStaff(slug: string) {
  const user = await createUser({ role: "dentist", name: `Dr. ${slug}` });
  const first = await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } });
  const dentist = await prisma.dentist.create({
    data: {
      id: `dentist-${slug}`,
      slug: `dr-${slug}`,
      name: `Dr. ${slug}`,
      title: "DDS",
      weeklyPlan: first.weeklyPlan,
      userId: user.id,
    },
  });
  return { user, dentistId: dentist.id, ...(await sessionFor(user)) };
}

/** What the forms' API answers, as far as the tests read it. */
export type ApiBody = {
  success: boolean;
  message?: string;
  forms?: {
    id: string;
    title: string;
    version: number;
    dueFor: { appointment: string; patient: string };
    questions: { id: string; label: string; type: string; required: boolean; options?: unknown }[];
    answers: Record<string, unknown>;
  }[];
  submission?: { id: string; submittedAt: string };
};

type Route = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** Calls an API route as a client with `token`; answers its status and JSON. */
export async function callApi(
  route: Route,
  path: string,
  init: { method?: string; token?: string; body?: unknown; params?: Record<string, string> },
) {
  const request = new Request(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      "user-agent": "forms-test/1.0",
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const response = (await route(actionArgs(request, undefined, init.params ?? {}))) as Response;
  return { status: response.status, body: (await response.json()) as ApiBody };
}
