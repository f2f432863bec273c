/**
 * The clinic's three forms as they ship (docs/decisions/050-medical-history-and-consent-forms.md):
 * a dental medical history (conditions by body system, medicines, allergies, pregnancy,
 * premedication, bisphosphonates, anticoagulants, smoking, the patient's doctor and an
 * emergency contact), a treatment consent and a privacy consent. Clinic content, not demo
 * data: prisma/seed.ts writes them on a new database and the data upgrade of their migration
 * on an existing one, each only when missing, so an admin's edits are never overwritten.
 */
import type { Prisma, PrismaClient } from "@prisma/client";
import type { DueRule } from "./due";
import type { Question } from "~/validation/form-questions";

type Seeded = {
  id: string;
  kind: "history" | "consent";
  sortOrder: number;
  rule: DueRule;
  title: string;
  intro: string;
  questions: Question[];
};

const yes = (
  id: string,
  label: string,
  extra: Partial<Pick<Question, "alert" | "section" | "help">> = {},
): Question => ({ id, label, type: "yesno", required: true, ...extra });

const note = (id: string, label: string, extra: Partial<Question> = {}): Question => ({
  id,
  label,
  type: "text",
  required: false,
  ...extra,
});

export const MEDICAL_HISTORY_ID = "medical-history";
export const TREATMENT_CONSENT_ID = "treatment-consent";
export const PRIVACY_CONSENT_ID = "privacy-consent";

