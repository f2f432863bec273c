// Texts for a family (issue 34 with issue 35, docs/decisions/052-text-messages.md and
// 049-families.md): a text goes where the mail goes, the guardian who receives a family
// member's messages, at the guardian's mobile with the guardian's consent, naming the
// member; a family's day is one reminder by text as by mail.
import type { User } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { sweepReminders } from "~/models/mail/reminders.server";
import { prisma } from "~/infra/db.server";
import { changeSmsConsent } from "~/models/sms/consent.server";
import { receiveText } from "~/models/sms/inbound.server";
import { updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { action as addFamilyApi } from "~/routes/api.me.family";
import { action as createAppointmentApi } from "~/routes/api.create-appointment";
import { loader as cardLoader } from "~/routes/staff.patients.$id";
import { clinicNow, addDays } from "~/utils/clinic-time";
import { actionArgs, get, jsonRequest, loaderArgs, outcome } from "../../support/auth-helpers";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor } from "../../support/factories";

let serviceId: string;
const today = clinicNow(new Date()).date;
const bornYearsAgo = (years: number) =>
  `${Number(today.slice(0, 4)) - years}${addDays(today, -10).slice(4)}`;

beforeAll(async () => {
  // The file provider: texts are outbox rows; delivery is texts-delivery.test.ts's part.
  process.env.SMS_PROVIDER = "file";
  serviceId = (await createService({ name: "Family Check-up", durationMinutes: 30 })).id;
});

afterAll(() => {
  delete process.env.SMS_PROVIDER;
});

async function addChild(guardian: User, name: string): Promise<string> {
  const { token } = await sessionFor(guardian);
  const added = await outcome(
    await addFamilyApi(
      actionArgs(
        jsonRequest(
          "/api/me/family",
          "POST",
          { name, dateOfBirth: bornYearsAgo(8), relationship: "child" },
          { authorization: `Bearer ${token}` },
        ),
      ),
    ),
  );
  expect(added.status).toBe(201);
  return (added.body!.member as { id: string }).id;
}

/** A guardian who agreed to texts at `mobile` on their profile. */
async function guardianAgreedToTexts(name: string, mobile: string): Promise<User> {
  const guardian = await createUser({ name, phone: mobile });
  await changeSmsConsent(
    guardian.id,
    { consent: "yes", mobile },
    { source: "patient", userId: guardian.id },
  );
  return guardian;
}

function visitBody(date: string, time: string, patient: string, phone: string, extra = {}) {
  return {
    service: serviceId,
    name: "Guardian Books",
    email: "guardian@example.com",
    phone,
    date,
    time,
    message: "Check-up",
    patient,
    ...extra,
  };
}

const textsTo = (to: string) =>
  prisma.outboxMessage.findMany({
    where: { channel: "sms", toAddress: to },
    orderBy: { createdAt: "asc" },
    select: { kind: true, text: true, userId: true, appointmentId: true, status: true },
  });

