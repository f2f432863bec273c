// Need-to-know for staff (issue 21 item 5, docs/decisions/043-need-to-know-for-staff.md): a
// dentist sees contact details, alerts and messages only of their own patients; every read
// that shows them (pages and API, lists included) is audited with its count; each staff
// account reads at most so many patients an hour, and reaching it is logged and refused.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loader as apiPatients } from "~/routes/api.staff.patients";
import { loader as apiVisits } from "~/routes/api.staff.appointments._index";
import { loader as visitLoader } from "~/routes/staff.appointments.$id";
import { loader as cardLoader } from "~/routes/staff.patients.$id";
import { loader as apiOutbox } from "~/routes/api.admin.outbox";
import { loader as outboxLoader } from "~/routes/staff.outbox";
import { loader as recallLoader } from "~/routes/staff.recall.$id";
import { loader as recallListLoader } from "~/routes/staff.recall._index";
import { loader as searchLoader } from "~/routes/staff.patients._index";
import { loader as diaryLoader } from "~/routes/staff._index";
import { clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { DistinctBucket } from "~/infra/distinct-limit.server";
import { patientReadsMessage, rateLimits } from "~/infra/rate-limit.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { diaryPageCards } from "../../support/diary-page";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import { actionArgs, get, loaderArgs, outcome, settle } from "../../support/auth-helpers";

const DATE = upcoming(TUESDAY, 6);
let dentist: { id: string; cookie: string; token: string };
let reception: { id: string; cookie: string; token: string };
let own: { id: string; phone: string; email: string };
let other: { id: string; phone: string; email: string };
let cancelledOnly: { id: string };
let ownVisit: string;
let otherVisit: string;

async function staff(role: "dentist" | "reception") {
  const user = await createUser({ role });
  return { id: user.id, ...(await sessionFor(user)) };
}

beforeAll(async () => {
  const service = await createService({ name: "Need-to-know check" });
  dentist = await staff("dentist");
  reception = await staff("reception");
  const first = await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } });
  await prisma.dentist.create({
    data: {
      id: "dentist-need-to-know",
      slug: "dr-need-to-know",
      name: "Dr. Need",
      title: "DDS",
      weeklyPlan: first.weeklyPlan,
      userId: dentist.id,
    },
  });
  const patient = async (name: string, phone: string) => {
    const user = await createUser({ name, phone });
    await prisma.user.update({
      where: { id: user.id },
      data: { phoneDigits: phone.replace(/\D/g, ""), allergies: `${name}'s allergy` },
    });
    return { id: user.id, phone, email: user.email };
  };
  own = await patient("Olive Own", "+1 555 0601");
  other = await patient("Otto Other", "+1 555 0602");
  cancelledOnly = await patient("Cora Cancelled", "+1 555 0603");
  const stored = async (userId: string, dentistId: string, time: string, status = "booked") =>
    (
      await storeAppointment({
        userId,
        serviceId: service.id,
        date: DATE,
        time,
        dentistId,
        status,
      })
    ).id;
  ownVisit = await stored(own.id, "dentist-need-to-know", "09:00");
  otherVisit = await stored(other.id, FIRST_DENTIST, "10:00");
  // A booking cancelled before it happened makes no patient of the dentist's.
  await stored(cancelledOnly.id, "dentist-need-to-know", "11:00", "cancelled");
});

afterEach(async () => {
  await rateLimits().patientReads.forget(dentist.id);
  await rateLimits().patientReads.forget(reception.id);
});

const card = async (patientId: string, cookie: string) =>
  outcome(
    await cardLoader(loaderArgs(get(`/staff/patients/${patientId}`, cookie), { id: patientId })),
  );

