// The mail outbox against a real SQLite file and a real SMTP server on loopback, with the
// clock in the test's hands: enqueue, run a delivery pass at a chosen instant, read what
// the SMTP server received.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  claimNext,
  deliverDue,
  enqueueMail,
  outboxPolicy,
  type NewOutboxMessage,
} from "~/models/mail/outbox.server";
import { OUTBOX_MESSAGES } from "~/models/mail/outbox-admin.server";
import { requestPasswordReset } from "~/models/accounts/password-reset.server";
import { loader as listApi } from "~/routes/api.admin.outbox";
import { action as retryApi } from "~/routes/api.admin.outbox.$id.retry";
import { prisma } from "~/infra/db.server";
import { STAFF_ONLY_MESSAGE } from "~/models/roles";
import { createUser, sessionFor } from "../../support/factories";
import { startSmtpSink } from "../../support/smtp-sink";
import { freshIp, jsonRequest, loaderArgs } from "../../support/auth-helpers";

const T0 = new Date("2030-03-04T09:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;
const policy = outboxPolicy();

/** SMTP codes the sink answers the next messages with; empty: it accepts them. */
const refusals: number[] = [];
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink({ refuse: () => refusals.shift() ?? null });
  process.env.SMTP_URL = sink.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await sink.close();
});
beforeEach(async () => {
  refusals.length = 0;
  await prisma.outboxMessage.deleteMany();
});

let counter = 0;
function message(overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage {
  counter += 1;
  return {
    dedupeKey: `test:${counter}`,
    kind: "booking",
    to: `outbox-${counter}@example.com`,
    subject: `Test message ${counter}`,
    text: `Hello ${counter}`,
    ...overrides,
  };
}

const row = (dedupeKey: string) => prisma.outboxMessage.findUniqueOrThrow({ where: { dedupeKey } });
const received = (to: string) => sink.messages.filter((mail) => mail.to.includes(to));

describe("enqueueMail", () => {
  it("writes the message in the caller's batch transaction, once per dedupe key", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    const first = message({ userId: user.id });
    await prisma.$transaction([
      prisma.user.update({ where: { id: user.id }, data: { name: "Changed" } }),
      enqueueMail(first, T0),
    ]);
    // The same cause again (a retried request, a second sweep): nothing new, no error.
    await prisma.$transaction([enqueueMail({ ...first, subject: "Other" }, T0)]);
    const rows = await prisma.outboxMessage.findMany({ where: { dedupeKey: first.dedupeKey } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: first.subject,
      status: "pending",
      attempts: 0,
      userId: user.id,
      nextAttemptAt: T0,
    });
  });

  it("writes nothing when the caller's interactive transaction fails", async () => {
    const user = await createUser();
    const lost = message();
    await expect(
      prisma.$transaction(async (tx) => {
        await enqueueMail(lost, T0);
        // The cause fails after the message was written: both must go.
        await tx.user.create({ data: { name: "Dup", email: user.email } });
      }),
    ).rejects.toThrow();
    expect(await prisma.outboxMessage.count({ where: { dedupeKey: lost.dedupeKey } })).toBe(0);
  });
});

