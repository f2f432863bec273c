// Patient records (issue 23, docs/decisions/042-patient-records-and-merges.md): the phone
// kept from bookings and the waiting list, the search, records without e-mail, staff's
// edits with their audit entry, medical alerts and the clinic's note, the card's visit
// lists and merges; against a real SQLite file through the pages' loaders and actions.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { bookAtDesk } from "~/models/front-desk/booking.server";
import { exportMyData } from "~/models/accounts/my-data.server";
import { createCallerRecord } from "~/models/patients/edit.server";
import { MERGE_MESSAGES, mergePatients } from "~/models/patients/merge.server";
import { patientCard, splitVisits } from "~/models/patients/card.server";
import { searchPatients } from "~/models/patients/search.server";
import { joinWaitlist } from "~/models/waitlist/waitlist.server";
import { loginUser } from "~/models/accounts/user.server";
import { action as cardAction, loader as cardLoader } from "~/routes/staff.patients.$id";
import { action as mergeAction, loader as mergeLoader } from "~/routes/staff.patients.$id_.merge";
import { action as bookingAction, loader as bookingLoader } from "~/routes/staff.bookings.new";
import { auditActionLabel } from "~/models/audit/labels";
import { addDays, clinicNow } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { isNoEmailAddress } from "~/models/patients/no-email";
import { PATIENT_MESSAGES } from "~/validation/patient";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { onOtherConnection } from "../../support/sql";
import { TEST_PASSWORD } from "../../support/test-password";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import {
  actionArgs,
  formPost,
  get,
  loaderArgs,
  outcome,
  settle,
  toastOf,
} from "../../support/auth-helpers";

let service: { id: string };
let reception: { id: string; role: "reception" };
let receptionCookie: string;
let admin: { id: string; role: "admin" };
let adminCookie: string;
let dentistCookie: string;

beforeAll(async () => {
  service = await createService({ name: "Records Check-up", durationMinutes: 30 });
  await prisma.dentistService.create({ data: { dentistId: FIRST_DENTIST, serviceId: service.id } });
  const desk = await createUser({ role: "reception", name: "Rhea Reception" });
  reception = { id: desk.id, role: "reception" };
  receptionCookie = (await sessionFor(desk)).cookie;
  const boss = await createUser({ role: "admin", name: "Ada Admin" });
  admin = { id: boss.id, role: "admin" };
  adminCookie = (await sessionFor(boss)).cookie;
  dentistCookie = (await sessionFor(await createUser({ role: "dentist" }))).cookie;
});

const today = () => clinicNow(new Date()).date;

describe("the phone a patient gives", () => {
  it("is kept on the patient from the waiting list, as from a booking", async () => {
    const patient = await createUser({ name: "Wanda Waiting" });
    const joined = await joinWaitlist(patient.id, {
      service: service.id,
      fromDate: addDays(today(), 1),
      toDate: addDays(today(), 5),
      phone: "+1 (555) 013-7788",
    });
    expect(joined.ok).toBe(true);
    expect(
      await prisma.user.findUniqueOrThrow({
        where: { id: patient.id },
        select: { phone: true, phoneDigits: true },
      }),
    ).toEqual({ phone: "+1 (555) 013-7788", phoneDigits: "15550137788" });
    expect((await searchPatients("555 013 7788")).map((match) => match.id)).toContain(patient.id);
  });
});

describe("the search", () => {
  it("finds by name words in any order, phone digits however typed, e-mail and date of birth", async () => {
    const carla = await createUser({ name: "Carla Marquez", phone: "(555) 123-4567" });
    await prisma.user.update({
      where: { id: carla.id },
      data: { phoneDigits: "5551234567", dateOfBirth: "1980-05-17" },
    });
    const dora = await createUser({ name: "Dora Digits", phone: "+1 555 0199" });
    await prisma.user.update({ where: { id: dora.id }, data: { phoneDigits: "15550199" } });
    const ids = async (query: string) => (await searchPatients(query)).map((match) => match.id);
    for (const query of [
      "marquez carla",
      "Carla Marquez",
      "555 123",
      "+1 555 123 4567",
      "5551234567",
      carla.email.toUpperCase(),
      "1980-05-17",
      "05/17/1980",
    ]) {
      expect(await ids(query), query).toContain(carla.id);
    }
    expect(await ids("5550199")).toContain(dora.id);
    expect(await ids("Marquez Zed")).not.toContain(carla.id);
    expect(await ids("1980-05-18")).not.toContain(carla.id);
    // The clinic's locale decides the order of a typed date: 17.05.1980 in Germany.
    expect((await searchPatients("17.05.1980", { locale: "de-DE" })).map((m) => m.id)).toContain(
      carla.id,
    );
  });
});

