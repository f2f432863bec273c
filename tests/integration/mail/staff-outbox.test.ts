// The failed-mail screen (/staff/outbox): an admin sees failed messages and those stuck in
// sending past their claim, pages through them, and sends one or all failed ones again:
// each retry is audited in its own transaction, and the worker then delivers the message
// to the (real, loopback) SMTP server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OUTBOX_MESSAGES, UNDELIVERED_PAGE_SIZE } from "~/models/mail/outbox-admin.server";
import { deliverDue } from "~/models/mail/outbox.server";
import { loader as staffFrame } from "~/routes/staff";
import { action, loader } from "~/routes/staff.outbox";
import { prisma } from "~/infra/db.server";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";
import { startSmtpSink } from "../../support/smtp-sink";
import { actionArgs, formPost, get, loaderArgs, settle, toastOf } from "../../support/auth-helpers";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink.close();
});
beforeEach(async () => {
  await prisma.outboxMessage.deleteMany();
});

let counter = 0;
async function undelivered(
  status: "failed" | "sending" | "pending" | "sent",
  extra: {
    lockedUntil?: Date;
    createdAt?: Date;
    kind?: string;
    lastError?: string;
    appointmentId?: string;
  } = {},
) {
  counter += 1;
  return prisma.outboxMessage.create({
    data: {
      dedupeKey: `screen:${counter}:${Date.now()}`,
      kind: "booking",
      toAddress: `failed-${counter}@example.com`,
      subject: `Your visit ${counter}`,
      text: "Hello",
      status,
      attempts: status === "failed" ? 5 : 1,
      lastError: status === "failed" ? "550 Mailbox unavailable" : null,
      ...extra,
    },
  });
}

async function adminCookie() {
  return (await sessionFor(await createUser({ role: "admin" }))).cookie;
}

