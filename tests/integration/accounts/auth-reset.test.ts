import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  applyPasswordReset,
  requestPasswordReset,
  RESET_MESSAGES,
} from "~/models/accounts/password-reset.server";
import type * as PasswordResetModel from "~/models/accounts/password-reset.server";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as chooseAction, loader as linkLoader } from "~/routes/reset-password.$token";
import { prisma } from "~/infra/db.server";
import { verifyPassword } from "~/infra/password.server";
import { RATE_LIMIT_MESSAGE } from "~/infra/rate-limit.server";
import { createUser, sessionFor } from "../../support/factories";
import { startSmtpSink } from "../../support/smtp-sink";
import { startOutboxWorker, type OutboxWorker } from "~/models/mail/outbox.server";
import {
  actionArgs,
  formPost,
  freshIp,
  get,
  loaderArgs,
  settle,
  toastOf,
} from "../../support/auth-helpers";

vi.hoisted(() => {
  process.env.APP_URL = "https://clinic.example";
});

// The routes' own catch is under test too: the domain functions throw once on demand.
vi.mock("~/models/accounts/password-reset.server", async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordResetModel>();
  return {
    ...actual,
    requestPasswordReset: vi.fn(actual.requestPasswordReset),
    applyPasswordReset: vi.fn(actual.applyPasswordReset),
  };
});

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let worker: OutboxWorker;
beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  // Mail leaves through the outbox: its worker runs here as in the server.
  worker = startOutboxWorker({ pollSeconds: 1 });
});
afterAll(async () => {
  await worker.stop();
  delete process.env.SMTP_URL;
  await sink.close();
});

const LINK = /https:\/\/clinic\.example\/reset-password\/([A-Za-z0-9_-]+)/;

async function requestReset(fields: Record<string, string>, ip = freshIp()) {
  return settle(() => forgotAction(actionArgs(formPost("/forgot-password", fields), ip)));
}

async function tokenFromMail(to: string) {
  const mail = await sink.waitFor(to, (message) => LINK.test(message.text));
  return LINK.exec(mail.text)![1]!;
}

const openLink = (token: string) =>
  settle(() => linkLoader(loaderArgs(get(`/reset-password/${token}`), { token })));
/** Posts the link's form: the new password, typed twice (the same unless given). */
const choose = (token: string, password = "chosen-by-owner", confirmPassword = password) =>
  settle(() =>
    chooseAction(
      actionArgs(formPost(`/reset-password/${token}`, { password, confirmPassword }), freshIp(), {
        token,
      }),
    ),
  );

async function passwordWorks(userId: string, password: string) {
  const current = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
  return current.passwordHash !== null && verifyPassword(password, current.passwordHash);
}