describe("a caller without an e-mail address", () => {
  it("gets a record and a booking through the screen without JavaScript, and no mail", async () => {
    const created = await outcome(
      await bookingAction(
        actionArgs(
          formPost(
            "/staff/bookings/new",
            { intent: "create-patient", name: "Nora Nomail", email: "", phone: "+1 555 0177" },
            receptionCookie,
          ),
        ),
      ),
    );
    expect(created.status).toBe(302);
    const patientId = new URL(created.location!, "http://x").searchParams.get("patient")!;
    const record = await prisma.user.findUniqueOrThrow({ where: { id: patientId } });
    expect(isNoEmailAddress(record.email)).toBe(true);

    const page = await outcome(
      await bookingLoader(
        loaderArgs(get(`/staff/bookings/new?patient=${patientId}`, receptionCookie)),
      ),
    );
    expect(page.body).toMatchObject({ patient: { id: patientId, email: "" }, mailTo: null });
    // Nor does the search show or match the stand-in address.
    expect(await searchPatients("no-email")).toEqual([]);
    expect((await searchPatients("Nora Nomail"))[0]).toMatchObject({ email: "" });

    const booked = await bookAtDesk(reception, {
      patient: patientId,
      service: service.id,
      dentist: FIRST_DENTIST,
      date: upcoming(TUESDAY, 2),
      time: "10:00",
    });
    expect(booked).toMatchObject({ ok: true, mailedTo: null });
    if (!booked.ok) return;
    expect(booked.message).toContain("No confirmation was mailed");
    expect(booked.appointment.email).toBe("");
    expect(await prisma.outboxMessage.count({ where: { userId: patientId } })).toBe(0);
  });

  it("still refuses an e-mail address that is malformed or already on file", async () => {
    const bad = await createCallerRecord(reception, {
      name: "Bad Mail",
      email: "x@",
      phone: "+1 555 0100",
    });
    expect(bad).toMatchObject({ ok: false, field: "email" });
    const taken = await createUser();
    const again = await createCallerRecord(reception, {
      name: "Taken Mail",
      email: taken.email,
      phone: "+1 555 0100",
    });
    expect(again).toMatchObject({ ok: false, status: 409 });
  });
});

function postDetails(patientId: string, fields: Record<string, string>, cookie = receptionCookie) {
  return cardAction(
    actionArgs(
      formPost(`/staff/patients/${patientId}`, { intent: "details", ...fields }, cookie),
      undefined,
      { id: patientId },
    ),
  );
}

const details = (patient: { name: string; email: string }, more: Record<string, string> = {}) => ({
  name: patient.name,
  email: patient.email,
  phone: "",
  dateOfBirth: "",
  address: "",
  allergies: "",
  conditions: "",
  staffNote: "",
  ...more,
});