describe("a family member's texts", () => {
  beforeAll(async () => {
    // Bookings go by text too (the default sends only reminders and offers by text).
    await updateClinicSettings({
      messageChannels: JSON.stringify({ booking: "both", reminder: "both" }),
    });
  });

  it("go to the guardian's mobile with the guardian's consent, naming the member", async () => {
    const mobile = "+12015550301";
    const guardian = await createUser({ name: "Tess Guardian", phone: mobile });
    const child = await addChild(guardian, "Milo Guardian");
    // The guardian agrees to texts at their own mobile; the child's record holds neither.
    const agreed = await changeSmsConsent(
      guardian.id,
      { consent: "yes", mobile },
      { source: "patient", userId: guardian.id },
    );
    expect(agreed).toMatchObject({ ok: true });
    const booked = await bookAppointment(
      visitBody(upcoming(TUESDAY, 9), "09:00", child, "+1 201 555 0301"),
      guardian.id,
    );
    expect(booked).toMatchObject({ ok: true });
    const texts = await textsTo(mobile);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ kind: "booking", userId: guardian.id });
    expect(texts[0]!.text).toContain("Milo's appointment is booked for");
    // Nothing went to a number of the child's own.
    expect(await prisma.outboxMessage.count({ where: { channel: "sms", userId: child } })).toBe(0);
  });

  it("stop when the guardian has not agreed, whatever the member's record holds", async () => {
    const guardian = await createUser({ name: "Noel Guardian", phone: "+12015550302" });
    const child = await addChild(guardian, "Pia Guardian");
    // A mobile and a yes on the child's record (as an old desk entry might hold) count for nothing.
    await prisma.user.update({
      where: { id: child },
      data: { mobile: "+12015550303", smsConsent: "yes" },
    });
    const booked = await bookAppointment(
      visitBody(upcoming(TUESDAY, 10), "09:00", child, "+1 201 555 0302"),
      guardian.id,
    );
    expect(booked).toMatchObject({ ok: true });
    expect(await prisma.outboxMessage.count({ where: { channel: "sms", userId: child } })).toBe(0);
    expect(await textsTo("+12015550303")).toHaveLength(0);
    expect(await textsTo("+12015550302")).toHaveLength(0);
  });

  it("a family's day is one reminder text, as it is one mail", async () => {
    const mobile = "+12015550304";
    const guardian = await createUser({ name: "Ola Guardian", phone: mobile });
    const children = [
      await addChild(guardian, "Ada Guardian"),
      await addChild(guardian, "Ben Guardian"),
    ];
    const date = upcoming(TUESDAY, 11);
    for (const [index, child] of children.entries()) {
      // The box ticked on the booking form's API twin: the guardian's agreement.
      const body = visitBody(date, index === 0 ? "11:00" : "11:30", child, mobile, {
        smsConsent: true,
      });
      const booked = await outcome(
        await createAppointmentApi(
          actionArgs(
            jsonRequest("/api/create-appointment", "POST", body, {
              authorization: `Bearer ${(await sessionFor(guardian)).token}`,
            }),
          ),
        ),
      );
      expect(booked.status).toBe(201);
    }
    const first = await prisma.appointment.findFirstOrThrow({
      where: { userId: children[0] },
      select: { startsAt: true },
    });
    await sweepReminders(new Date(first.startsAt.getTime() - 47 * 3_600_000));
    const reminders = (await textsTo(mobile)).filter((text) => text.kind === "reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain("reminder of your family's 2 appointments from");
    expect(reminders[0]!.text).toContain("/user/appointments");
    expect(reminders[0]!.userId).toBe(guardian.id);
    // And one mail, as before.
    expect(
      await prisma.outboxMessage.count({
        where: { channel: "email", toAddress: guardian.email, kind: "reminder" },
      }),
    ).toBe(1);
  });

  it("a C from the guardian's number confirms the member's visit, an R flags it", async () => {
    const mobile = "+12015550305";
    const guardian = await guardianAgreedToTexts("Uma Guardian", mobile);
    const child = await addChild(guardian, "Vic Guardian");
    const booked = await bookAppointment(
      visitBody(upcoming(TUESDAY, 12), "09:00", child, mobile),
      guardian.id,
    );
    expect(booked).toMatchObject({ ok: true });
    const visit = await prisma.appointment.findFirstOrThrow({ where: { userId: child } });
    const reply = (body: string, sid: string) =>
      receiveText({ from: mobile, to: "+15550100999", body, messageSid: sid });

    expect(await reply("C", "SMfamilyconfirm0001")).toMatchObject({ ok: true });
    expect((await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } })).status).toBe(
      "confirmed",
    );
    await reply("R", "SMfamilycallback001");
    expect(
      (await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } })).callBackAt,
    ).not.toBeNull();
  });

  it("the member's card tells the desk whose mobile their texts go to", async () => {
    const mobile = "+12015550306";
    const guardian = await guardianAgreedToTexts("Wyn Guardian", mobile);
    const child = await addChild(guardian, "Xan Guardian");
    const { cookie } = await sessionFor(await createUser({ role: "reception" }));
    const card = async (id: string) =>
      (await outcome(await cardLoader(loaderArgs(get(`/staff/patients/${id}`, cookie), { id }))))
        .body as { texts: { consent: string; sentThrough: unknown } };

    // The child's own record has no mobile and was never asked: the guardian's answer counts.
    expect((await card(child)).texts).toMatchObject({
      consent: "unasked",
      sentThrough: [{ name: "Wyn Guardian", mobile, label: "Agreed to texts" }],
    });
    // The guardian's own texts are their own.
    expect((await card(guardian.id)).texts.sentThrough).toBeNull();
    // No guardian receives the child's messages any more: the card says nobody gets texts.
    await prisma.guardianLink.updateMany({
      where: { dependantId: child },
      data: { receivesMessages: false },
    });
    expect((await card(child)).texts.sentThrough).toEqual([]);
  });
});