describe("deliverDue", () => {
  it("sends what is due at that instant, nothing earlier, and marks it sent", async () => {
    const now = message();
    const later = message({ notBefore: at(30 * MINUTE) });
    await enqueueMail(now, T0);
    await enqueueMail(later, T0);

    expect(await deliverDue(T0)).toMatchObject({ claimed: 1, sent: 1 });
    const sent = await row(now.dedupeKey);
    expect(sent).toMatchObject({ status: "sent", sentAt: T0, attempts: 1, lockedUntil: null });
    const [mail] = received(now.to);
    expect(mail).toMatchObject({
      subject: now.subject,
      messageId: `<outbox-${sent.id}@localhost>`,
    });
    expect(mail!.text.trim()).toBe(now.text);
    expect(received(later.to)).toEqual([]);

    expect(await deliverDue(at(30 * MINUTE - 1))).toMatchObject({ claimed: 0 });
    expect(await deliverDue(at(30 * MINUTE))).toMatchObject({ claimed: 1, sent: 1 });
    expect(received(later.to)).toHaveLength(1);
    // Nothing is sent twice by later passes.
    expect(await deliverDue(at(60 * MINUTE))).toMatchObject({ claimed: 0 });
    expect(received(now.to)).toHaveLength(1);
  });

  it("asks the pass's clock at each claim: a long pass hands out no claim already run out", async () => {
    const mails = [message(), message(), message()];
    for (const mail of mails) await enqueueMail(mail, T0);
    // A slow mail server: each claim comes 20 s after the one before, and claims last 10 s.
    let claims = 0;
    const clock = () => at(claims++ * 20_000);
    const shortClaims = { ...policy, lockMs: 10_000 };
    expect(await deliverDue(clock, { policy: shortClaims })).toMatchObject({ claimed: 3, sent: 3 });
    // Each was claimed (and recorded sent) at its own instant, not at the pass's start, so its
    // claim ran 10 s from then: a pass that held one clock would have claimed the third at
    // T0 with 40 s gone, a claim another instance could take at once and send again.
    const rows = await Promise.all(mails.map((mail) => row(mail.dedupeKey)));
    expect(rows.map((r) => r.sentAt!.getTime()).sort()).toEqual(
      [0, 20_000, 40_000].map((ms) => at(ms).getTime()),
    );
    expect(rows.map((r) => r.attempts)).toEqual([1, 1, 1]);
  });

  it("retries a refused message with exponential backoff until the server takes it", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const flaky = message();
    await enqueueMail(flaky, T0);
    refusals.push(451, 451);

    expect(await deliverDue(T0)).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await row(flaky.dedupeKey)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: at(MINUTE),
      lastError: expect.stringContaining("451"),
    });
    expect(await deliverDue(at(MINUTE - 1))).toMatchObject({ claimed: 0 });
    expect(await deliverDue(at(MINUTE))).toMatchObject({ claimed: 1, retrying: 1 });
    // Twice as long after the second failure.
    expect(await row(flaky.dedupeKey)).toMatchObject({
      attempts: 2,
      nextAttemptAt: at(3 * MINUTE),
    });
    expect(await deliverDue(at(3 * MINUTE - 1))).toMatchObject({ claimed: 0 });
    expect(await deliverDue(at(3 * MINUTE))).toMatchObject({ claimed: 1, sent: 1 });
    expect(await row(flaky.dedupeKey)).toMatchObject({ status: "sent", attempts: 3 });
    expect(received(flaky.to)).toHaveLength(1);
    expect(warnings).toHaveBeenCalledTimes(2);
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const doomed = message();
    await enqueueMail(doomed, T0);
    refusals.push(...Array<number>(policy.maxAttempts).fill(421));
    let clock = T0;
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt += 1) {
      expect(await deliverDue(clock)).toMatchObject({ claimed: 1 });
      clock = (await row(doomed.dedupeKey)).nextAttemptAt;
    }
    expect(await row(doomed.dedupeKey)).toMatchObject({
      status: "failed",
      attempts: policy.maxAttempts,
    });
    expect(await deliverDue(at(365 * 24 * 60 * MINUTE))).toMatchObject({ claimed: 0 });
    expect(received(doomed.to)).toEqual([]);
  });

  it("erases a one-time link from the database once its mail is delivered", async () => {
    const user = await createUser();
    const asked = await requestPasswordReset(
      { email: user.email, newPassword: "ignored-by-design" },
      { clientIp: freshIp() },
    );
    expect(asked.ok).toBe(true);
    const pending = await prisma.outboxMessage.findFirstOrThrow({ where: { userId: user.id } });
    expect(pending.text).toMatch(/\/reset-password\/[\w-]{32,}/);
    await deliverDue(new Date(Date.now() + 1000));
    const mail = await sink.waitFor(user.email);
    expect(mail.text).toMatch(/\/reset-password\/[\w-]{32,}/);
    const sent = await prisma.outboxMessage.findUniqueOrThrow({ where: { id: pending.id } });
    expect(sent.status).toBe("sent");
    expect(sent.text).not.toMatch(/reset-password/);
    expect(sent.html).toBeNull();
  });
});