describe("staff edit a patient's details", () => {
  it("saves name, phone, date of birth, address, alerts and note with an audit entry in labels", async () => {
    const record = await createCallerRecord(reception, {
      name: "Edna Edit",
      email: `edna-${Date.now()}@example.com`,
      phone: "+1 555 0101",
    });
    if (!record.ok) throw new Error(record.message);
    const id = record.patientId;
    const current = await prisma.user.findUniqueOrThrow({ where: { id } });
    const saved = await outcome(
      await postDetails(
        id,
        details(current, {
          phone: "+1 555 0202",
          dateOfBirth: "1975-03-02",
          address: "1 Main Street",
          allergies: "Penicillin",
          conditions: "Takes warfarin",
          staffNote: "Prefers mornings",
        }),
      ),
    );
    expect(saved.status).toBe(302);
    expect(await toastOf(saved.headers)).toEqual({
      type: "success",
      message: "Saved: phone, date of birth, address, allergies, conditions, the clinic's note.",
    });
    const after = await prisma.user.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({
      phone: "+1 555 0202",
      phoneDigits: "15550202",
      dateOfBirth: "1975-03-02",
      allergies: "Penicillin",
      staffNote: "Prefers mornings",
    });
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { action: "patient.update", patientId: id },
    });
    expect(entry.summary).toBe(
      "Changed the patient's phone, date of birth, address, allergies, conditions and the clinic's note",
    );
    expect(auditActionLabel(entry.action)).toBe("Changed a patient's details");
    // Contact fields are copied (a deletion empties them); health data and the note are not.
    expect(JSON.parse(entry.after!)).toEqual({ phone: "+1 555 0202", address: "1 Main Street" });
    expect(entry.before).not.toContain("Penicillin");
    expect(entry.after).not.toContain("Penicillin");
  });

  it("refuses bad input with its message and keeps what was typed; a dentist cannot post", async () => {
    const patient = await createUser({ name: "Rudy Refused" });
    const future = addDays(today(), 1);
    const refused = await outcome(
      await postDetails(patient.id, details(patient, { dateOfBirth: future })),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: PATIENT_MESSAGES.dateOfBirth,
      field: "dateOfBirth",
      values: { dateOfBirth: future },
    });
    for (const date of [
      "0000-01-01",
      "1899-12-31",
      "9999-12-31",
      "275760-09-13",
      "2027-02-29",
      "junk",
    ]) {
      const answer = await outcome(
        await postDetails(patient.id, details(patient, { dateOfBirth: date })),
      );
      expect(answer, date).toMatchObject({
        status: 400,
        body: { error: PATIENT_MESSAGES.dateOfBirth },
      });
    }
    expect((await prisma.user.findUniqueOrThrow({ where: { id: patient.id } })).dateOfBirth).toBe(
      "",
    );
    const other = await createUser();
    const signsIn = await outcome(
      await postDetails(patient.id, details(patient, { email: other.email })),
    );
    expect(signsIn).toMatchObject({ status: 409, body: { field: "email" } });
    const desk = await createCallerRecord(reception, {
      name: "Desk Made",
      email: "",
      phone: "+1 555 0100",
      anyway: "yes",
    });
    if (!desk.ok) throw new Error(desk.message);
    const taken = await outcome(
      await postDetails(desk.patientId, details({ name: "Desk Made", email: other.email })),
    );
    expect(taken).toMatchObject({ status: 409, body: { field: "email" } });
    const byDentist = await settle(() =>
      postDetails(patient.id, details(patient, { allergies: "x" }), dentistCookie),
    );
    expect(byDentist.status).toBe(403);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: patient.id } })).allergies).toBe("");
  });

  it("gives the patient a desk record's address once staff add it, and mails go there", async () => {
    const desk = await createCallerRecord(reception, {
      name: "Later Mail",
      email: "",
      phone: "+1 555 0100",
      anyway: "yes",
    });
    if (!desk.ok) throw new Error(desk.message);
    const email = `later-${Date.now()}@example.com`;
    const saved = await outcome(
      await postDetails(
        desk.patientId,
        details({ name: "Later Mail", email }, { phone: "+1 555 0100" }),
      ),
    );
    expect(saved.status).toBe(302);
    expect((await searchPatients(email))[0]).toMatchObject({ id: desk.patientId, email });
  });
});

