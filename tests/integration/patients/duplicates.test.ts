// Duplicates caught before a record is made (issue 31 item 12), against a real SQLite file:
// creating "Ana Silva, +1 555 010 1003" a second time shows the record on file (same phone
// digits, same e-mail, or same name and date of birth) with "use this record", and makes a
// new one only when the desk says "create anyway"; the same matches as the fields are
// filled, from the resource route; each lookup that shows someone audited like the search.
import { beforeAll, describe, expect, it } from "vitest";
import { createCallerRecord } from "~/models/patients/edit.server";
import { DUPLICATES_MESSAGE } from "~/models/patients/duplicate-rules";
import { loader as matchesLoader } from "~/routes/resources.patient-matches";
import { action as bookingAction } from "~/routes/staff.bookings.new";
import { prisma } from "~/infra/db.server";
import { CALLER_MESSAGES } from "~/validation/patient";
import { createUser, sessionFor } from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, settle } from "../../support/auth-helpers";

let reception: { id: string; role: "reception" };
let receptionCookie: string;
let dentistCookie: string;
let ana: { id: string };

beforeAll(async () => {
  const desk = await createUser({ role: "reception", name: "Dora Duplicates" });
  reception = { id: desk.id, role: "reception" };
  receptionCookie = (await sessionFor(desk)).cookie;
  dentistCookie = (await sessionFor(await createUser({ role: "dentist" }))).cookie;
  const first = await createCallerRecord(reception, {
    name: "Ana Silva",
    email: "ana.silva@example.com",
    phone: "+1 555 010 1003",
    dateOfBirth: "1984-03-09",
  });
  if (!first.ok) throw new Error(first.message);
  ana = { id: first.patientId };
});

const lookups = () =>
  prisma.auditEntry.count({
    where: {
      actorId: reception.id,
      summary: { startsWith: "Checked a new record for duplicates" },
    },
  });

describe("creating a record a second time", () => {
  it("shows the record on file instead, by phone digits however typed, e-mail, or name and date of birth", async () => {
    const cases = [
      [{ name: "Ana Silva", phone: "+1 555 010 1003" }, ["phone"]],
      [{ name: "A. Silva", phone: "(555) 010-1003" }, ["phone"]],
      [
        { name: "Someone Else", phone: "+1 555 999 0000", email: "ANA.SILVA@example.com" },
        ["email"],
      ],
      [
        { name: "  ana   SILVA ", phone: "+1 555 999 0001", dateOfBirth: "1984-03-09" },
        ["name-birth"],
      ],
    ] as const;
    for (const [input, reasons] of cases) {
      const before = await lookups();
      const refused = await createCallerRecord(reception, { email: "", ...input });
      expect(refused, JSON.stringify(input)).toMatchObject({
        ok: false,
        status: 409,
        message: DUPLICATES_MESSAGE,
        duplicates: [
          {
            id: ana.id,
            name: "Ana Silva",
            email: "ana.silva@example.com",
            phone: "+1 555 010 1003",
            dateOfBirth: "1984-03-09",
            reasons,
          },
        ],
      });
      expect(await lookups()).toBe(before + 1);
    }
    expect(await prisma.user.count({ where: { name: { contains: "Silva" } } })).toBe(1);
  });

  it("makes a new record when nothing matches, or when the desk creates it anyway", async () => {
    const other = await createCallerRecord(reception, {
      name: "Ana Silva",
      email: "",
      phone: "+1 555 010 2000",
      dateOfBirth: "1990-01-01",
    });
    expect(other).toMatchObject({ ok: true });
    // A different birth date is another person with that name; a short number is no key.
    const again = await createCallerRecord(reception, {
      name: "Ana Silva",
      email: "",
      phone: "555 0100",
      dateOfBirth: "1970-07-07",
      anyway: "",
    });
    expect(again).toMatchObject({ ok: true });
    const anyway = await createCallerRecord(reception, {
      name: "Ana Silva",
      email: "",
      phone: "+1 555 010 1003",
      anyway: "yes",
    });
    expect(anyway).toMatchObject({ ok: true });
    const stored = await prisma.user.findUniqueOrThrow({
      where: { id: anyway.ok ? anyway.patientId : "" },
    });
    expect(stored).toMatchObject({ phone: "+1 555 010 1003", phoneDigits: "15550101003" });
    // The same address is never made twice, anyway or not.
    expect(
      await createCallerRecord(reception, {
        name: "Ana Twin",
        email: "ana.silva@example.com",
        phone: "+1 555 777 0000",
        anyway: "yes",
      }),
    ).toMatchObject({ ok: false, status: 409 });
  });

  it("keeps a date of birth, and refuses one in the future", async () => {
    const made = await createCallerRecord(reception, {
      name: "Bea Born",
      email: "",
      phone: "+1 555 444 0101",
      dateOfBirth: "2001-02-03",
    });
    expect(
      made.ok && (await prisma.user.findUnique({ where: { id: made.patientId } })),
    ).toMatchObject({ dateOfBirth: "2001-02-03" });
    expect(
      await createCallerRecord(reception, {
        name: "Future Born",
        email: "",
        phone: "+1 555 444 0102",
        dateOfBirth: "2999-01-01",
      }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: CALLER_MESSAGES.dateOfBirth,
      field: "dateOfBirth",
    });
  });
});

describe("the New booking screen without JavaScript", () => {
  const post = (fields: Record<string, string>) =>
    settle(() =>
      bookingAction(
        actionArgs(
          formPost("/staff/bookings/new?date=2099-01-06&time=10:00", fields, receptionCookie),
        ),
      ),
    );

  it("answers the form with the likely duplicates and what was typed; 'create anyway' makes the record", async () => {
    const fields = {
      intent: "create-patient",
      name: "Ana Silva",
      email: "",
      phone: "555-010-1003",
      dateOfBirth: "",
      date: "2099-01-06",
      time: "10:00",
    };
    const shown = await post(fields);
    expect(shown.status).toBe(409);
    expect(shown.body).toMatchObject({
      error: DUPLICATES_MESSAGE,
      values: { name: "Ana Silva", phone: "555-010-1003" },
      // Ana, and the record made anyway above with her number.
      duplicates: expect.arrayContaining([
        expect.objectContaining({ id: ana.id, reasons: ["phone"] }),
      ]),
    });
    const created = await post({ ...fields, anyway: "yes" });
    expect(created.status).toBe(302);
    const newId = new URL(`http://x${created.location}`).searchParams.get("patient");
    expect(newId).toBeTruthy();
    expect(newId).not.toBe(ana.id);
    expect(created.location).toContain("time=10%3A00");
  });
});

describe("the lookup as the fields are filled", () => {
  const ask = (query: string, cookie?: string) =>
    settle(() => matchesLoader(loaderArgs(get(`/resources/patient-matches?${query}`, cookie))));

  it("answers the desk with the matches, audited; nothing is asked for a number too short to tell", async () => {
    const before = await lookups();
    const found = await ask("name=Ana&phone=%2B1%20555%20010%201003", receptionCookie);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      success: true,
      matches: expect.arrayContaining([
        expect.objectContaining({ id: ana.id, reasons: ["phone"] }),
      ]),
    });
    expect(await lookups()).toBe(before + 1);
    const short = await ask("name=Ana&phone=555", receptionCookie);
    expect(short.body).toEqual({ success: true, matches: [] });
    expect(await lookups()).toBe(before + 1);
  });

  it("is for the desk only: 401 signed out, 403 for a dentist", async () => {
    expect((await ask("phone=5550101003")).status).toBe(401);
    expect((await ask("phone=5550101003", dentistCookie)).status).toBe(403);
  });
});