describe("claimNext", () => {
  it("gives one due message to one of two workers reaching for it at once", async () => {
    await enqueueMail(message(), T0);
    const claims = await Promise.all([claimNext(T0, policy), claimNext(T0, policy)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(claims.find(Boolean)).toMatchObject({
      status: "sending",
      attempts: 1,
      lockedUntil: at(policy.lockMs),
    });
  });

  it("takes back a claimed message only once its claim has expired (its worker died)", async () => {
    const stuck = message();
    await enqueueMail(stuck, T0);
    expect(await claimNext(T0, policy)).not.toBeNull();
    expect(await claimNext(at(policy.lockMs - 1), policy)).toBeNull();
    const again = await claimNext(at(policy.lockMs), policy);
    expect(again).toMatchObject({ dedupeKey: stuck.dedupeKey, attempts: 2 });
  });
});

describe("the staff outbox routes", () => {
  async function failedMessage() {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const refused = message();
    await enqueueMail(refused, T0);
    refusals.push(550);
    expect(await deliverDue(T0)).toMatchObject({ failed: 1 });
    return row(refused.dedupeKey);
  }
  const list = (query: string, token?: string) =>
    listApi(
      loaderArgs(
        jsonRequest(
          `/api/admin/outbox${query}`,
          "GET",
          undefined,
          token ? { authorization: token } : {},
        ),
      ),
    );
  const retry = (id: string, token?: string) =>
    retryApi(
      loaderArgs(
        jsonRequest(
          `/api/admin/outbox/${id}/retry`,
          "POST",
          {},
          token ? { authorization: token } : {},
        ),
        { id },
      ),
    );

  it("lists a permanently refused message as failed, and a retry delivers it", async () => {
    const failed = await failedMessage();
    expect(failed.lastError).toContain("550");
    const admin = (await sessionFor(await createUser({ role: "admin" }))).token;

    const listed = await list("?status=failed", admin);
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { messages: Array<Record<string, unknown>> };
    expect(body.messages).toEqual([
      expect.objectContaining({
        id: failed.id,
        status: "failed",
        attempts: 1,
        subject: failed.subject,
        problem: "The recipient's mail server refused the address (no such mailbox).",
      }),
    ]);
    // Staff never see a message's text: it may carry someone's one-time link.
    expect(body.messages[0]).not.toHaveProperty("text");

    const retried = await retry(failed.id, admin);
    expect(retried.status).toBe(200);
    expect(await row(failed.dedupeKey)).toMatchObject({ status: "pending", attempts: 0 });
    await deliverDue(new Date(Date.now() + 1000));
    expect(await row(failed.dedupeKey)).toMatchObject({ status: "sent" });
    expect(received(failed.toAddress)).toHaveLength(1);
    expect(await (await list("?status=failed", admin)).json()).toMatchObject({ messages: [] });
  });

  it("lets reception list and retry, like the failed-mail screen", async () => {
    const failed = await failedMessage();
    const reception = (await sessionFor(await createUser({ role: "reception" }))).token;
    expect((await list("?status=failed", reception)).status).toBe(200);
    expect((await retry(failed.id, reception)).status).toBe(200);
    expect(await row(failed.dedupeKey)).toMatchObject({ status: "pending" });
  });

  it("refuses a visitor (401), a patient and a dentist (403)", async () => {
    const failed = await failedMessage();
    const patient = (await sessionFor(await createUser())).token;
    const dentist = (await sessionFor(await createUser({ role: "dentist" }))).token;
    for (const call of [() => list("?status=failed"), () => retry(failed.id)]) {
      expect((await call()).status).toBe(401);
    }
    for (const call of [
      () => list("?status=failed", patient),
      () => retry(failed.id, patient),
      () => list("?status=failed", dentist),
      () => retry(failed.id, dentist),
    ]) {
      const response = await call();
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ success: false, message: STAFF_ONLY_MESSAGE });
    }
    expect(await row(failed.dedupeKey)).toMatchObject({ status: "failed" });
  });

  it("answers a clear message for an unknown status, an unknown id and a message not failed", async () => {
    const admin = (await sessionFor(await createUser({ role: "admin" }))).token;
    const bad = await list("?status=whatever", admin);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: false, message: OUTBOX_MESSAGES.badStatus });
    const unknown = await retry("no-such-id", admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, message: OUTBOX_MESSAGES.notFound });
    const pending = message();
    await enqueueMail(pending, T0);
    const notFailed = await retry((await row(pending.dedupeKey)).id, admin);
    expect(notFailed.status).toBe(409);
    expect(await notFailed.json()).toEqual({ success: false, message: OUTBOX_MESSAGES.notFailed });
  });
});