describe("password reset through the mailed link", () => {
  it("lets the mailbox owner choose the password; the request's newPassword sets nothing", async () => {
    const user = await createUser({ password: "old-password" });
    await sessionFor(user);

    const requested = await requestReset({ email: user.email, newPassword: "attacker-choice" });
    expect(requested).toMatchObject({ status: 302, location: "/login" });
    expect(await toastOf(requested.headers)).toEqual({
      type: "success",
      message: RESET_MESSAGES.requested,
    });

    const token = await tokenFromMail(user.email);
    // The mail as the owner reads it: what it is, the absolute link, and what to do if not asked.
    const mail = sink.messages.find((message) => message.to.includes(user.email))!;
    expect(mail.subject).toBe("Choose a new password");
    expect(mail.text).toContain(
      `To choose a new password, open this link within one hour: https://clinic.example/reset-password/${token}\n`,
    );
    expect(mail.text).toContain("If it was not you, ignore this e-mail");
    expect(mail.html).toContain(`href="https://clinic.example/reset-password/${token}"`);
    const stored = await prisma.passwordReset.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toBe(token);
    expect(JSON.stringify(stored)).not.toContain("attacker-choice");
    expect(await passwordWorks(user.id, "old-password")).toBe(true);

    // Opening the link shows the form; it changes nothing by itself.
    expect(await openLink(token)).toMatchObject({ status: 200, body: { linkProblem: null } });
    expect(await passwordWorks(user.id, "old-password")).toBe(true);

    const applied = await choose(token, "chosen-by-owner");
    expect(applied).toMatchObject({ status: 302, location: "/login" });
    expect(await toastOf(applied.headers)).toEqual({
      type: "success",
      message: RESET_MESSAGES.applied,
    });
    expect(await passwordWorks(user.id, "chosen-by-owner")).toBe(true);
    expect(await passwordWorks(user.id, "old-password")).toBe(false);
    expect(await passwordWorks(user.id, "attacker-choice")).toBe(false);
    // Every session and API token of the user ended, including the one opened before.
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);

    // Single use.
    expect(await openLink(token)).toMatchObject({
      status: 410,
      body: { linkProblem: RESET_MESSAGES.used },
    });
    expect(await choose(token, "another-choice")).toMatchObject({
      status: 410,
      body: { linkProblem: RESET_MESSAGES.used },
    });
    expect(await passwordWorks(user.id, "chosen-by-owner")).toBe(true);
  });

  it.each([
    ["", "", "Fill All Details"],
    ["", "whatever1", "please Enter your new password"],
    ["abc", "abc", "password need minimum 5 character"],
    ["long-enough", "", "please Enter your new password again"],
    ["long-enough", "long-enougH", "The two passwords do not match"],
  ])(
    "keeps the link and the password when the form has %j / %j (%s)",
    async (password, again, message) => {
      const user = await createUser({ password: "old-password" });
      await requestReset({ email: user.email, newPassword: "ignored-pass" });
      const token = await tokenFromMail(user.email);
      expect(await choose(token, password, again)).toMatchObject({
        status: 400,
        body: { error: message, linkProblem: null },
      });
      expect(await passwordWorks(user.id, "old-password")).toBe(true);
      // The link still works for a correct try.
      expect((await choose(token, "now-right", "now-right")).status).toBe(302);
    },
  );

  it("verifies the address: the link reached the mailbox", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    await requestReset({ email: user.email, newPassword: "ignored-pass" });
    expect((await choose(await tokenFromMail(user.email))).status).toBe(302);
    const current = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(current.emailVerifiedAt).not.toBeNull();
  });

  it("lets an account without a password (not a Google one) choose one", async () => {
    const record = await prisma.user.create({
      data: { name: "Phone Caller", email: `caller-${Date.now()}@example.com` },
    });
    await requestReset({ email: record.email, newPassword: "ignored-pass" });
    expect((await choose(await tokenFromMail(record.email), "caller-pass")).status).toBe(302);
    expect(await passwordWorks(record.id, "caller-pass")).toBe(true);
  });

  it("refuses a link older than one hour", async () => {
    const user = await createUser({ password: "old-password" });
    await requestReset({ email: user.email, newPassword: "new-password" });
    const token = await tokenFromMail(user.email);
    await prisma.passwordReset.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await openLink(token)).toMatchObject({
      status: 410,
      body: { linkProblem: RESET_MESSAGES.expired },
    });
    expect(await choose(token)).toMatchObject({
      status: 410,
      body: { linkProblem: RESET_MESSAGES.expired },
    });
    expect(await passwordWorks(user.id, "old-password")).toBe(true);
  });

  it("stores links valid for one hour", async () => {
    const user = await createUser();
    const before = Date.now();
    await requestReset({ email: user.email, newPassword: "new-password" });
    const stored = await prisma.passwordReset.findFirstOrThrow({ where: { userId: user.id } });
    const ttl = stored.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);
  });

  it("retires the user's other open links once one is used", async () => {
    const user = await createUser({ password: "old-password" });
    await requestReset({ email: user.email, newPassword: "first-choice" });
    const first = await tokenFromMail(user.email);
    const seen = sink.messages.length;
    await requestReset({ email: user.email, newPassword: "second-choice" });
    const mail = await sink.waitFor(
      user.email,
      (message) => sink.messages.indexOf(message) >= seen && LINK.test(message.text),
    );
    const second = LINK.exec(mail.text)![1]!;
    expect((await choose(second, "second-choice")).status).toBe(302);
    expect((await choose(first, "first-choice")).status).toBe(410);
    expect(await passwordWorks(user.id, "second-choice")).toBe(true);
  });

  it("answers an unknown token with a clear 404 message", async () => {
    expect(await openLink("not-a-token")).toMatchObject({
      status: 404,
      body: { linkProblem: RESET_MESSAGES.invalid },
    });
    expect((await choose("not-a-token")).status).toBe(404);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const result = await requestReset({
      email: "nobody-here@example.com",
      newPassword: "whatever1",
    });
    expect(result).toMatchObject({ status: 302, location: "/login" });
    expect(await toastOf(result.headers)).toEqual({
      type: "success",
      message: RESET_MESSAGES.requested,
    });
    expect(
      await prisma.passwordReset.count({ where: { user: { email: "nobody-here@example.com" } } }),
    ).toBe(0);
    // A mail the app sends after this one reaches the sink: any mail to the unknown
    // address would have been on its way first.
    const later = await createUser({ provider: "google", googleId: "g-reset-later" });
    await requestReset({ email: later.email, newPassword: "whatever1" });
    await sink.waitFor(later.email);
    await sink.idle();
    expect(sink.messages.some((mail) => mail.to.includes("nobody-here@example.com"))).toBe(false);
  });

  it("tells a Google-only account how to sign in instead of storing a password", async () => {
    const user = await createUser({ provider: "google", googleId: "g-reset-1" });
    const result = await requestReset({ email: user.email, newPassword: "whatever1" });
    expect(await toastOf(result.headers)).toEqual({
      type: "success",
      message: RESET_MESSAGES.requested,
    });
    const mail = await sink.waitFor(user.email);
    expect(mail.subject).toBe("Your Dental Clinic account signs in with Google");
    expect(mail.text).toContain("signs in with Google");
    expect(mail.text).toContain("choose 'Join with google' on https://clinic.example/login");
    expect(mail.text).not.toMatch(LINK);
    expect(await prisma.passwordReset.count({ where: { userId: user.id } })).toBe(0);
  });

  it.each([
    [{ email: "", newPassword: "" }, "Fill All Details"],
    [{ email: "", newPassword: "secret1" }, "please Enter your email"],
    [{ email: "a@example.com", newPassword: "" }, "please Enter your new password"],
    [{ email: "a@example.com", newPassword: "abc" }, "password need minimum 5 character"],
  ])("re-renders %j with %s", async (fields, message) => {
    const result = await requestReset(fields);
    expect(result).toMatchObject({
      status: 400,
      body: { error: message, values: { email: fields.email } },
    });
  });

  it("is rate limited per client", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) await requestReset({ email: "", newPassword: "" }, ip);
    const limited = await requestReset({ email: "a@example.com", newPassword: "secret1" }, ip);
    expect(limited).toMatchObject({ status: 429, body: { error: RATE_LIMIT_MESSAGE } });
  });

  it("answers 'Something went wrong' when the request or the link throws, without internals", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(requestPasswordReset).mockRejectedValueOnce(new Error("SMTP internals"));
    const requested = await requestReset({ email: "a@example.com", newPassword: "secret1" });
    expect(requested).toMatchObject({ status: 500, body: { error: "Something went wrong" } });
    vi.mocked(applyPasswordReset).mockRejectedValueOnce(new Error("SQLITE internals"));
    const confirmed = await choose("some-token");
    expect(confirmed).toMatchObject({ status: 500, body: { error: "Something went wrong" } });
    expect(JSON.stringify([requested.body, confirmed.body])).not.toContain("internals");
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});