describe("the failed-mail screen", () => {
  it("lists failed and stuck messages only, newest first, a page at a time", async () => {
    const cookie = await adminCookie();
    const now = Date.now();
    const failed = [];
    for (let i = 0; i < UNDELIVERED_PAGE_SIZE; i += 1) {
      failed.push(await undelivered("failed", { createdAt: new Date(now - (i + 10) * 60_000) }));
    }
    const stuck = await undelivered("sending", {
      lockedUntil: new Date(now - 60_000),
      createdAt: new Date(now),
    });
    await undelivered("sending", { lockedUntil: new Date(now + 60 * 60_000) });
    await undelivered("pending");
    await undelivered("sent");

    const first = await loader(loaderArgs(get("/staff/outbox", cookie)));
    expect(first.failed).toBe(UNDELIVERED_PAGE_SIZE);
    expect(first.messages[0]).toMatchObject({ id: stuck.id, stuck: true });
    expect(first.messages.slice(1).map((message) => message.id)).toEqual(
      failed.slice(0, UNDELIVERED_PAGE_SIZE - 1).map((message) => message.id),
    );
    expect(first.messages[1]).toMatchObject({
      lastError: "550 Mailbox unavailable",
      attempts: 5,
      stuck: false,
    });
    expect(first.messages[1]).not.toHaveProperty("text");
    expect(first.older).not.toBeNull();

    const second = await loader(loaderArgs(get(first.older!, cookie)));
    expect(second.messages.map((message) => message.id)).toEqual([failed.at(-1)!.id]);
    expect(second.older).toBeNull();
    expect(second.first).toBe("/staff/outbox");
  });

  it("sends one failed message again: audited, then delivered to the SMTP server", async () => {
    const admin = await createUser({ role: "admin" });
    const { cookie } = await sessionFor(admin);
    const message = await undelivered("failed");
    const result = await settle(() =>
      action(
        actionArgs(formPost("/staff/outbox", { intent: "retry", messageId: message.id }, cookie)),
      ),
    );
    expect(result).toMatchObject({ status: 302, location: "/staff/outbox" });
    expect(await toastOf(result.headers)).toMatchObject({
      type: "success",
      message: `The message to ${message.toAddress} is queued to be sent again.`,
    });
    expect(
      await prisma.outboxMessage.findUniqueOrThrow({ where: { id: message.id } }),
    ).toMatchObject({ status: "pending", attempts: 0 });
    expect(
      await prisma.auditEntry.findFirstOrThrow({ where: { entityId: message.id } }),
    ).toMatchObject({ action: "outbox.retry", actorId: admin.id, actorRole: "admin" });

    await deliverDue(new Date(Date.now() + 1000));
    expect(sink.messages.filter((mail) => mail.to.includes(message.toAddress))).toHaveLength(1);
  });

  it("sends every failed message again at once with one audit entry", async () => {
    const admin = await createUser({ role: "admin" });
    const { cookie } = await sessionFor(admin);
    const failed = [await undelivered("failed"), await undelivered("failed")];
    const sent = await undelivered("sent");
    const result = await settle(() =>
      action(actionArgs(formPost("/staff/outbox", { intent: "retry-all" }, cookie))),
    );
    expect(result.status).toBe(302);
    expect(await toastOf(result.headers)).toMatchObject({
      message: "2 messages are queued to be sent again.",
    });
    const rows = await prisma.outboxMessage.findMany({
      where: { id: { in: failed.map((row) => row.id) } },
    });
    expect(rows.map((row) => row.status)).toEqual(["pending", "pending"]);
    expect((await prisma.outboxMessage.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe(
      "sent",
    );
    expect(
      await prisma.auditEntry.findMany({
        where: { actorId: admin.id, action: "outbox.retry_all" },
        select: { after: true },
      }),
    ).toEqual([{ after: JSON.stringify({ retried: 2 }) }]);
  });

  it("refuses a retry of a message that has not failed, an unknown one, and nonsense", async () => {
    const cookie = await adminCookie();
    const pending = await undelivered("pending");
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ intent: "retry", messageId: pending.id }, 409, "Only a failed message can be retried."],
      [
        { intent: "retry", messageId: "no-such-id" },
        404,
        "There is no such message in the outbox.",
      ],
      [{ intent: "retry" }, 400, OUTBOX_MESSAGES.choose],
      [{ intent: "explode", messageId: pending.id }, 400, OUTBOX_MESSAGES.choose],
    ];
    for (const [fields, status, error] of cases) {
      const result = await settle(() =>
        action(actionArgs(formPost("/staff/outbox", fields, cookie))),
      );
      expect(result).toMatchObject({ status, body: { error } });
    }
    expect(
      (await prisma.outboxMessage.findUniqueOrThrow({ where: { id: pending.id } })).status,
    ).toBe("pending");
    expect(await prisma.auditEntry.count({ where: { entityId: pending.id } })).toBe(0);
  });

  it("lets reception see failed mail and send it again; a dentist gets 403", async () => {
    const reception = await createUser({ role: "reception" });
    const { cookie } = await sessionFor(reception);
    const message = await undelivered("failed");
    const listed = await loader(loaderArgs(get("/staff/outbox", cookie)));
    expect(listed.messages.map((row) => row.id)).toEqual([message.id]);
    const result = await settle(() =>
      action(
        actionArgs(formPost("/staff/outbox", { intent: "retry", messageId: message.id }, cookie)),
      ),
    );
    expect(result).toMatchObject({ status: 302, location: "/staff/outbox" });
    expect(
      await prisma.auditEntry.findFirstOrThrow({ where: { entityId: message.id } }),
    ).toMatchObject({ action: "outbox.retry", actorId: reception.id, actorRole: "reception" });

    const dentist = (await sessionFor(await createUser({ role: "dentist" }))).cookie;
    const again = await undelivered("failed");
    const refused = await settle(() =>
      action(
        actionArgs(formPost("/staff/outbox", { intent: "retry", messageId: again.id }, dentist)),
      ),
    );
    expect(refused.status).toBe(403);
    expect((await settle(() => loader(loaderArgs(get("/staff/outbox", dentist))))).status).toBe(
      403,
    );
    expect((await prisma.outboxMessage.findUniqueOrThrow({ where: { id: again.id } })).status).toBe(
      "failed",
    );
  });

  it("says why in plain words, names the kind and links to the visit it is about", async () => {
    const cookie = await adminCookie();
    const service = await createService({ name: "Outbox Check-up" });
    const visit = await storeAppointment({
      userId: null,
      serviceId: service.id,
      date: "2031-03-04",
      time: "10:30",
    });
    const refused = await undelivered("failed", {
      kind: "waitlist_offer",
      lastError: "ESOCKET: connect ECONNREFUSED 127.0.0.1:587",
      appointmentId: visit.id,
    });
    // A visit deleted since (an account's deletion) leaves the message without a link.
    const orphan = await undelivered("failed", { appointmentId: "gone-visit" });
    const { messages } = await loader(loaderArgs(get("/staff/outbox", cookie)));
    expect(messages.find((row) => row.id === refused.id)).toMatchObject({
      kind: "waitlist_offer",
      kindLabel: "Waiting-list offer",
      problem: "The mail server refused the connection.",
      lastError: "ESOCKET: connect ECONNREFUSED 127.0.0.1:587",
      appointment: {
        id: visit.id,
        date: "2031-03-04",
        time: "10:30",
        patient: "Stored Patient",
        service: "Outbox Check-up",
      },
    });
    expect(messages.find((row) => row.id === orphan.id)).toMatchObject({
      kindLabel: "Booking confirmation",
      problem: "The recipient's mail server refused the address (no such mailbox).",
      appointment: null,
    });
  });
});

describe("the staff navigation's failed-mail badge", () => {
  it("counts failed messages for reception and admins, and is not read for a dentist", async () => {
    await undelivered("failed");
    await undelivered("failed");
    await undelivered("sending", { lockedUntil: new Date(Date.now() - 60_000) });
    await undelivered("pending");
    for (const role of ["reception", "admin"] as const) {
      const { cookie } = await sessionFor(await createUser({ role }));
      const frame = await staffFrame(loaderArgs(get("/staff", cookie)));
      expect(frame.failedMail, role).toBe(2);
      expect(frame.screens.map((screen) => screen.path)).toContain("/staff/outbox");
    }
    const { cookie } = await sessionFor(await createUser({ role: "dentist" }));
    const frame = await staffFrame(loaderArgs(get("/staff", cookie)));
    expect(frame.failedMail).toBe(0);
    expect(frame.screens.map((screen) => screen.path)).not.toContain("/staff/outbox");
  });
});
