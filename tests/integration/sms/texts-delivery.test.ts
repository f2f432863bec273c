// Texts through the outbox (issue 34, docs/decisions/052-text-messages.md), against a real
// SQLite file and a local stand-in for Twilio's REST API reached through TWILIO_API_BASE:
// reminders by text and mail, the quiet hours and the cap with the clock passed in, a
// shared number, the provider's refusals, delivery receipts, and the patient's consent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { deliverDue } from "~/models/mail/outbox.server";
import { listUndeliveredMessages } from "~/models/mail/outbox-admin.server";
import { sweepReminders } from "~/models/mail/reminders.server";
import { changeStatus } from "~/models/booking/status.server";
import { sweepRecallInvitations } from "~/models/recall/invitations.server";
import { updateProfile } from "~/models/accounts/user.server";
import { updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { changeSmsConsent } from "~/models/sms/consent.server";
import { CONSENT_MESSAGES } from "~/models/sms/consent-rules";
import { textCapReached } from "~/models/sms/delivery.server";
import { enqueueText } from "~/models/sms/outbound.server";
import { recordDeskConsent, sentMessages } from "~/models/sms/patient-texts.server";
import { NO_TEXTS_NOTE } from "~/models/sms/consent-rules";
import { MOBILE_MESSAGES } from "~/models/sms/phone";
import { DROP_REASONS } from "~/models/sms/send-rules";
import { OPT_OUT_LINE } from "~/models/sms/texts";
import { action as statusWebhook } from "~/routes/webhooks.sms_.status";
import { action as apiProfile } from "~/routes/api.profile";
import { loader as textLink } from "~/routes/t.$code";
import { action as createAppointmentApi } from "~/routes/api.create-appointment";
import { loader as staffLayout } from "~/routes/staff";
import { loader as settingsLoader } from "~/routes/staff.settings";
import { saveClinicSettings } from "~/models/settings/admin.server";
import { getClinicSettings } from "~/models/settings/clinic-settings.server";
import { parseChannels } from "~/models/sms/channels";
import { countSegments } from "~/models/sms/segments";
import { loader as cardLoader } from "~/routes/staff.patients.$id";
import { loader as visitLoader } from "~/routes/staff.appointments.$id";
import { loader as deskLoader } from "~/routes/staff.bookings.new";
import { addDays, clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { hashToken } from "~/infra/token-hash.server";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import {
  createService,
  createUser,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import { actionArgs, get, jsonRequest, loaderArgs, outcome } from "../../support/auth-helpers";
import { startTwilioStandIn, type TwilioStandIn } from "../../support/twilio-stand-in";
import { signedWebhook, TEST_TWILIO } from "../../support/twilio-signing";

const HOUR = 3_600_000;
let twilio: TwilioStandIn;
let serviceId: string;
let mobiles = 0;

beforeAll(async () => {
  twilio = await startTwilioStandIn();
  Object.assign(process.env, TEST_TWILIO, {
    SMS_PROVIDER: "twilio",
    TWILIO_API_BASE: twilio.url,
  });
  serviceId = (await createService({ name: "Root Canal Review" })).id;
  await prisma.dentistService.create({ data: { dentistId: FIRST_DENTIST, serviceId } });
});

afterAll(async () => {
  for (const name of ["SMS_PROVIDER", "TWILIO_API_BASE", ...Object.keys(TEST_TWILIO)]) {
    delete process.env[name];
  }
  await twilio.close();
});

/** A valid US mobile number no other test uses. */
function nextMobile(): string {
  mobiles += 1;
  return `+1201555${String(100 + mobiles).padStart(4, "0")}`;
}

async function texter(mobile = nextMobile()) {
  const user = await createUser({ phone: mobile });
  const agreed = await changeSmsConsent(
    user.id,
    { consent: "yes", mobile },
    { source: "patient", userId: user.id },
  );
  expect(agreed).toMatchObject({ ok: true, consent: "yes" });
  return { user, mobile };
}

const textsTo = (mobile: string) => twilio.texts.filter((text) => text.to === mobile);

describe("texts through the outbox", () => {
  it("sends a reminder by text and by mail to a patient who agreed, through Twilio's API", async () => {
    const { user, mobile } = await texter();
    const date = upcoming(TUESDAY, 2);
    const visit = await storeAppointment({ userId: user.id, serviceId, date, time: "10:00" });
    const now = new Date(clinicTimeToUtc(date, "10:00").getTime() - 48 * HOUR);

    expect((await sweepReminders(now)).enqueued).toBe(1);
    await deliverDue(now);
    const [text] = textsTo(mobile);
    expect(text).toBeDefined();
    expect(text!.body).toContain("reminder of your appointment");
    expect(text!.body).toContain("Reply C to confirm");
    // The visit's short link, which leads to the confirm page the mail links to.
    const code = /\/t\/([\w-]{16})(?:\s|$)/.exec(text!.body)?.[1];
    expect(code).toBeDefined();
    const opened = await textLink(loaderArgs(get(`/t/${code}`), { code })).catch(
      (response: unknown) => response,
    );
    expect(opened).toBeInstanceOf(Response);
    // To the confirm page of the visit's own link token, the one its mail carries.
    const location = (opened as Response).headers.get("location") ?? "";
    const token = /^\/visit\/([\w-]{43})\/confirm$/.exec(location)?.[1] ?? "";
    const stored = await prisma.appointment.findUniqueOrThrow({ where: { id: visit.id } });
    expect(hashToken(token)).toBe(stored.linkTokenHash);
    // A code nobody was sent: the mail link's refusal, no visit.
    const wrong = await outcome(
      await textLink(loaderArgs(get("/t/AAAAAAAAAAAAAAAA"), { code: "AAAAAAAAAAAAAAAA" })),
    );
    expect(wrong.status).toBe(404);
    expect(text!.body.endsWith(OPT_OUT_LINE)).toBe(true);
    // Nothing clinical: not the service's name.
    expect(text!.body).not.toContain("Root Canal");
    expect(text!.from).toBe(TEST_TWILIO.TWILIO_FROM);
    expect(text!.statusCallback).toMatch(/\/webhooks\/sms\/status$/);
    expect(text!.authorization).toBe(
      `Basic ${Buffer.from(`${TEST_TWILIO.TWILIO_ACCOUNT_SID}:${TEST_TWILIO.TWILIO_AUTH_TOKEN}`).toString("base64")}`,
    );
    const rows = await prisma.outboxMessage.findMany({
      where: { appointmentId: visit.id },
      select: { channel: true, status: true, providerId: true, toAddress: true },
      orderBy: { channel: "asc" },
    });
    expect(rows).toEqual([
      { channel: "email", status: "sent", providerId: null, toAddress: user.email },
      { channel: "sms", status: "sent", providerId: text!.sid, toAddress: mobile },
    ]);
    // A second sweep writes nothing twice.
    expect((await sweepReminders(new Date(now.getTime() + 60_000))).enqueued).toBe(0);
    await deliverDue(new Date(now.getTime() + 60_000));
    expect(textsTo(mobile)).toHaveLength(1);
  });

  it("texts nobody who did not agree, and only mail by default for a booking", async () => {
    const unasked = await createUser({ phone: nextMobile() });
    const date = upcoming(TUESDAY, 3);
    await storeAppointment({ userId: unasked.id, serviceId, date, time: "10:00" });
    const now = new Date(clinicTimeToUtc(date, "10:00").getTime() - 48 * HOUR);
    await sweepReminders(now);
    expect(
      await prisma.outboxMessage.count({ where: { userId: unasked.id, channel: "sms" } }),
    ).toBe(0);

    const { user } = await texter();
    const booked = await bookAppointment(
      {
        service: serviceId,
        name: "Tess Texter",
        email: user.email,
        phone: "+1 201 555 0199",
        date: upcoming(TUESDAY, 4),
        time: "11:00",
        message: "Hi",
      },
      user.id,
    );
    expect(booked.ok).toBe(true);
    const kinds = await prisma.outboxMessage.findMany({
      where: { userId: user.id },
      select: { channel: true, kind: true },
    });
    expect(kinds).toEqual([{ channel: "email", kind: "booking" }]);
  });

  it("holds a text due in the quiet hours until 08:00, and drops one whose visit starts first", async () => {
    const { user, mobile } = await texter();
    const date = upcoming(TUESDAY, 5);
    const night = clinicTimeToUtc(date, "21:00");
    const morning = clinicTimeToUtc(addDays(date, 1), "08:00");
    await prisma.$transaction(() =>
      enqueueText(
        {
          dedupeKey: `quiet-held:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "Held text. Reply STOP to opt out",
          userId: user.id,
          expiresAt: clinicTimeToUtc(addDays(date, 1), "10:00"),
        },
        night,
      ),
    );
    const held = { dedupeKey: `sms:quiet-held:${user.id}` };
    expect((await deliverDue(night)).held).toBeGreaterThanOrEqual(1);
    expect(await prisma.outboxMessage.findUniqueOrThrow({ where: held })).toMatchObject({
      status: "pending",
      attempts: 0,
      nextAttemptAt: morning,
    });
    await deliverDue(new Date(morning.getTime() - 60_000));
    expect(textsTo(mobile)).toHaveLength(0);
    await deliverDue(morning);
    expect(textsTo(mobile).map((text) => text.body)).toEqual(["Held text. Reply STOP to opt out"]);

    // A 2-hour reminder of a 07:30 visit, due at 05:30: the quiet hours last past its start.
    const early = clinicTimeToUtc(addDays(date, 2), "05:30");
    await prisma.$transaction(() =>
      enqueueText(
        {
          dedupeKey: `quiet-dropped:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "Too late. Reply STOP to opt out",
          expiresAt: clinicTimeToUtc(addDays(date, 2), "07:30"),
        },
        early,
      ),
    );
    await deliverDue(early);
    expect(
      await prisma.outboxMessage.findUniqueOrThrow({
        where: { dedupeKey: `sms:quiet-dropped:${user.id}` },
        select: { status: true, lastError: true },
      }),
    ).toEqual({ status: "dropped", lastError: DROP_REASONS.quietUntilExpired });
    // And a text claimed after its visit started (a stopped server) never leaves.
    const late = clinicTimeToUtc(addDays(date, 3), "10:05");
    await prisma.$transaction(() =>
      enqueueText(
        {
          dedupeKey: `started:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "Started. Reply STOP to opt out",
          expiresAt: clinicTimeToUtc(addDays(date, 3), "10:00"),
          notBefore: clinicTimeToUtc(addDays(date, 3), "08:00"),
        },
        late,
      ),
    );
    await deliverDue(late);
    expect(
      (
        await prisma.outboxMessage.findUniqueOrThrow({
          where: { dedupeKey: `sms:started:${user.id}` },
        })
      ).lastError,
    ).toBe(DROP_REASONS.expired);
    expect(textsTo(mobile)).toHaveLength(1);
  });

  it("sends one text per number per sweep when patients share it", async () => {
    const shared = nextMobile();
    const parent = await texter(shared);
    const child = await texter(shared);
    const date = upcoming(TUESDAY, 6);
    await storeAppointment({ userId: parent.user.id, serviceId, date, time: "09:00" });
    await storeAppointment({ userId: child.user.id, serviceId, date, time: "09:30" });
    const now = new Date(clinicTimeToUtc(date, "09:30").getTime() - 48 * HOUR);
    expect((await sweepReminders(now)).enqueued).toBe(2);
    await deliverDue(now);
    expect(textsTo(shared)).toHaveLength(1);
    const texts = await prisma.outboxMessage.findMany({
      where: { channel: "sms", toAddress: shared },
      select: { status: true, lastError: true },
    });
    expect(texts.map((row) => row.status).sort()).toEqual(["dropped", "sent"]);
    expect(texts.find((row) => row.status === "dropped")!.lastError).toBe(
      DROP_REASONS.sharedNumber,
    );
    // Both still get their mail.
    expect(
      await prisma.outboxMessage.count({
        where: {
          channel: "email",
          userId: { in: [parent.user.id, child.user.id] },
          kind: "reminder",
        },
      }),
    ).toBe(2);
  });

  it("stops texts at the monthly cap while mail still goes, and staff pages say so", async () => {
    const { user, mobile } = await texter();
    const now = clinicTimeToUtc(upcoming(TUESDAY, 7), "12:00");
    await updateClinicSettings({ smsMonthlyCap: 0 });
    try {
      await prisma.$transaction(async () => {
        await enqueueText(
          { dedupeKey: `cap:${user.id}`, kind: "reminder", to: mobile, body: "Capped" },
          now,
        );
        await prisma.outboxMessage.create({
          data: {
            dedupeKey: `cap-mail:${user.id}`,
            kind: "reminder",
            toAddress: user.email,
            subject: "Mail",
            text: "Mail",
            nextAttemptAt: now,
          },
        });
      });
      await deliverDue(now);
      expect(
        await prisma.outboxMessage.findUniqueOrThrow({
          where: { dedupeKey: `sms:cap:${user.id}` },
          select: { status: true, lastError: true },
        }),
      ).toEqual({ status: "dropped", lastError: DROP_REASONS.cap(0) });
      expect(
        (
          await prisma.outboxMessage.findUniqueOrThrow({
            where: { dedupeKey: `cap-mail:${user.id}` },
          })
        ).status,
      ).toBe("sent");
      expect(textsTo(mobile)).toHaveLength(0);
      expect(await textCapReached(now)).toBe(true);
      const reception = await createUser({ role: "reception" });
      const frame = await staffLayout(
        loaderArgs(get("/staff", (await sessionFor(reception)).cookie)),
      );
      expect(frame).toMatchObject({ capReached: true });
    } finally {
      await updateClinicSettings({ smsMonthlyCap: 1000 });
    }
    expect(await textCapReached(now)).toBe(false);
  });

  it("marks a text Twilio refuses failed at once, retries a 5xx, and lists failures with failed mail", async () => {
    const { user, mobile } = await texter();
    const now = clinicTimeToUtc(upcoming(TUESDAY, 8), "12:00");
    twilio.refuseNext(1, 400, 21211, "The 'To' number is not a valid phone number.");
    await prisma.$transaction(() =>
      enqueueText(
        {
          dedupeKey: `refused:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "Refused",
          userId: user.id,
        },
        now,
      ),
    );
    await deliverDue(now);
    const refused = await prisma.outboxMessage.findUniqueOrThrow({
      where: { dedupeKey: `sms:refused:${user.id}` },
    });
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(refused.lastError).toContain("21211");
    const { messages } = await listUndeliveredMessages({ now });
    expect(messages.map((message) => message.id)).toContain(refused.id);

    twilio.refuseNext(1, 503, 20503, "Service unavailable");
    await prisma.$transaction(() =>
      enqueueText(
        {
          dedupeKey: `retry:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "Retried",
          userId: user.id,
        },
        now,
      ),
    );
    await deliverDue(now);
    const retried = await prisma.outboxMessage.findUniqueOrThrow({
      where: { dedupeKey: `sms:retry:${user.id}` },
    });
    expect(retried.status).toBe("pending");
    await deliverDue(retried.nextAttemptAt);
    expect(textsTo(mobile).map((text) => text.body)).toEqual(["Retried"]);
  });

  it("records delivery receipts: delivered on the patient's card, undelivered with failed mail", async () => {
    const { user, mobile } = await texter();
    const now = clinicTimeToUtc(upcoming(TUESDAY, 9), "12:00");
    await prisma.$transaction(async () => {
      await enqueueText(
        {
          dedupeKey: `receipt-a:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "A",
          userId: user.id,
        },
        now,
      );
      await enqueueText(
        {
          dedupeKey: `receipt-b:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "B",
          userId: user.id,
        },
        now,
      );
    });
    await deliverDue(now);
    const [a, b] = ["A", "B"].map((body) => textsTo(mobile).find((text) => text.body === body)!);
    const receipt = (sid: string, status: string) =>
      statusWebhook(
        actionArgs(
          signedWebhook("/webhooks/sms/status", {
            MessageSid: sid,
            MessageStatus: status,
            To: mobile,
            AccountSid: TEST_TWILIO.TWILIO_ACCOUNT_SID,
            ...(status === "undelivered" ? { ErrorCode: "30003" } : {}),
          }),
        ),
      );
    expect((await receipt(a!.sid, "delivered")).status).toBe(200);
    expect((await receipt(b!.sid, "undelivered")).status).toBe(200);
    const lines = await sentMessages({ userId: user.id });
    expect(
      lines
        .filter((line) => line.channel === "sms")
        .map((line) => line.state)
        .sort(),
    ).toEqual(["Delivered", "Failed: The text could not be delivered (undelivered, error 30003)."]);
    const { messages } = await listUndeliveredMessages({ now });
    expect(messages.some((message) => message.toAddress === mobile)).toBe(true);
    // A receipt without a valid signature changes nothing.
    const forged = await statusWebhook(
      actionArgs(
        signedWebhook(
          "/webhooks/sms/status",
          { MessageSid: a!.sid, MessageStatus: "failed" },
          { token: "wrong" },
        ),
      ),
    );
    expect(forged.status).toBe(403);
    expect(
      (await prisma.outboxMessage.findFirstOrThrow({ where: { providerId: a!.sid } }))
        .deliveryStatus,
    ).toBe("delivered");
  });
});

describe("the settings' texts section", () => {
  it("saves each kind's channel and the cap, audited, previews each text with its segments, and refuses junk", async () => {
    const admin = await createUser({ role: "admin" });
    const actor = { id: admin.id, role: "admin" as const };
    const form = {
      intent: "texts",
      channel_booking: "both",
      channel_change: "email",
      channel_cancellation: "sms",
      channel_reminder: "both",
      channel_waitlist_offer: "both",
      channel_recall_invitation: "email",
      smsMonthlyCap: "250",
    };
    expect(await saveClinicSettings({ ...form, channel_change: "pigeon" }, actor)).toMatchObject({
      ok: false,
      field: "channel_change",
    });
    expect(await saveClinicSettings({ ...form, smsMonthlyCap: "-1" }, actor)).toMatchObject({
      ok: false,
      field: "smsMonthlyCap",
    });
    try {
      expect(await saveClinicSettings(form, actor)).toMatchObject({ ok: true, changed: true });
      const settings = await getClinicSettings();
      expect(settings.smsMonthlyCap).toBe(250);
      expect(parseChannels(settings.messageChannels)).toMatchObject({
        booking: "both",
        cancellation: "sms",
      });
      expect(
        await prisma.auditEntry.count({ where: { action: "settings.texts", actorId: admin.id } }),
      ).toBe(1);

      const reception = await createUser({ role: "admin" });
      const page = await outcome(
        await settingsLoader(
          loaderArgs(get("/staff/settings", (await sessionFor(reception)).cookie)),
        ),
      );
      const previews = (
        page.body as {
          textPreviews: { kind: string; text: string; segments: { segments: number } }[];
        }
      ).textPreviews;
      expect(previews.map((preview) => preview.kind)).toEqual([
        "booking",
        "change",
        "cancellation",
        "reminder",
        "waitlist_offer",
        "recall_invitation",
      ]);
      for (const preview of previews) {
        expect(preview.text.endsWith(OPT_OUT_LINE)).toBe(true);
        expect(preview.segments.segments).toBe(countSegments(preview.text).segments);
      }
      // The cancellation carries no link: one segment.
      expect(previews.find((preview) => preview.kind === "cancellation")!.segments.segments).toBe(
        1,
      );
    } finally {
      await updateClinicSettings({
        smsMonthlyCap: 1000,
        messageChannels: JSON.stringify({ reminder: "both", waitlist_offer: "both" }),
      });
    }
  });
});

describe("where staff see it", () => {
  it("the patient card, the visit page and the desk's booking screen", async () => {
    const { user, mobile } = await texter();
    const date = upcoming(TUESDAY, 12);
    const visit = await storeAppointment({ userId: user.id, serviceId, date, time: "10:00" });
    const now = new Date(clinicTimeToUtc(date, "10:00").getTime() - 48 * HOUR);
    await sweepReminders(now);
    await deliverDue(now);
    const receptionist = await createUser({ role: "reception" });
    const cookie = (await sessionFor(receptionist)).cookie;

    const card = await outcome(
      await cardLoader(loaderArgs(get(`/staff/patients/${user.id}`, cookie), { id: user.id })),
    );
    expect(card.body).toMatchObject({
      texts: { mobile, consent: "yes", label: "Agreed to texts", recordedBy: "the patient" },
    });
    const lines = (card.body as { sent: { channel: string; state: string; to: string }[] }).sent;
    expect(lines.map((line) => [line.channel, line.to, line.state]).sort()).toEqual([
      ["email", user.email, "Sent"],
      ["sms", mobile, "Sent"],
    ]);

    const page = await outcome(
      await visitLoader(
        loaderArgs(get(`/staff/appointments/${visit.id}`, cookie), { id: visit.id }),
      ),
    );
    expect(
      (page.body as { sent: { channel: string }[] }).sent.map((line) => line.channel).sort(),
    ).toEqual(["email", "sms"]);

    const unasked = await createUser({ phone: "+1 201 555 0142" });
    const desk = await outcome(
      await deskLoader(loaderArgs(get(`/staff/bookings/new?patient=${unasked.id}`, cookie))),
    );
    expect(desk.body).toMatchObject({ textTo: null });
    expect(NO_TEXTS_NOTE).toBe("no texts: the patient has not agreed");
    const agreed = await outcome(
      await deskLoader(loaderArgs(get(`/staff/bookings/new?patient=${user.id}`, cookie))),
    );
    expect(agreed.body).toMatchObject({ textTo: mobile });
  });
});

describe("recall invitations by text", () => {
  it("go as a text alone when the settings say so, with the book link", async () => {
    const { user, mobile } = await texter();
    const recallService = await createService({ name: "Recall Text Check-up" });
    await prisma.service.update({
      where: { id: recallService.id },
      data: { recallTypeId: "recall-checkup" },
    });
    const visit = await storeAppointment({
      userId: user.id,
      serviceId: recallService.id,
      date: "2026-01-05",
      time: "09:00",
    });
    const after = new Date(visit.startsAt.getTime() + HOUR);
    for (const to of ["checked_in", "completed"] as const) {
      expect(await changeStatus(visit.id, to, { kind: "system" }, { now: after })).toMatchObject({
        ok: true,
      });
    }
    await updateClinicSettings({ messageChannels: JSON.stringify({ recall_invitation: "sms" }) });
    try {
      const open = clinicTimeToUtc("2026-06-08", "09:00");
      expect(await sweepRecallInvitations(open)).toMatchObject({ written: 1 });
      await deliverDue(open);
      const [text] = textsTo(mobile);
      expect(text!.body).toMatch(
        /it is time for your next check-up\. http:\/\/\S+\/recall\/book\/\S+ Reply STOP to opt out$/,
      );
      expect(
        await prisma.outboxMessage.findMany({
          where: { userId: user.id, kind: "recall_invitation" },
          select: { channel: true },
        }),
      ).toEqual([{ channel: "sms" }]);
    } finally {
      await updateClinicSettings({
        messageChannels: JSON.stringify({ reminder: "both", waitlist_offer: "both" }),
      });
    }
  });
});

describe("consent", () => {
  it("takes smsConsent on the booking, after the spec's own messages, and refuses a number that is no mobile", async () => {
    const user = await createUser();
    const base = {
      service: serviceId,
      name: "Connie Consent",
      email: user.email,
      date: upcoming(TUESDAY, 10),
      time: "14:00",
      message: "Hi",
      smsConsent: true,
    };
    // Through POST /api/create-appointment, where the booking form's consent is wired.
    const { token } = await sessionFor(user);
    const book = async (body: Record<string, unknown>) =>
      outcome(
        await createAppointmentApi(
          actionArgs(
            jsonRequest("/api/create-appointment", "POST", body, {
              authorization: `Bearer ${token}`,
            }),
          ),
        ),
      );
    // The spec's message comes first, whatever the box says.
    const unnamed = await book({ ...base, name: "", phone: "+1 800 555 0199" });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body).toMatchObject({ success: false });
    expect(unnamed.body!.message).not.toBe(MOBILE_MESSAGES.notMobile);
    expect(await book({ ...base, phone: "+1 800 555 0199" })).toMatchObject({
      status: 400,
      body: { success: false, message: MOBILE_MESSAGES.notMobile },
    });
    expect(await prisma.appointment.count({ where: { userId: user.id } })).toBe(0);
    expect(await book({ ...base, phone: "(201) 555-0177" })).toMatchObject({ status: 201 });
    expect(
      await prisma.user.findUniqueOrThrow({
        where: { id: user.id },
        select: { mobile: true, smsConsent: true, smsConsentBy: true },
      }),
    ).toEqual({ mobile: "+12015550177", smsConsent: "yes", smsConsentBy: "patient" });
    expect(
      await prisma.auditEntry.count({
        where: { patientId: user.id, action: "patient.sms_consent" },
      }),
    ).toBe(1);
  });

  it("lets the patient say no on the profile (PUT /api/profile), and never lets staff turn it back", async () => {
    const { user, mobile } = await texter();
    const { token } = await sessionFor(user);
    const now = clinicTimeToUtc(upcoming(TUESDAY, 11), "12:00");
    await prisma.$transaction(() =>
      enqueueText(
        {
          dedupeKey: `queued:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "Queued",
          userId: user.id,
        },
        now,
      ),
    );
    const answer = await apiProfile(
      actionArgs(
        jsonRequest(
          "/api/profile",
          "PUT",
          { smsConsent: false },
          { authorization: `Bearer ${token}` },
        ),
      ),
    );
    expect(answer.status).toBe(200);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).smsConsent).toBe("no");
    // What was queued for the number is dropped with the reason.
    expect(
      (
        await prisma.outboxMessage.findUniqueOrThrow({
          where: { dedupeKey: `sms:queued:${user.id}` },
        })
      ).status,
    ).toBe("dropped");

    const reception = await createUser({ role: "reception", name: "Rita Reception" });
    const actor = { id: reception.id, role: "reception" as const };
    expect(await recordDeskConsent(actor, user.id, { smsConsent: "yes" })).toMatchObject({
      ok: false,
      message: CONSENT_MESSAGES.staffCannotReopen,
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).smsConsent).toBe("no");
    // The patient may: the profile again.
    expect(
      await updateProfile(await prisma.user.findUniqueOrThrow({ where: { id: user.id } }), {
        smsConsent: true,
      }),
    ).toMatchObject({ ok: true });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).smsConsent).toBe(
      "yes",
    );
  });

  it("keeps a mobile typed on the profile without the box, and refuses one that is no mobile", async () => {
    const user = await createUser({ phone: "555" });
    // A profile saved with no mobile (and a phone that is none) changes only the profile.
    expect(await updateProfile(user, { name: "Mona Mobile", mobile: "" })).toMatchObject({
      ok: true,
    });
    expect(await updateProfile(user, { mobile: "+1 800 555 0199" })).toMatchObject({
      ok: false,
      message: MOBILE_MESSAGES.notMobile,
      field: "mobile",
    });
    expect(await updateProfile(user, { mobile: "(201) 555-0166" })).toMatchObject({ ok: true });
    expect(
      await prisma.user.findUniqueOrThrow({
        where: { id: user.id },
        select: { mobile: true, smsConsent: true },
      }),
    ).toEqual({ mobile: "+12015550166", smsConsent: "unasked" });
  });

  it("records a caller's spoken yes at the desk, with who and when, audited", async () => {
    const caller = await createUser({ phone: "" });
    const reception = await createUser({ role: "reception", name: "Desk Dora" });
    const actor = { id: reception.id, role: "reception" as const };
    expect(
      await recordDeskConsent(actor, caller.id, { mobile: "020 7946 0018", smsConsent: "yes" }),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await recordDeskConsent(actor, caller.id, { mobile: "(201) 555-0188", smsConsent: "yes" }),
    ).toMatchObject({
      ok: true,
    });
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: caller.id } });
    expect(stored).toMatchObject({
      mobile: "+12015550188",
      smsConsent: "yes",
      smsConsentBy: `staff:${reception.id}`,
    });
    expect(stored.smsConsentAt).toBeInstanceOf(Date);
    const entry = await prisma.auditEntry.findFirstOrThrow({
      where: { patientId: caller.id, action: "patient.sms_consent" },
    });
    expect(entry.actorId).toBe(reception.id);
    const dentist = await createUser({ role: "dentist" });
    expect(
      await recordDeskConsent({ id: dentist.id, role: "dentist" }, caller.id, { smsConsent: "no" }),
    ).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});
