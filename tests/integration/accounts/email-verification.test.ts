import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EMAIL_VERIFICATION_TTL_MS,
  MAX_VERIFICATION_MAILS_PER_HOUR,
  tooManyLinksMessage,
  VERIFY_MESSAGES,
} from "~/models/accounts/email-verification.server";
import { loginUser } from "~/models/accounts/user.server";
import { action as bookAction, loader as bookLoader } from "~/routes/make-appointment";
import { action as reviewAction, loader as reviewLoader } from "~/routes/add-review";
import { action as serviceAction, loader as serviceLoader } from "~/routes/add-services";
import { action as createAppointmentApi } from "~/routes/api.create-appointment";
import { action as createProductApi } from "~/routes/api.create-product";
import { action as createReviewApi } from "~/routes/api.create-review";
import { action as registerApi } from "~/routes/api.register";
import { action as resendApi } from "~/routes/api.resend-verification";
import { action as registerPage } from "~/routes/register";
import { action as resendPage, loader as resendPageLoader } from "~/routes/verify-email._index";
import { action as verifyAction, loader as verifyLoader } from "~/routes/verify-email.$token";
import { getUser } from "~/http/auth.server";
import { prisma } from "~/infra/db.server";
import { verifyPassword } from "~/infra/password.server";
import { RATE_LIMIT_MESSAGE } from "~/infra/rate-limit.server";
import { MONDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor } from "../../support/factories";
import { startSmtpSink } from "../../support/smtp-sink";
import { startOutboxWorker, type OutboxWorker } from "~/models/mail/outbox.server";
import {
  actionArgs,
  formPost,
  freshIp,
  get,
  jsonRequest,
  loaderArgs,
  settle,
  toastOf,
} from "../../support/auth-helpers";

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let worker: OutboxWorker;
let serviceId: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  // Mail leaves through the outbox: its worker runs here as in the server.
  worker = startOutboxWorker({ pollSeconds: 1 });
  serviceId = (await createService({ name: "Checkup" })).id;
});
afterAll(async () => {
  await worker.stop();
  delete process.env.SMTP_URL;
  await sink.close();
});

const LINK = /\/verify-email\/([A-Za-z0-9_-]{32,})/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

