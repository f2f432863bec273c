// Replies to the clinic's texts (issue 34, docs/decisions/052-text-messages.md): Twilio's
// signed webhook through the route's action, each keyword, the inbox (read, reply through
// the outbox, mark handled), and requests without a valid signature.
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { appointmentsNeedingAttention, CALL_BACK_REASON } from "~/models/booking/attention.server";
import { deliverDue } from "~/models/mail/outbox.server";
import { getClinicSettings, updateClinicSettings } from "~/models/settings/clinic-settings.server";
import { changeSmsConsent } from "~/models/sms/consent.server";
import { enqueueText } from "~/models/sms/outbound.server";
import { REPLIES } from "~/models/sms/inbound.server";
import { CONSENT_MESSAGES } from "~/models/sms/consent-rules";
import { recordDeskConsent } from "~/models/sms/patient-texts.server";
import { twilioSignature } from "~/models/sms/signature.server";
import { DROP_REASONS } from "~/models/sms/send-rules";
import { action as inboundWebhook } from "~/routes/webhooks.sms";
import { action as inboxAction, loader as inboxLoader } from "~/routes/staff.messages";
import { loader as staffLayout } from "~/routes/staff";
import { getEnv } from "~/infra/env.server";
import { exportMyData } from "~/models/accounts/my-data.server";
import { deleteMyAccount } from "~/models/accounts/deletion.server";
import { TEST_PASSWORD } from "../../support/test-password";
import { prisma } from "~/infra/db.server";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";
import { actionArgs, formPost, get, loaderArgs, outcome } from "../../support/auth-helpers";
import { startTwilioStandIn, type TwilioStandIn } from "../../support/twilio-stand-in";
import { freshSid, signedWebhook, TEST_TWILIO } from "../../support/twilio-signing";

let stand: TwilioStandIn;
let serviceId: string;
let receptionCookie: string;
let dentistCookie: string;
let mobiles = 0;

beforeAll(async () => {
  stand = await startTwilioStandIn();
  Object.assign(process.env, TEST_TWILIO, { SMS_PROVIDER: "twilio", TWILIO_API_BASE: stand.url });
  serviceId = (await createService({ name: "Whitening" })).id;
  receptionCookie = (await sessionFor(await createUser({ role: "reception" }))).cookie;
  dentistCookie = (await sessionFor(await createUser({ role: "dentist" }))).cookie;
  await updateClinicSettings({
    phone: "+1 (555) 010-2040",
    street: "1 Main Street",
    city: "Springfield",
  });
});

afterAll(async () => {
  for (const name of ["SMS_PROVIDER", "TWILIO_API_BASE", ...Object.keys(TEST_TWILIO)]) {
    delete process.env[name];
  }
  await stand.close();
});

function nextMobile(): string {
  mobiles += 1;
  return `+1201555${String(300 + mobiles).padStart(4, "0")}`;
}

async function texter(mobile = nextMobile()) {
  const user = await createUser({ phone: mobile });
  await changeSmsConsent(
    user.id,
    { consent: "yes", mobile },
    { source: "patient", userId: user.id },
  );
  return { user, mobile };
}

/** Posts a text from `from` to the webhook as Twilio would; answers the status and the TwiML. */
async function receive(from: string, body: string, sid = freshSid()) {
  const response = await inboundWebhook(
    actionArgs(
      signedWebhook("/webhooks/sms", {
        From: from,
        To: TEST_TWILIO.TWILIO_FROM,
        Body: body,
        MessageSid: sid,
        AccountSid: TEST_TWILIO.TWILIO_ACCOUNT_SID,
        NumMedia: "0",
      }),
    ),
  );
  const xml = await response.text();
  const reply = /<Message>([\s\S]*)<\/Message>/.exec(xml)?.[1] ?? null;
  return {
    status: response.status,
    reply: reply?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))) ?? null,
  };
}

const consentOf = async (id: string) =>
  (await prisma.user.findUniqueOrThrow({ where: { id }, select: { smsConsent: true } })).smsConsent;