const api = async (
  loader: typeof apiPatients,
  path: string,
  token: string,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> => {
  const request = new Request(`http://localhost${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const response = (await loader(actionArgs(request))) as Response;
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
};

const audits = (actorId: string, action: string) =>
  prisma.auditEntry.findMany({ where: { actorId, action }, orderBy: { at: "asc" } });

describe("a dentist's patients", () => {
  it("shows a dentist contact details and alerts on their own patient's card only", async () => {
    expect((await card(own.id, dentist.cookie)).body).toMatchObject({
      card: { details: { phone: own.phone, email: own.email, allergies: "Olive Own's allergy" } },
    });
    for (const patientId of [other.id, cancelledOnly.id]) {
      const page = await card(patientId, dentist.cookie);
      expect(page.body).toMatchObject({ card: { details: null } });
      expect(JSON.stringify(page.body)).not.toMatch(/555 060|allergy|@example\.com/);
    }
    expect((await card(other.id, reception.cookie)).body).toMatchObject({
      card: { details: { phone: other.phone } },
    });
  });

  it("finds a dentist only their own patients, by the page and the API, even by an exact number", async () => {
    const page = await outcome(
      await searchLoader(loaderArgs(get("/staff/patients?q=555%200602", dentist.cookie))),
    );
    expect(page.body).toMatchObject({ ownOnly: true, patients: [] });
    const mine = await api(apiPatients, "/api/staff/patients?q=Olive", dentist.token);
    expect(mine.body.patients).toEqual([expect.objectContaining({ id: own.id, phone: own.phone })]);
    const theirs = await api(apiPatients, "/api/staff/patients?q=Otto%20Other", dentist.token);
    expect(theirs.body.patients).toEqual([]);
    const desk = await api(apiPatients, "/api/staff/patients?q=555%20060", reception.token);
    expect((desk.body.patients as { id: string }[]).map((p) => p.id).sort()).toEqual(
      [own.id, other.id, cancelledOnly.id].sort(),
    );
  });

  it("lists a day's visits to a dentist with contact and message only on their own patients' visits", async () => {
    const answer = await api(apiVisits, `/api/staff/appointments?date=${DATE}`, dentist.token);
    expect(answer.status).toBe(200);
    const visits = answer.body.appointments as {
      _id: string;
      phone: string;
      email: string;
      message: string;
    }[];
    expect(visits.find((visit) => visit._id === ownVisit)).toMatchObject({
      phone: "+1 555 0100",
      message: "Written by a test.",
    });
    expect(visits.find((visit) => visit._id === otherVisit)).toMatchObject({
      phone: "",
      email: "",
      message: "",
    });
    const [entry] = (await audits(dentist.id, "patient.list")).slice(-1);
    expect(JSON.parse(entry!.after!)).toEqual({ count: 1 });
  });

  it("shows the visit page's contact, message and alerts only for the dentist's own patient", async () => {
    const page = async (id: string) =>
      outcome(
        await visitLoader(loaderArgs(get(`/staff/appointments/${id}`, dentist.cookie), { id })),
      );
    expect((await page(ownVisit)).body).toMatchObject({
      contactShown: true,
      alerts: { allergies: "Olive Own's allergy" },
      appointment: { phone: "+1 555 0100", message: "Written by a test." },
    });
    const hidden = await page(otherVisit);
    expect(hidden.body).toMatchObject({
      contactShown: false,
      alerts: null,
      mailedTo: null,
      appointment: { phone: "", email: "", message: "" },
      patient: { email: "", phone: "" },
    });
    expect(JSON.stringify(hidden.body)).not.toMatch(/Otto Other's allergy|Written by a test/);
  });
});

describe("a visit's staff note (issue 31 item 3)", () => {
  it("follows the message: withheld from a dentist who does not treat the patient, read with an audited, counted read otherwise", async () => {
    for (const [id, note] of [
      [ownVisit, "Own patient: nervous, numb slowly"],
      [otherVisit, "Other patient: owes a payment"],
    ] as const) {
      await prisma.appointment.update({ where: { id }, data: { staffNote: note } });
    }
    const listed = await api(apiVisits, `/api/staff/appointments?date=${DATE}`, dentist.token);
    const visits = listed.body.appointments as { _id: string; staffNote: string }[];
    expect(visits.find((visit) => visit._id === ownVisit)?.staffNote).toBe(
      "Own patient: nervous, numb slowly",
    );
    expect(visits.find((visit) => visit._id === otherVisit)?.staffNote).toBe("");
    expect(JSON.stringify(listed.body)).not.toContain("owes a payment");
    // The one read it showed (the dentist's own patient) is audited and counted.
    const [listEntry] = (await audits(dentist.id, "patient.list")).slice(-1);
    expect(JSON.parse(listEntry!.after!)).toEqual({ count: 1 });
    expect(await rateLimits().patientReads.count(dentist.id)).toBe(1);

    const page = async (id: string) =>
      outcome(
        await visitLoader(loaderArgs(get(`/staff/appointments/${id}`, dentist.cookie), { id })),
      );
    const hidden = await page(otherVisit);
    expect(hidden.body).toMatchObject({ contactShown: false, appointment: { staffNote: "" } });
    expect(JSON.stringify(hidden.body)).not.toContain("owes a payment");
    const shown = await page(ownVisit);
    expect(shown.body).toMatchObject({
      contactShown: true,
      appointment: { staffNote: "Own patient: nervous, numb slowly" },
    });
    const [viewEntry] = (await audits(dentist.id, "appointment.view")).slice(-1);
    expect(viewEntry).toMatchObject({ entityId: ownVisit, patientId: own.id });

    // The desk reads every visit's note, as every message.
    const desk = await api(apiVisits, `/api/staff/appointments?date=${DATE}`, reception.token);
    const deskVisits = desk.body.appointments as { _id: string; staffNote: string }[];
    expect(deskVisits.find((visit) => visit._id === otherVisit)?.staffNote).toBe(
      "Other patient: owes a payment",
    );
  });
});

describe("the diary", () => {
  const diaryPage = async (cookie: string, scope = "") =>
    outcome(await diaryLoader(loaderArgs(get(`/staff?date=${DATE}${scope}`, cookie))));
  const cards = (body: Record<string, unknown> | null) =>
    new Map(diaryPageCards(body).map((visit) => [visit._id, visit]));

  it("shows a dentist the message and alerts of their own patients' visits only, and sends no one's contact details", async () => {
    await prisma.appointment.updateMany({
      where: { id: { in: [ownVisit, otherVisit] } },
      data: { message: "Please mind my sore tooth" },
    });
    const clinic = await diaryPage(dentist.cookie, "&scope=clinic");
    expect(clinic.status).toBe(200);
    const shown = cards(clinic.body);
    expect(shown.get(ownVisit)).toMatchObject({
      message: "Please mind my sore tooth",
      alerts: { allergies: "Olive Own's allergy" },
    });
    // A card whose patient is not the dentist's carries neither (not even empty).
    expect(shown.get(otherVisit)).toBeDefined();
    expect(shown.get(otherVisit)).not.toHaveProperty("message");
    expect(shown.get(otherVisit)).not.toHaveProperty("alerts");
    // Nothing of the other dentist's patient reaches the page's data: no address, no number,
    // no allergy; and nobody's contact details at all (the cards and lists show none).
    const data = JSON.stringify(clinic.body);
    expect(data).not.toContain("Otto Other's allergy");
    for (const patient of [own, other]) {
      expect(data).not.toContain(patient.email);
      expect(data).not.toContain(patient.phone);
    }
    const [read] = (await audits(dentist.id, "patient.list")).slice(-1);
    expect(read).toMatchObject({ entityType: "appointment" });
    expect(read!.summary).toContain("Opened the diary");
    expect(JSON.parse(read!.after!).count).toBe(1);
  });

  it("shows the desk every patient's alerts, and past the hourly bound none, saying why", async () => {
    // A desk of its own: reaching the bound here is logged once for this account.
    const { cookie } = await staff("reception");
    const desk = cards((await diaryPage(cookie)).body);
    expect(desk.get(otherVisit)).toMatchObject({ alerts: { allergies: "Otto Other's allergy" } });
    // The message is the dentist's, on their own day; the desk reads it on the visit's page.
    expect(desk.get(otherVisit)).not.toHaveProperty("message");
    const limits = rateLimits();
    const original = limits.patientReads;
    limits.patientReads = new DistinctBucket(1, 3600, patientReadsMessage);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const page = await diaryPage(cookie);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ diary: { detailsWithheld: patientReadsMessage(3600) } });
      expect(cards(page.body).size).toBeGreaterThan(0);
      expect([...cards(page.body).values()].every((visit) => !("alerts" in visit))).toBe(true);
    } finally {
      limits.patientReads = original;
      warn.mockRestore();
    }
  });
});

describe("the audit of reads", () => {
  it("records every read that shows contact details, lists with their count", async () => {
    const before = await prisma.auditEntry.count({ where: { actorId: reception.id } });
    await card(own.id, reception.cookie);
    await searchLoader(loaderArgs(get("/staff/patients?q=555%20060", reception.cookie)));
    await api(apiPatients, "/api/staff/patients?q=Olive", reception.token);
    await api(apiVisits, `/api/staff/appointments?date=${DATE}`, reception.token);
    await visitLoader(
      loaderArgs(get(`/staff/appointments/${ownVisit}`, reception.cookie), { id: ownVisit }),
    );
    const entries = await prisma.auditEntry.findMany({
      where: { actorId: reception.id },
      orderBy: { at: "asc" },
      skip: before,
    });
    expect(entries.map((entry) => [entry.action, JSON.parse(entry.after!).count])).toEqual([
      ["patient.view", 1],
      ["patient.list", 3],
      ["patient.list", 1],
      // The day's three visits, the cancelled one's patient too: the desk sees all three.
      ["patient.list", 3],
      ["appointment.view", 1],
    ]);
  });
});

describe("the recall screens", () => {
  it("audit their reads of patients' contact details too", async () => {
    const recall = await prisma.patientRecall.create({
      data: {
        userId: own.id,
        recallTypeId: (await prisma.recallType.findFirstOrThrow()).id,
        // Due today: on the desk's list of this month's recalls.
        dueDate: clinicNow().date,
      },
    });
    await recallListLoader(loaderArgs(get("/staff/recall", reception.cookie)));
    await recallLoader(
      loaderArgs(get(`/staff/recall/${recall.id}`, reception.cookie), { id: recall.id }),
    );
    const [list] = (await audits(reception.id, "patient.list")).slice(-1);
    expect(list).toMatchObject({ entityType: "recall" });
    expect(JSON.parse(list!.after!).count).toBeGreaterThanOrEqual(1);
    const [view] = (await audits(reception.id, "patient.view")).slice(-1);
    expect(view).toMatchObject({ entityType: "recall", entityId: recall.id, patientId: own.id });
  });
});

describe("the failed-mail screen and API", () => {
  it("audit the patients' addresses they show", async () => {
    await prisma.outboxMessage.create({
      data: {
        dedupeKey: `need-to-know:${Date.now()}`,
        kind: "booking",
        toAddress: own.email,
        subject: "Your visit",
        text: "Hello",
        status: "failed",
        attempts: 5,
        lastError: "550 Mailbox unavailable",
        userId: own.id,
      },
    });
    await outboxLoader(loaderArgs(get("/staff/outbox", reception.cookie)));
    const [page] = (await audits(reception.id, "patient.list")).slice(-1);
    expect(page).toMatchObject({ entityType: "outbox", patientId: own.id });
    const listed = await api(apiOutbox, "/api/admin/outbox?status=failed", reception.token);
    expect(listed.status).toBe(200);
    const [answer] = (await audits(reception.id, "patient.list")).slice(-1);
    expect(answer).toMatchObject({ entityType: "outbox" });
    expect(answer!.id).not.toBe(page!.id);
  });
});

describe("the hourly bound of patients read", () => {
  it("refuses the next new patient with a clear message (429 on the API), logs it once, and lets the same ones be read again", async () => {
    const limits = rateLimits();
    const original = limits.patientReads;
    limits.patientReads = new DistinctBucket(2, 3600, patientReadsMessage);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect((await card(own.id, reception.cookie)).status).toBe(200);
      expect((await card(other.id, reception.cookie)).status).toBe(200);
      const refused = await card(cancelledOnly.id, reception.cookie);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(refused.body).toMatchObject({ card: null, refusal: patientReadsMessage(3600) });
      // The same two again: not new, so not refused.
      expect((await card(own.id, reception.cookie)).status).toBe(200);

      const overApi = await api(apiPatients, "/api/staff/patients?q=Cora", reception.token);
      expect(overApi.status).toBe(429);
      expect(overApi.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(overApi.body).toEqual({ success: false, message: patientReadsMessage(3600) });
      const visitPage = await settle(() =>
        visitLoader(
          loaderArgs(get(`/staff/appointments/${ownVisit}`, reception.cookie), { id: ownVisit }),
        ),
      );
      expect(visitPage.status).toBe(200);

      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain(reception.id);
      expect(await audits(reception.id, "patient.read_limit")).toHaveLength(1);
      // Another staff member is not affected.
      expect((await card(cancelledOnly.id, (await staff("reception")).cookie)).status).toBe(200);
    } finally {
      limits.patientReads = original;
      warn.mockRestore();
    }
  });
});