describe("the card", () => {
  it("lists a cancelled visit still ahead apart from past ones, and a visit under way as upcoming", () => {
    const now = new Date("2030-06-10T12:00:00Z");
    const at = (iso: string, minutes = 30) => ({
      startsAt: new Date(iso),
      endsAt: new Date(new Date(iso).getTime() + minutes * 60_000),
    });
    // Soonest first, as the card reads them.
    const visits = [
      { id: "cancelled-before", status: "cancelled", ...at("2030-05-01T10:00:00Z") },
      { id: "past", status: "completed", ...at("2030-06-01T10:00:00Z") },
      { id: "missed", status: "no_show", ...at("2030-06-02T10:00:00Z") },
      { id: "under-way", status: "checked_in", ...at("2030-06-10T11:45:00Z") },
      { id: "ahead", status: "booked", ...at("2030-06-20T10:00:00Z") },
      { id: "cancelled-ahead", status: "cancelled", ...at("2030-06-21T10:00:00Z") },
    ];
    const split = splitVisits(visits, now);
    expect(split.upcoming.map((visit) => visit.id)).toEqual(["under-way", "ahead"]);
    expect(split.cancelled.map((visit) => visit.id)).toEqual(["cancelled-ahead"]);
    expect(split.past.map((visit) => visit.id)).toEqual(["missed", "past", "cancelled-before"]);
  });

  it("shows alerts and the note to the desk through the page, the read audited", async () => {
    const patient = await createUser({ name: "Alma Alert" });
    await prisma.user.update({
      where: { id: patient.id },
      data: { allergies: "Latex", staffNote: "Anxious: explain each step" },
    });
    const ahead = await storeAppointment({
      userId: patient.id,
      serviceId: service.id,
      date: upcoming(TUESDAY, 3),
      time: "09:00",
      status: "cancelled",
    });
    const page = await outcome(
      await cardLoader(
        loaderArgs(get(`/staff/patients/${patient.id}`, receptionCookie), { id: patient.id }),
      ),
    );
    expect(page.body).toMatchObject({
      card: {
        details: { allergies: "Latex", staffNote: "Anxious: explain each step" },
        cancelled: [{ id: ahead.id }],
        past: [],
        may: { edit: true, merge: false },
      },
    });
    expect(
      await prisma.auditEntry.count({
        where: { action: "patient.view", patientId: patient.id, actorId: reception.id },
      }),
    ).toBe(1);
  });
});

describe("the clinic's note and alerts", () => {
  it("never reach the patient's mail, and are in the patient's own data export", async () => {
    const patient = await createUser({ name: "Nell Note" });
    await prisma.user.update({
      where: { id: patient.id },
      data: { staffNote: "Secret desk remark", allergies: "Iodine" },
    });
    const booked = await bookAtDesk(reception, {
      patient: patient.id,
      service: service.id,
      dentist: FIRST_DENTIST,
      date: upcoming(TUESDAY, 4),
      time: "11:00",
    });
    expect(booked.ok).toBe(true);
    const mails = await prisma.outboxMessage.findMany({ where: { userId: patient.id } });
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(`${mail.subject} ${mail.text} ${mail.html ?? ""}`).not.toMatch(
        /Secret desk remark|Iodine/,
      );
    }
    const exported = await exportMyData(patient);
    expect(exported.ok && exported.document.profile).toMatchObject({
      clinicNote: "Secret desk remark",
      medicalAlerts: { allergies: "Iodine", conditions: "" },
    });
  });
});