export const SEEDED_FORMS: readonly Seeded[] = [
  {
    id: MEDICAL_HISTORY_ID,
    kind: "history",
    sortOrder: 1,
    rule: { audience: "all", serviceId: null, frequency: "visit", everyMonths: 12, minAge: 0 },
    title: "Medical history",
    intro:
      "Your health affects your dental care and the medicines we may use. Please answer every question; your dentist reads your answers before your visit. If you are unsure, answer as best you can and tell us at the visit.",
    questions: [
      note("doctor", "Your doctor's name and practice", {
        section: "Your doctor and emergency contact",
      }),
      note("doctor-phone", "Your doctor's phone number"),
      {
        id: "emergency-contact",
        label: "Emergency contact: name, relationship and phone",
        type: "text",
        required: true,
      },
      {
        id: "last-dental-visit",
        label: "When did you last see a dentist?",
        type: "date",
        required: false,
        section: "Your teeth",
        help: "An approximate date is fine.",
      },
      {
        id: "anxiety",
        label: "How do you feel about dental treatment?",
        type: "choice",
        required: false,
        options: [
          { value: "relaxed", label: "Relaxed" },
          { value: "a-little-nervous", label: "A little nervous" },
          { value: "very-anxious", label: "Very anxious" },
        ],
      },
      yes("hospital", "Have you been in hospital or had an operation in the last five years?", {
        section: "Hospital stays",
      }),
      yes("heart-valve", "Do you have an artificial heart valve?", {
        section: "Heart and blood",
        alert: "Artificial heart valve",
      }),
      yes("endocarditis", "Have you ever had infective endocarditis?", {
        alert: "History of infective endocarditis",
      }),
      yes("congenital-heart", "Were you born with a heart condition?", {
        alert: "Congenital heart disease",
      }),
      yes("heart-attack", "Have you had a heart attack, angina or a stent?", {
        alert: "Heart attack, angina or stent",
      }),
      yes("stroke", "Have you had a stroke?", { alert: "Stroke" }),
      yes("blood-pressure", "Do you have high or low blood pressure?", {
        alert: "Blood pressure condition",
      }),
      yes("bleeding", "Do you bleed for a long time after a cut, or bruise easily?", {
        alert: "Bleeding disorder",
      }),
      yes("diabetes", "Do you have diabetes?", { section: "Other conditions", alert: "Diabetes" }),
      yes("asthma", "Do you have asthma or COPD?", { alert: "Asthma or COPD" }),
      yes("tuberculosis", "Have you had tuberculosis?", { alert: "Tuberculosis" }),
      yes("hepatitis", "Have you had hepatitis or another liver disease?", {
        alert: "Hepatitis or liver disease",
      }),
      yes("kidney", "Do you have kidney disease or dialysis?", {
        alert: "Kidney disease or dialysis",
      }),
      yes("epilepsy", "Do you have epilepsy, seizures or fainting spells?", {
        alert: "Epilepsy or fainting",
      }),
      yes("cancer", "Have you had cancer, radiotherapy or chemotherapy?", {
        alert: "Cancer, radiotherapy or chemotherapy",
      }),
      yes("hiv", "Do you have HIV?", { alert: "HIV" }),
      yes("joint-replacement", "Do you have an artificial joint?", {
        alert: "Joint replacement",
      }),
      {
        id: "joint-replacement-date",
        label: "If so, when was it put in?",
        type: "date",
        required: false,
      },
      yes("osteoporosis", "Do you have osteoporosis?", { alert: "Osteoporosis" }),
      yes("psychiatric", "Are you under psychiatric care?", { alert: "Under psychiatric care" }),
      note(
        "medicines",
        "Which medicines do you take, including over the counter and supplements?",
        {
          section: "Medicines",
        },
      ),
      yes(
        "anticoagulants",
        "Do you take blood thinners (anticoagulants such as warfarin, apixaban or aspirin)?",
        {
          alert: "Anticoagulants",
        },
      ),
      yes(
        "bisphosphonates",
        "Do you take, or have you taken, bisphosphonates or other bone medicines (such as alendronate or denosumab)?",
        { alert: "Bisphosphonates" },
      ),
      yes("premedication", "Has a doctor told you to take antibiotics before dental treatment?", {
        alert: "Premedication before dental treatment",
      }),
      yes("allergy-drugs", "Are you allergic to any medicine (such as penicillin)?", {
        section: "Allergies",
        alert: "Allergy: medicines",
      }),
      note("allergy-drugs-which", "If so, which medicines?"),
      yes("allergy-latex", "Are you allergic to latex?", { alert: "Allergy: latex" }),
      yes("allergy-anaesthetic", "Are you allergic to local anaesthetic?", {
        alert: "Allergy: local anaesthetic",
      }),
      yes("allergy-chlorhexidine", "Are you allergic to chlorhexidine (a mouthwash)?", {
        alert: "Allergy: chlorhexidine",
      }),
      note("allergy-other", "Any other allergies?"),
      {
        id: "pregnancy",
        label: "Are you pregnant or breastfeeding?",
        type: "choice",
        required: true,
        section: "Pregnancy",
        options: [
          { value: "no", label: "No" },
          { value: "pregnant", label: "Pregnant" },
          { value: "breastfeeding", label: "Breastfeeding" },
          { value: "not-applicable", label: "Does not apply to me" },
        ],
      },
      {
        id: "smoking",
        label: "Do you smoke or use tobacco?",
        type: "choice",
        required: true,
        section: "Habits",
        options: [
          { value: "never", label: "Never" },
          { value: "former", label: "I used to" },
          { value: "current", label: "Yes" },
        ],
      },
      yes("vaping", "Do you vape?"),
      {
        id: "alcohol",
        label: "How many alcoholic drinks do you have in a typical week?",
        type: "choice",
        required: false,
        options: [
          { value: "none", label: "None" },
          { value: "1-7", label: "1 to 7" },
          { value: "8-14", label: "8 to 14" },
          { value: "more", label: "More than 14" },
        ],
      },
      note("anything-else", "Is there anything else about your health we should know?", {
        section: "Anything else",
      }),
    ],
  },
  {
    id: TREATMENT_CONSENT_ID,
    kind: "consent",
    sortOrder: 2,
    rule: { audience: "new", serviceId: null, frequency: "visit", everyMonths: 12, minAge: 0 },
    title: "Consent to examination and treatment",
    intro:
      "Before any treatment your dentist explains what they propose, its costs, its risks and the alternatives, including no treatment, and answers your questions. You may change your mind at any time. A parent or guardian signs for a child.",
    questions: [
      yes(
        "examination",
        "I agree to a dental examination, including X-rays where my dentist needs them.",
      ),
      yes(
        "explained",
        "I understand that my dentist will explain any treatment, its costs and risks before starting it, and ask for my agreement.",
      ),
      yes("anaesthetic", "I agree to local anaesthetic when my dentist advises it."),
      note("questions", "Any questions or wishes about your treatment?"),
    ],
  },
  {
    id: PRIVACY_CONSENT_ID,
    kind: "consent",
    sortOrder: 3,
    rule: { audience: "all", serviceId: null, frequency: "months", everyMonths: 24, minAge: 0 },
    title: "Privacy and communication",
    intro:
      "We keep your dental record, including your medical history, to care for you safely, as the law requires. Only the clinic's staff who care for you read it. You can download everything we hold about you under My data.",
    questions: [
      yes("record", "I understand how the clinic keeps my dental record."),
      yes("reminders", "Send me appointment reminders by e-mail."),
      yes("recall", "Invite me when my next check-up is due."),
    ],
  },
];

/** The data upgrade its migration asks for (PendingDataUpgrade). */
export const FORM_TEMPLATES_UPGRADE = "form-templates";

type Db = Pick<PrismaClient | Prisma.TransactionClient, "formTemplate">;

/** Writes the forms that are missing (by id); answers how many it wrote. */
export async function seedFormTemplates(db: Db): Promise<number> {
  let written = 0;
  for (const form of SEEDED_FORMS) {
    const exists = await db.formTemplate.findUnique({
      where: { id: form.id },
      select: { id: true },
    });
    if (exists) continue;
    await db.formTemplate.create({
      data: {
        id: form.id,
        kind: form.kind,
        sortOrder: form.sortOrder,
        ...form.rule,
        versions: {
          create: {
            number: 1,
            title: form.title,
            intro: form.intro,
            questions: JSON.stringify(form.questions),
          },
        },
      },
    });
    written += 1;
  }
  return written;
}