let counter = 0;
function newAddress(label: string) {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@example.com`;
}

/** The token of the `nth` verification mail (1 = the first) that reached `to`. */
async function tokenFromMail(to: string, nth = 1) {
  let found: string | undefined;
  await sink.waitFor(to, () => {
    const links = sink.messages
      .filter((mail) => mail.to.includes(to) && LINK.test(mail.text))
      .map((mail) => LINK.exec(mail.text)![1]!);
    found = links[nth - 1];
    return found !== undefined;
  });
  return found!;
}

const openLink = (token: string) =>
  settle(() => verifyLoader(loaderArgs(get(`/verify-email/${token}`), { token })));
const useLink = (token: string, cookie?: string, fields: Record<string, string> = {}) =>
  settle(() =>
    verifyAction(
      actionArgs(formPost(`/verify-email/${token}`, fields, cookie), freshIp(), { token }),
    ),
  );
/** A claim link's page, with the password typed twice. */
const claimWith = (token: string, password: string) =>
  useLink(token, undefined, { password, confirmPassword: password });

function register(fields: Record<string, string>) {
  return settle(() => registerPage(actionArgs(formPost("/register", fields))));
}

const signUp = (email: string, overrides: Record<string, string> = {}) => ({
  name: "Nora New",
  email,
  password: "nora-pass",
  userImage: "https://example.com/nora.png",
  ...overrides,
});

describe("registration proves the address", () => {
  it("keeps the spec's answer, mails a link, and only the link's button verifies", async () => {
    const email = newAddress("nora");
    const registered = await register(signUp(email));
    expect(registered).toMatchObject({ status: 302, location: "/login" });
    expect(await toastOf(registered.headers)).toEqual({
      type: "success",
      message: "registation success full",
    });
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.emailVerifiedAt).toBeNull();
    // The account can sign in before it is verified.
    expect((await loginUser({ email, password: "nora-pass" }, { clientIp: freshIp() })).ok).toBe(
      true,
    );

    const token = await tokenFromMail(email);
    const mail = sink.messages.find((message) => message.to.includes(email))!;
    expect(mail.subject).toBe("Verify your e-mail address");
    expect(mail.text).toMatch(new RegExp(`^https?://[^/\\s]+/verify-email/${token}$`, "m"));
    expect(mail.text).toContain("The link works once, within 24 hours.");
    expect(mail.html).toContain(`/verify-email/${token}`);
    const stored = await prisma.emailVerification.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.tokenHash).not.toBe(token);
    const ttl = stored.expiresAt.getTime() - stored.createdAt.getTime();
    expect(Math.abs(ttl - EMAIL_VERIFICATION_TTL_MS)).toBeLessThan(5000);

    // Opening the link (as a mail scanner would) changes nothing.
    expect(await openLink(token)).toMatchObject({
      status: 200,
      body: { message: null, claim: false },
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();

    const verified = await useLink(token);
    expect(verified).toMatchObject({ status: 302, location: "/login" });
    expect(await toastOf(verified.headers)).toEqual({
      type: "success",
      message: VERIFY_MESSAGES.verified,
    });
    const after = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    // Its password and name are the registration's.
    expect(await verifyPassword("nora-pass", after.passwordHash!)).toBe(true);

    // One use.
    expect(await openLink(token)).toMatchObject({
      status: 410,
      body: { message: VERIFY_MESSAGES.used },
    });
    expect(await useLink(token)).toMatchObject({
      status: 410,
      body: { message: VERIFY_MESSAGES.used },
    });
  });

  it("sends a signed-in visitor home after verifying", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    const { cookie } = await sessionFor(user);
    await settle(() => resendPage(actionArgs(formPost("/verify-email", {}, cookie))));
    const result = await useLink(await tokenFromMail(user.email), cookie);
    expect(result.location).toBe("/");
  });

  it("brings the patient back to where registering started: the booking form with its service", async () => {
    const email = newAddress("back");
    const bookingForm = `/make-appointment?service=${serviceId}`;
    const registered = await register({ ...signUp(email), redirectTo: bookingForm });
    expect(registered.location).toBe(`/login?redirectTo=${encodeURIComponent(bookingForm)}`);
    const token = await tokenFromMail(email);
    const mail = sink.messages.find((message) => message.to.includes(email))!;
    const link = `/verify-email/${token}?next=${encodeURIComponent(bookingForm)}`;
    expect(mail.text).toMatch(new RegExp(`^https?://[^/\\s]+${escapeRegExp(link)}$`, "m"));

    // The link's page carries the way back to its button.
    const opened = await settle(() => verifyLoader(loaderArgs(get(link), { token })));
    expect(opened.body).toMatchObject({ message: null, next: bookingForm });
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    const { cookie } = await sessionFor(user);
    const verified = await useLink(token, cookie, { next: bookingForm });
    expect(verified.location).toBe(bookingForm);
    // The booking form now opens, with the service chosen.
    const form = await settle(() => bookLoader(loaderArgs(get(bookingForm, cookie))));
    expect(form.body).toMatchObject({ verifyFirst: null, selected: { service: serviceId } });
  });

  it("signed out, the way back goes through /login; a link elsewhere goes nowhere", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    const { cookie } = await sessionFor(user);
    const reviewForm = `/add-review?service=${serviceId}`;
    await settle(() =>
      resendPage(actionArgs(formPost("/verify-email", { redirectTo: reviewForm }, cookie))),
    );
    const token = await tokenFromMail(user.email);
    const mail = sink.messages.filter((message) => message.to.includes(user.email)).at(-1)!;
    expect(mail.text).toContain(`?next=${encodeURIComponent(reviewForm)}`);
    const verified = await useLink(token, undefined, { next: reviewForm });
    expect(verified.location).toBe(`/login?redirectTo=${encodeURIComponent(reviewForm)}`);

    const other = await createUser({ emailVerifiedAt: null });
    const otherCookie = (await sessionFor(other)).cookie;
    await settle(() => resendPage(actionArgs(formPost("/verify-email", {}, otherCookie))));
    const elsewhere = await useLink(await tokenFromMail(other.email), otherCookie, {
      next: "//evil.example/phish",
    });
    expect(elsewhere.location).toBe("/");
  });

  it("registers through the API as the spec says, and mails the link too", async () => {
    const email = newAddress("api");
    const result = await settle(() =>
      registerApi(
        actionArgs(jsonRequest("/api/register", "POST", signUp(email, { password: "api-pass" }))),
      ),
    );
    expect(result).toMatchObject({
      status: 201,
      body: { success: true, message: "registation success full" },
    });
    expect(await tokenFromMail(email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("refuses unknown and expired links with a clear message", async () => {
    expect(await openLink("not-a-token")).toMatchObject({
      status: 404,
      body: { message: VERIFY_MESSAGES.invalid },
    });
    expect((await useLink("not-a-token")).status).toBe(404);

    const email = newAddress("late");
    await register(signUp(email));
    const token = await tokenFromMail(email);
    await prisma.emailVerification.updateMany({
      where: { user: { email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await openLink(token)).toMatchObject({
      status: 410,
      body: { message: VERIFY_MESSAGES.expired },
    });
    expect(await useLink(token)).toMatchObject({
      status: 410,
      body: { message: VERIFY_MESSAGES.expired },
    });
    expect((await prisma.user.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).toBeNull();
  });

  it("still answers that an address with a password is taken", async () => {
    const existing = await createUser();
    expect(await register(signUp(existing.email))).toMatchObject({
      status: 409,
      body: { error: "This email is already registered. Please login instead." },
    });
  });
});

describe("claiming a patient record the clinic made (no password, no Google)", () => {
  it("answers as usual and sets nothing: the mailbox's owner types the password on the link's page", async () => {
    const email = newAddress("caller");
    const record = await prisma.user.create({
      data: { name: "Phone Caller", email, address: "1 Main St" },
    });
    const registered = await register(
      signUp(email, { name: "Carla Caller", password: "carla-pass" }),
    );
    expect(registered).toMatchObject({ status: 302, location: "/login" });
    expect(await toastOf(registered.headers)).toEqual({
      type: "success",
      message: "registation success full",
    });
    // Nothing changed: no password, the clinic's name.
    let current = await prisma.user.findUniqueOrThrow({ where: { id: record.id } });
    expect(current).toMatchObject({
      name: "Phone Caller",
      passwordHash: null,
      emailVerifiedAt: null,
    });

    const token = await tokenFromMail(email);
    const mail = sink.messages.find((message) => message.to.includes(email))!;
    expect(mail.subject).toBe("Confirm your Dental Clinic account");
    expect(mail.text).toContain("choose your password there");
    expect(await openLink(token)).toMatchObject({
      status: 200,
      body: { message: null, claim: true },
    });
    // The button alone sets nothing: the page asks for the password, twice.
    expect(await useLink(token)).toMatchObject({
      status: 400,
      body: { error: "Fill All Details", message: null },
    });
    const used = await claimWith(token, "owner-pass");
    expect(used).toMatchObject({ status: 302, location: "/login" });
    expect(await toastOf(used.headers)).toEqual({
      type: "success",
      message: VERIFY_MESSAGES.claimed,
    });
    current = await prisma.user.findUniqueOrThrow({ where: { id: record.id } });
    expect(current).toMatchObject({ name: "Phone Caller", address: "1 Main St" });
    expect(current.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await loginUser({ email, password: "owner-pass" }, { clientIp: freshIp() })).ok).toBe(
      true,
    );
    // What the registration typed was never a password.
    expect((await loginUser({ email, password: "carla-pass" }, { clientIp: freshIp() })).ok).toBe(
      false,
    );
  });

  it("three registrations use up the hour's links: the next is told so, and any link sent lets the owner choose the password", async () => {
    const email = newAddress("claimed-thrice");
    const record = await prisma.user.create({ data: { name: "Phone Caller", email } });
    for (let i = 0; i < MAX_VERIFICATION_MAILS_PER_HOUR; i += 1) {
      const stranger = await register(
        signUp(email, { name: "Stranger", password: `stranger-${i}` }),
      );
      expect(stranger).toMatchObject({ status: 302, location: "/login" });
    }
    // The owner's own registration is not answered with success when no mail goes out.
    const owner = await register(signUp(email, { name: "Owner", password: "owner-pass" }));
    expect(owner.status).toBe(429);
    expect(owner.body?.error).toMatch(
      /^We have e-mailed this address 3 links within the hour\. Please open the newest one, or ask again in \d+ minutes\.$/,
    );
    expect(Number(owner.headers.get("retry-after"))).toBeGreaterThan(60 * 50);
    const api = await settle(() =>
      registerApi(actionArgs(jsonRequest("/api/register", "POST", signUp(email)))),
    );
    expect(api).toMatchObject({ status: 429, body: { success: false } });

    // The links the stranger caused reached the owner's mailbox: any of them works for them.
    const tokens = [1, 2, 3].map((nth) => tokenFromMail(email, nth));
    const [first, ...others] = await Promise.all(tokens);
    expect((await claimWith(first!, "owner-pass")).status).toBe(302);
    for (const token of others) expect((await claimWith(token!, "stranger-pass")).status).toBe(410);
    const current = await prisma.user.findUniqueOrThrow({ where: { id: record.id } });
    expect(current.name).toBe("Phone Caller");
    expect(await verifyPassword("owner-pass", current.passwordHash!)).toBe(true);
    // Once it has a password, the address is taken like any other.
    expect((await register(signUp(email))).status).toBe(409);
  });

  it("ends the record's sessions when the claim sets its password", async () => {
    const email = newAddress("claim-session");
    const record = await prisma.user.create({ data: { name: "Phone Caller", email } });
    const { cookie } = await sessionFor(record);
    await register(signUp(email));
    await claimWith(await tokenFromMail(email), "owner-pass");
    expect(await getUser(get("/", cookie))).toBeNull();
  });
});

describe("an unverified account cannot book, review or add services", () => {
  const appointment = () => ({
    service: serviceId,
    name: "Una",
    email: "una@example.com",
    phone: "555 0100",
    date: upcoming(MONDAY, 2),
    time: "11:00",
    message: "Check-up",
  });
  const review = () => ({ service: serviceId, name: "Una", message: "Kind staff.", rating: "5" });
  const product = {
    name: "Unverified Whitening",
    description: "Should never be stored.",
    price: "100",
    photo: "https://images.example/w.png",
  };

  it("answers the API with 403 {success: false, message}", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    const { token } = await sessionFor(user);
    const headers = { authorization: `Bearer ${token}` };
    for (const [route, path, body] of [
      [createAppointmentApi, "/api/create-appointment", appointment()],
      [createReviewApi, "/api/create-review", review()],
      [createProductApi, "/api/create-product", product],
    ] as const) {
      const result = await settle(() =>
        route(actionArgs(jsonRequest(path, "POST", body, headers))),
      );
      expect(result).toMatchObject({
        status: 403,
        body: { success: false, message: VERIFY_MESSAGES.required },
      });
    }
    expect(await prisma.appointment.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.review.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.service.count({ where: { createdById: user.id } })).toBe(0);
  });

  it("shows the pages' reason and the resend button instead of the form, and refuses their posts", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    const { cookie } = await sessionFor(user);
    for (const [loader, path] of [
      [bookLoader, "/make-appointment"],
      [reviewLoader, "/add-review"],
      [serviceLoader, "/add-services"],
    ] as const) {
      const page = await settle(() => loader(loaderArgs(get(path, cookie))));
      expect(page).toMatchObject({ status: 200, body: { verifyFirst: VERIFY_MESSAGES.required } });
    }
    for (const [action, path, fields] of [
      [bookAction, "/make-appointment", appointment()],
      [reviewAction, "/add-review", review()],
      [serviceAction, "/add-services", product],
    ] as const) {
      const posted = await settle(() => action(actionArgs(formPost(path, fields, cookie))));
      expect(posted).toMatchObject({ status: 403, body: { error: VERIFY_MESSAGES.required } });
    }
    // A verified account sees the forms.
    const verified = await sessionFor(await createUser());
    const page = await settle(() =>
      bookLoader(loaderArgs(get("/make-appointment", verified.cookie))),
    );
    expect(page.body).toMatchObject({ verifyFirst: null });
  });

  it("books once the link is used", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    const { cookie, token } = await sessionFor(user);
    await settle(() => resendPage(actionArgs(formPost("/verify-email", {}, cookie))));
    await useLink(await tokenFromMail(user.email), cookie);
    const booked = await settle(() =>
      createAppointmentApi(
        actionArgs(
          jsonRequest("/api/create-appointment", "POST", appointment(), {
            authorization: token,
          }),
        ),
      ),
    );
    expect(booked).toMatchObject({ status: 201, body: { success: true } });
  });
});

describe("asking for a new link", () => {
  it("gives the same answer whatever the state, and mails only an unverified address", async () => {
    const unverified = await createUser({ emailVerifiedAt: null });
    const verified = await createUser();
    const answers = [];
    for (const user of [unverified, verified]) {
      const { cookie } = await sessionFor(user);
      const result = await settle(() =>
        resendPage(
          actionArgs(formPost("/verify-email", { redirectTo: "/make-appointment" }, cookie)),
        ),
      );
      expect(result).toMatchObject({ status: 302, location: "/make-appointment" });
      answers.push(await toastOf(result.headers));
    }
    expect(answers[0]).toEqual({ type: "success", message: VERIFY_MESSAGES.resent });
    expect(answers[1]).toEqual(answers[0]);
    await tokenFromMail(unverified.email);
    // The verified account's request was handled after the other's mail was on its way.
    await sink.idle();
    expect(sink.messages.some((mail) => mail.to.includes(verified.email))).toBe(false);
  });

  it("mails one account at most 3 links an hour, then says so instead of answering success", async () => {
    const user = await createUser({ emailVerifiedAt: null });
    const { token } = await sessionFor(user);
    const bodies = [];
    const statuses = [];
    for (let i = 0; i < MAX_VERIFICATION_MAILS_PER_HOUR + 2; i += 1) {
      const result = await settle(() =>
        resendApi(
          actionArgs(jsonRequest("/api/resend-verification", "POST", {}, { authorization: token })),
        ),
      );
      statuses.push(result.status);
      bodies.push(result.body);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(bodies[0]).toEqual({ success: true, message: VERIFY_MESSAGES.resent });
    expect(bodies[3]).toEqual({ success: false, message: tooManyLinksMessage(3600) });
    expect(await prisma.emailVerification.count({ where: { userId: user.id } })).toBe(
      MAX_VERIFICATION_MAILS_PER_HOUR,
    );
    await tokenFromMail(user.email, MAX_VERIFICATION_MAILS_PER_HOUR);
    await sink.idle();
    expect(sink.messages.filter((mail) => mail.to.includes(user.email))).toHaveLength(
      MAX_VERIFICATION_MAILS_PER_HOUR,
    );
  });

  it("is rate limited per client", async () => {
    const { cookie } = await sessionFor(await createUser());
    const ip = freshIp();
    const post = () =>
      settle(() => resendPage(actionArgs(formPost("/verify-email", {}, cookie), ip)));
    for (let i = 0; i < 10; i += 1) expect((await post()).status).toBe(302);
    expect(await post()).toMatchObject({ status: 429, body: { error: RATE_LIMIT_MESSAGE } });
  });

  it("needs a signed-in user: the page shows the guard, the API answers 401", async () => {
    expect(await settle(() => resendPageLoader(loaderArgs(get("/verify-email"))))).toMatchObject({
      status: 401,
    });
    const posted = await settle(() => resendPage(actionArgs(formPost("/verify-email", {}))));
    expect(posted.location).toBe("/login?redirectTo=%2Fverify-email");
    expect(
      (await settle(() => resendApi(actionArgs(jsonRequest("/api/resend-verification", "POST")))))
        .status,
    ).toBe(401);
  });

  it("the page says whether the address is verified", async () => {
    const { cookie } = await sessionFor(await createUser({ emailVerifiedAt: null }));
    const page = await settle(() => resendPageLoader(loaderArgs(get("/verify-email", cookie))));
    expect(page.body).toMatchObject({ verified: false });
    const verified = await sessionFor(await createUser());
    const other = await settle(() =>
      resendPageLoader(loaderArgs(get("/verify-email", verified.cookie))),
    );
    expect(other.body).toMatchObject({ verified: true });
  });
});