describe("merging duplicates", () => {
  it("moves visits, reviews, recalls and the waiting list to the kept record, with an audit entry", async () => {
    const kept = await createUser({ name: "Mary Merge", phone: "" });
    await prisma.user.update({ where: { id: kept.id }, data: { allergies: "Penicillin" } });
    const desk = await createCallerRecord(reception, {
      name: "Mary Merge",
      email: "",
      phone: "+1 555 0303",
    });
    if (!desk.ok) throw new Error(desk.message);
    const duplicateId = desk.patientId;
    await prisma.user.update({
      where: { id: duplicateId },
      data: { allergies: "Latex", dateOfBirth: "1990-01-02" },
    });
    const visit = await storeAppointment({
      userId: duplicateId,
      serviceId: service.id,
      date: upcoming(TUESDAY, 5),
      time: "09:30",
    });
    await prisma.review.create({
      data: {
        name: "Mary",
        message: "Kind",
        rating: 5,
        serviceId: service.id,
        userId: duplicateId,
      },
    });
    const type = await prisma.recallType.create({
      data: { name: `Merge recall ${Date.now()}`, intervalMonths: 6 },
    });
    await prisma.patientRecall.create({
      data: { userId: duplicateId, recallTypeId: type.id, dueDate: addDays(today(), 90) },
    });
    await prisma.waitlistEntry.create({
      data: {
        userId: duplicateId,
        serviceId: service.id,
        fromDate: today(),
        toDate: addDays(today(), 3),
        phone: "+1 555 0303",
      },
    });

    const preview = await outcome(
      await mergeLoader(
        loaderArgs(get(`/staff/patients/${kept.id}/merge?duplicate=${duplicateId}`, adminCookie), {
          id: kept.id,
        }),
      ),
    );
    expect(preview.body).toMatchObject({
      preview: { counts: { visits: 1, reviews: 1, recalls: 1, waitlist: 1 } },
    });
    const merged = await outcome(
      await mergeAction(
        actionArgs(
          formPost(`/staff/patients/${kept.id}/merge`, { duplicate: duplicateId }, adminCookie),
          undefined,
          { id: kept.id },
        ),
      ),
    );
    expect(merged).toMatchObject({ status: 302, location: `/staff/patients/${kept.id}` });
    expect(await prisma.user.findUnique({ where: { id: duplicateId } })).toBeNull();
    expect((await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } })).userId).toBe(
      kept.id,
    );
    expect(await prisma.review.count({ where: { userId: kept.id } })).toBe(1);
    expect(await prisma.patientRecall.count({ where: { userId: kept.id } })).toBe(1);
    expect(await prisma.waitlistEntry.count({ where: { userId: kept.id } })).toBe(1);
    expect(await prisma.user.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({
      phone: "+1 555 0303",
      dateOfBirth: "1990-01-02",
      allergies: "Penicillin\nLatex",
    });
    // The duplicate's history now reads on the kept record, the merge's entry first.
    const trail = await prisma.auditEntry.findMany({
      where: { patientId: kept.id },
      orderBy: { at: "asc" },
    });
    expect(trail.map((entry) => entry.action)).toEqual(["patient.create", "patient.merge"]);
    expect(trail[1]!.summary).toBe(
      "Merged a duplicate record into the patient's: 1 visits, 1 reviews, 1 recalls and 1 waiting-list entries moved",
    );
  });

  it("refuses two records that both sign in, keeps the one that does, and is an admin's act", async () => {
    const [one, two] = [await createUser(), await createUser()];
    expect(await mergePatients(admin, one.id, two.id)).toMatchObject({
      ok: false,
      status: 409,
      message: MERGE_MESSAGES.bothSignIn,
    });
    const desk = await createCallerRecord(reception, {
      name: "Desk Twin",
      email: "",
      phone: "+1 555 0100",
      anyway: "yes",
    });
    if (!desk.ok) throw new Error(desk.message);
    expect(await mergePatients(admin, desk.patientId, one.id)).toMatchObject({
      ok: false,
      message: MERGE_MESSAGES.keepAccount,
    });
    expect(await mergePatients(admin, one.id, one.id)).toMatchObject({ ok: false, status: 400 });
    expect(await mergePatients(reception, one.id, desk.patientId)).toMatchObject({
      ok: false,
      status: 403,
    });
    const byDesk = await settle(() =>
      mergeAction(
        actionArgs(
          formPost(
            `/staff/patients/${one.id}/merge`,
            { duplicate: desk.patientId },
            receptionCookie,
          ),
          undefined,
          { id: one.id },
        ),
      ),
    );
    expect(byDesk.status).toBe(403);
    expect(
      await prisma.user.count({ where: { id: { in: [one.id, two.id, desk.patientId] } } }),
    ).toBe(3);
  });
});