describe("the signature", () => {
  it("is Twilio's own: the twilio package's validator accepts ours", () => {
    const url = "https://clinic.example/webhooks/sms";
    const params = {
      From: "+12015550101",
      Body: "Hello there",
      MessageSid: "SM123",
      To: "+15550100999",
    };
    const ours = twilioSignature("secret-token", url, Object.entries(params));
    expect(twilio.validateRequest("secret-token", ours, url, params)).toBe(true);
    expect(twilio.validateRequest("other-token", ours, url, params)).toBe(false);
  });

  it("refuses a request without a valid one with 403, logged, and acts on nothing", async () => {
    const { user, mobile } = await texter();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const fields = {
      From: mobile,
      To: TEST_TWILIO.TWILIO_FROM,
      Body: "STOP",
      MessageSid: freshSid(),
    };
    for (const request of [
      signedWebhook("/webhooks/sms", fields, { signature: null }),
      signedWebhook("/webhooks/sms", fields, { token: "not-the-token" }),
      signedWebhook("/webhooks/sms", fields, { signature: "x".repeat(28) }),
    ]) {
      expect((await inboundWebhook(actionArgs(request))).status).toBe(403);
    }
    // Signed over other parameters than those sent.
    const tampered = signedWebhook("/webhooks/sms", { ...fields, Body: "START" });
    const forged = new Request(tampered.url, {
      method: "POST",
      headers: tampered.headers,
      body: new URLSearchParams(fields),
    });
    expect((await inboundWebhook(actionArgs(forged))).status).toBe(403);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining("refused a request without a valid X-Twilio-Signature"),
    );
    warn.mockRestore();
    expect(await consentOf(user.id)).toBe("yes");
    expect(await prisma.smsInbound.count({ where: { fromNumber: mobile } })).toBe(0);
  });
});