describe("a merge never hands a caller's record to a stranger (issue 31 item 1)", () => {
  let callers = 0;
  /** A desk-made caller with an address, a phone, a birth date, alerts and a visit. */
  async function victor(email = `victor-${Date.now()}@example.com`) {
    callers += 1;
    const desk = await createCallerRecord(reception, {
      name: "Victor Caller",
      email,
      phone: "+1 555 0177",
      // Each test makes its own Victor: the desk has seen the earlier ones.
      anyway: "yes",
    });
    if (!desk.ok) throw new Error(desk.message);
    await prisma.user.update({
      where: { id: desk.patientId },
      data: { dateOfBirth: "1970-03-04", allergies: "Penicillin" },
    });
    const visit = await storeAppointment({
      userId: desk.patientId,
      serviceId: service.id,
      date: upcoming(TUESDAY, 7),
      time: `1${callers}:00`,
    });
    return { id: desk.patientId, email, visit };
  }

  it("keeps the address of a record that signs in: the caller's address never signs in with another's password", async () => {
    // An account made before registration refused the desk's stand-in domain, its address
    // even confirmed: it looks like a desk record "without e-mail".
    const eve = await createUser({
      name: "Eve",
      email: `eve-${Date.now()}@no-email.invalid`,
      emailVerifiedAt: new Date(),
    });
    const caller = await victor();
    const preview = await outcome(
      await mergeLoader(
        loaderArgs(get(`/staff/patients/${eve.id}/merge?duplicate=${caller.id}`, adminCookie), {
          id: eve.id,
        }),
      ),
    );
    expect(preview.body).toMatchObject({
      preview: {
        keep: { signsIn: true, verified: true },
        duplicate: { email: caller.email, signsIn: false, verified: false },
      },
    });
    expect((await mergePatients(admin, eve.id, caller.id)).ok).toBe(true);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: eve.id } })).email).toBe(eve.email);
    const login = await loginUser(
      { email: caller.email, password: TEST_PASSWORD },
      { clientIp: "198.51.100.231" },
    );
    expect(login).toMatchObject({ ok: false, status: 401 });
  });

  it("refuses to merge into an account whose owner never confirmed its address", async () => {
    // A stranger registered the caller's real address (they cannot confirm it), or the
    // desk's stand-in domain before it was refused: either way, unconfirmed.
    for (const email of [`victor-real-${Date.now()}@example.com`, "eve@no-email.invalid"]) {
      const stranger = await createUser({ name: "Stranger", email, emailVerifiedAt: null });
      const caller = await victor(`victor-desk-${Date.now()}@example.com`);
      expect(await mergePatients(admin, stranger.id, caller.id)).toMatchObject({
        ok: false,
        status: 409,
        message: MERGE_MESSAGES.unverified,
      });
      const page = await outcome(
        await mergeLoader(
          loaderArgs(
            get(`/staff/patients/${stranger.id}/merge?duplicate=${caller.id}`, adminCookie),
            { id: stranger.id },
          ),
        ),
      );
      expect(page.body).toMatchObject({
        problem: MERGE_MESSAGES.unverified,
        preview: { keep: { verified: false }, mergeable: false },
      });
      const posted = await settle(() =>
        mergeAction(
          actionArgs(
            formPost(`/staff/patients/${stranger.id}/merge`, { duplicate: caller.id }, adminCookie),
            undefined,
            { id: stranger.id },
          ),
        ),
      );
      expect(posted.status).toBe(409);
      expect(
        await prisma.appointment.findUniqueOrThrow({ where: { id: caller.visit.id } }),
      ).toMatchObject({
        userId: caller.id,
      });
      expect(await prisma.user.findUniqueOrThrow({ where: { id: stranger.id } })).toMatchObject({
        email,
        phone: "",
        dateOfBirth: "",
        allergies: "",
      });
    }
  });
});

describe("a merge reads both records inside its transaction (issue 31 item 4)", () => {
  it("keeps an allergy the desk added after the admin opened the merge", async () => {
    const kept = await createUser({ name: "Lucy Lost", phone: "" });
    await prisma.user.update({ where: { id: kept.id }, data: { allergies: "Penicillin" } });
    const desk = await createCallerRecord(reception, {
      name: "Lucy Lost",
      email: "",
      phone: "+1 555 0404",
    });
    if (!desk.ok) throw new Error(desk.message);
    // The desk's edit is committed from a connection of its own at the one point where
    // the merge might have read already: as the merge's transaction opens. Whatever the
    // merge read before then is stale.
    const begin = prisma.$transaction.bind(prisma);
    const opened = vi.spyOn(prisma, "$transaction").mockImplementationOnce((async (
      ...args: Parameters<typeof prisma.$transaction>
    ) => {
      await onOtherConnection(
        'UPDATE "User" SET "allergies" = ? WHERE "id" = ?',
        "Penicillin\nLatex",
        kept.id,
      );
      return begin(...args);
    }) as typeof prisma.$transaction);
    try {
      expect((await mergePatients(admin, kept.id, desk.patientId)).ok).toBe(true);
      expect(opened).toHaveBeenCalledTimes(1);
    } finally {
      opened.mockRestore();
    }
    expect(
      (await prisma.user.findUniqueOrThrow({ where: { id: kept.id } })).allergies.split("\n"),
    ).toEqual(["Penicillin", "Latex"]);
  });
});

describe("the card of a missing patient", () => {
  it("is null for an unknown or absurd id", async () => {
    expect(await patientCard(reception, "missing")).toBeNull();
    expect(await patientCard(reception, "x".repeat(100))).toBeNull();
  });
});