describe("keywords", () => {
  it("STOP (any opt-out word) sets no, drops queued texts and answers once; START sets yes", async () => {
    const { user, mobile } = await texter();
    const now = new Date();
    await prisma.$transaction(() =>
      enqueueText(
        {
          dedupeKey: `stop-queued:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "Queued",
          userId: user.id,
          notBefore: new Date(now.getTime() + 3_600_000),
        },
        now,
      ),
    );
    const stopped = await receive(mobile, "  stop ");
    expect(stopped.status).toBe(200);
    const clinic = (await getClinicSettings()).clinicName;
    expect(stopped.reply).toBe(REPLIES.stopped(clinic));
    expect(stopped.reply).toContain("you will get no more texts");
    expect(await consentOf(user.id)).toBe("no");
    expect(
      await prisma.outboxMessage.findUniqueOrThrow({
        where: { dedupeKey: `sms:stop-queued:${user.id}` },
        select: { status: true, lastError: true },
      }),
    ).toEqual({ status: "dropped", lastError: DROP_REASONS.optedOut });
    expect((await receive(mobile, "UNSUBSCRIBE")).reply).toBeNull();
    const audit = await prisma.auditEntry.findFirstOrThrow({
      where: {
        patientId: user.id,
        action: "patient.sms_consent",
        summary: { contains: "no (by text)" },
      },
    });
    expect(audit.actorRole).toBe("system");

    const started = await receive(mobile, "Start");
    expect(started.reply).toBe(REPLIES.started(clinic));
    expect(await consentOf(user.id)).toBe("yes");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).smsConsentBy).toBe(
      "text",
    );
  });

  it("answers an unknown number's STOP once, and then staff cannot record a yes for that number", async () => {
    const number = nextMobile();
    expect((await receive(number, "STOP")).reply).not.toBeNull();
    expect((await receive(number, "stop")).reply).toBeNull();
    const caller = await createUser({ phone: "" });
    const desk = await createUser({ role: "reception" });
    expect(
      await recordDeskConsent({ id: desk.id, role: "reception" }, caller.id, {
        mobile: number,
        smsConsent: "yes",
      }),
    ).toMatchObject({ ok: false, message: CONSENT_MESSAGES.staffCannotReopen });
    // START from the number opens it again.
    await receive(number, "START");
    expect(
      await recordDeskConsent({ id: desk.id, role: "reception" }, caller.id, {
        mobile: number,
        smsConsent: "yes",
      }),
    ).toMatchObject({ ok: true });
  });

  it("acts on a webhook delivered twice only once", async () => {
    const { user, mobile } = await texter();
    const sid = freshSid();
    expect((await receive(mobile, "QUIT", sid)).reply).not.toBeNull();
    await changeSmsConsent(user.id, { consent: "yes" }, { source: "patient", userId: user.id });
    expect((await receive(mobile, "QUIT", sid)).reply).toBeNull();
    expect(await consentOf(user.id)).toBe("yes");
    expect(await prisma.smsInbound.count({ where: { messageSid: sid } })).toBe(1);
  });

  it("HELP answers with the clinic's phone and address", async () => {
    const { mobile } = await texter();
    const help = await receive(mobile, "help");
    expect(help.reply).toContain("+1 (555) 010-2040");
    expect(help.reply).toContain("1 Main Street, Springfield");
  });

  it("C confirms the patient's next visit, as the mail's confirm link does, audited", async () => {
    const { user, mobile } = await texter();
    const date = upcoming(TUESDAY, 2);
    const later = await storeAppointment({
      userId: user.id,
      serviceId,
      date: upcoming(TUESDAY, 3),
      time: "10:00",
    });
    const next = await storeAppointment({ userId: user.id, serviceId, date, time: "10:00" });
    const answer = await receive(mobile, "c");
    expect(answer.reply).toContain("is confirmed");
    expect((await prisma.appointment.findUniqueOrThrow({ where: { id: next.id } })).status).toBe(
      "confirmed",
    );
    expect((await prisma.appointment.findUniqueOrThrow({ where: { id: later.id } })).status).toBe(
      "booked",
    );
    const change = await prisma.appointmentStatusChange.findFirstOrThrow({
      where: { appointmentId: next.id, to: "confirmed" },
    });
    expect(change.note).toBe("Confirmed by the patient by text (C)");
    // The visit's history records it as the patient's own change, as the link's confirm does.
    expect(change.byUserId).toBe(user.id);
    // A number with no visit: the text waits for a person.
    const stranger = await receive(nextMobile(), "C");
    expect(stranger.reply).toBeNull();
    expect(await prisma.smsInbound.count({ where: { body: "C", keyword: null } })).toBe(1);
  });

  it("R puts the next visit in the desk's needs-attention and the inbox until handled", async () => {
    const { user, mobile } = await texter();
    const date = upcoming(TUESDAY, 4);
    const visit = await storeAppointment({ userId: user.id, serviceId, date, time: "11:00" });
    expect((await receive(mobile, "R")).reply).toContain("we will call you back");
    const attention = await appointmentsNeedingAttention({ from: date, to: date });
    expect(attention.find((entry) => entry.appointment._id === visit.id)?.reason).toBe(
      CALL_BACK_REASON,
    );

    const handled = await inboxAction(
      actionArgs(
        formPost("/staff/messages", { intent: "handled", number: mobile }, receptionCookie),
      ),
    );
    expect((await outcome(handled)).status).toBe(302);
    expect(
      (await appointmentsNeedingAttention({ from: date, to: date })).some(
        (entry) => entry.appointment._id === visit.id,
      ),
    ).toBe(false);
  });
});

describe("a patient's own data", () => {
  it("the download has their texts both ways and their consent; deleting the account removes them", async () => {
    const { user, mobile } = await texter();
    await receive(mobile, "Running ten minutes late");
    await prisma.$transaction(() =>
      enqueueText(
        {
          dedupeKey: `mine:${user.id}`,
          kind: "reminder",
          to: mobile,
          body: "Mine",
          userId: user.id,
        },
        new Date(),
      ),
    );
    const exported = await exportMyData(user);
    if (!exported.ok) throw new Error(exported.message);
    const { document } = exported;
    expect(document.profile).toMatchObject({ mobile, smsConsent: { answer: "yes" } });
    expect(document.textsReceived.map((text) => text.body)).toEqual(["Running ten minutes late"]);
    expect(document.mails).toEqual([
      expect.objectContaining({ channel: "sms", toAddress: mobile, kind: "reminder" }),
    ]);

    const deleted = await deleteMyAccount(
      user,
      { password: TEST_PASSWORD },
      { request: new Request("http://localhost/user/delete-account", { method: "POST" }) },
    );
    expect(deleted).toMatchObject({ ok: true });
    expect(await prisma.smsInbound.count({ where: { fromNumber: mobile } })).toBe(0);
    expect(await prisma.outboxMessage.count({ where: { toAddress: mobile } })).toBe(0);
  });
});

describe("the messages inbox", () => {
  it("lists other texts by number, matched or unknown, answers through the outbox and marks them handled", async () => {
    const { user, mobile } = await texter();
    const unknown = nextMobile();
    expect((await receive(mobile, "Can I bring my daughter along?")).reply).toBeNull();
    await receive(unknown, "Who is this?");
    const frame = await staffLayout(loaderArgs(get("/staff", receptionCookie)));
    expect((frame as { waitingTexts: number }).waitingTexts).toBeGreaterThanOrEqual(2);

    const list = (await inboxLoader(
      loaderArgs(get("/staff/messages", receptionCookie)),
    )) as Awaited<ReturnType<typeof inboxLoader>>;
    const mine = list.conversations.find((c) => c.number === mobile)!;
    expect(mine.patients).toEqual([{ id: user.id, name: user.name }]);
    expect(mine.unhandled).toBe(1);
    expect(list.conversations.find((c) => c.number === unknown)!.patients).toEqual([]);

    const open = (await inboxLoader(
      loaderArgs(get(`/staff/messages?number=${encodeURIComponent(mobile)}`, receptionCookie)),
    )) as Awaited<ReturnType<typeof inboxLoader>>;
    expect(open.open!.lines.map((line) => line.body)).toContain("Can I bring my daughter along?");

    const empty = await inboxAction(
      actionArgs(
        formPost(
          "/staff/messages",
          { intent: "reply", number: mobile, body: "  " },
          receptionCookie,
        ),
      ),
    );
    expect(await outcome(empty)).toMatchObject({ status: 400 });
    const replied = await inboxAction(
      actionArgs(
        formPost(
          "/staff/messages",
          { intent: "reply", number: mobile, body: "Yes, of course." },
          receptionCookie,
        ),
      ),
    );
    expect((await outcome(replied)).status).toBe(302);
    const noon = clinicTimeToUtc(upcoming(TUESDAY, 1), "12:00");
    await deliverDue(noon);
    expect(stand.texts.filter((text) => text.to === mobile).map((text) => text.body)).toEqual([
      "Yes, of course. Reply STOP to opt out",
    ]);
    await inboxAction(
      actionArgs(
        formPost("/staff/messages", { intent: "handled", number: mobile }, receptionCookie),
      ),
    );
    expect(await prisma.smsInbound.count({ where: { fromNumber: mobile, handledAt: null } })).toBe(
      0,
    );
  });

  it("keeps a text's words without a null character (PostgreSQL's text cannot hold one)", async () => {
    const { mobile } = await texter();
    expect((await receive(mobile, "Running\u0000 late\u0000")).status).toBe(200);
    const open = (await inboxLoader(
      loaderArgs(get(`/staff/messages?number=${encodeURIComponent(mobile)}`, receptionCookie)),
    )) as Awaited<ReturnType<typeof inboxLoader>>;
    expect(open.open!.lines.map((line) => line.body)).toContain("Running late");
  });

  it("is for reception and admins only", async () => {
    const refused = await inboxLoader(loaderArgs(get("/staff/messages", dentistCookie))).catch(
      (error: unknown) => error,
    );
    expect((await outcome(refused)).status).toBe(403);
  });

  it("answers junk with 400 and never a 5xx, and limits each number", async () => {
    const junk = await inboundWebhook(
      actionArgs(signedWebhook("/webhooks/sms", { Body: "no sender" })),
    );
    expect(junk.status).toBe(400);
    const flood = nextMobile();
    const answers = [];
    for (let i = 0; i < 12; i += 1) answers.push((await receive(flood, `message ${i}`)).status);
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
    expect(getEnv().APP_URL).toMatch(/^http/);
  });
});
