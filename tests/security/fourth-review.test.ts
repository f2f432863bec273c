// What the fourth round of reviews found (issue 31, "Security and data integrity"), replayed
// over real HTTP against the production build, one describe per item. Limits are out of the
// way except where an item is about them.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERGE_MESSAGES } from "~/models/patients/merge.server";
import { STAFF_ONLY_MESSAGE } from "~/models/roles";
import { RESERVED_EMAIL_MESSAGE } from "~/validation/fields";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { TUESDAY, upcoming } from "../support/clinic-dates";
import { TMP_DIR } from "../support/paths";
import { testPorts } from "../support/ports.mjs";
import {
  NO_RATE_LIMITS,
  startProductionServer,
  TEST_PASSWORD,
  type ProductionServer,
} from "../support/production-server";

const PORT = testPorts().fourthReview;

let server: ProductionServer;

beforeAll(async () => {
  server = await startProductionServer({ port: PORT, env: NO_RATE_LIMITS });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  rmSync(path.join(TMP_DIR, `outbox-${PORT}`), { recursive: true, force: true });
}, 30_000);

const unique = () => randomBytes(4).toString("hex");

const json = (method: string, pathname: string, body: unknown, token?: string) =>
  fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** A staff form as the browser posts it (the site's own origin), redirects not followed. */
const postForm = (pathname: string, cookie: string, fields: Record<string, string>) =>
  fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });

/** The page's text, without its markup. */
async function pageText(response: Response) {
  return (await response.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

async function loginWorks(email: string, password: string) {
  const response = await json("POST", "/api/login", { email, password });
  await response.arrayBuffer();
  return response.status === 200;
}

describe("31.1: a merge never hands a caller's record to a stranger's password", () => {
  it("refuses the desk's stand-in domain at registration, and no merge signs the caller in with Eve's password", async () => {
    const eveAddress = `eve-${unique()}@no-email.invalid`;
    const registered = await json("POST", "/api/register", {
      name: "Eve",
      email: eveAddress,
      password: TEST_PASSWORD,
      userImage: "https://example.com/eve.png",
    });
    expect(registered.status).toBe(400);
    expect(await registered.json()).toMatchObject({ message: RESERVED_EMAIL_MESSAGE });

    // Eve's account as registration made it before: signs in, address never confirmed.
    const { user: eve } = await server.signedInUser({
      name: "Eve",
      email: eveAddress,
      emailVerifiedAt: null,
    });
    const desk = await server.signedInUser({
      role: "reception",
      email: `desk-${unique()}@example.com`,
    });
    const victorAddress = `victor-${unique()}@example.com`;
    const created = await postForm("/staff/bookings/new", desk.cookie, {
      intent: "create-patient",
      name: "Victor Caller",
      email: victorAddress,
      phone: "+1 555 0177",
    });
    expect(created.status).toBe(302);
    const victor = await server.db().user.findUniqueOrThrow({ where: { email: victorAddress } });
    await server.db().user.update({
      where: { id: victor.id },
      data: { dateOfBirth: "1970-03-04", allergies: "Penicillin" },
    });

    const admin = await server.signedInUser({
      role: "admin",
      email: `admin-${unique()}@example.com`,
    });
    const mergePage = `/staff/patients/${eve.id}/merge`;
    const screen = await pageText(
      await fetch(`${server.url}${mergePage}?duplicate=${victor.id}`, {
        headers: { cookie: admin.cookie },
      }),
    );
    expect(screen).toContain(`${eveAddress} (not confirmed)`);
    expect(screen).toContain(`${victorAddress} (not confirmed)`);
    expect(screen).toContain(MERGE_MESSAGES.unverified.replace(/'/g, "&#x27;"));
    expect(screen).not.toContain("Yes, merge them");
    const refused = await postForm(mergePage, admin.cookie, { duplicate: victor.id });
    expect(refused.status).toBe(409);
    expect(await loginWorks(victorAddress, TEST_PASSWORD)).toBe(false);
    expect(await server.db().user.findUnique({ where: { id: victor.id } })).not.toBeNull();

    // Even an account whose stand-in address counts as confirmed keeps it through a merge.
    await server.db().user.update({ where: { id: eve.id }, data: { emailVerifiedAt: new Date() } });
    const merged = await postForm(mergePage, admin.cookie, { duplicate: victor.id });
    expect(merged.status).toBe(302);
    expect((await server.db().user.findUniqueOrThrow({ where: { id: eve.id } })).email).toBe(
      eveAddress,
    );
    expect(await loginWorks(victorAddress, TEST_PASSWORD)).toBe(false);
  });
});

/** A visit written straight to the table (no rules), for a state the test needs. */
async function storeVisit(data: {
  userId: string;
  dentistId: string;
  chairId: string;
  date: string;
  time: string;
  startsAt: Date;
  staffNote?: string;
  status?: string;
}) {
  const service = await server.db().service.findFirstOrThrow({ where: { slug: "dental-checkup" } });
  return server.db().appointment.create({
    data: {
      serviceId: service.id,
      name: "Stored Patient",
      email: "stored@example.com",
      phone: "+1 555 0100",
      message: "Written by a test",
      endsAt: new Date(data.startsAt.getTime() + 30 * 60_000),
      ...data,
    },
  });
}

describe("31.2: an early check-in no longer locks a visit", () => {
  it("PATCH {status: checked_in} on a visit days ahead answers 409 with the reason; the patient can still cancel", async () => {
    const desk = await server.signedInUser({
      role: "reception",
      email: `desk-${unique()}@example.com`,
    });
    const patient = await server.signedInUser({ email: `ahead-${unique()}@example.com` });
    const date = upcoming(TUESDAY, 4);
    const visit = await storeVisit({
      userId: patient.user.id,
      dentistId: "dentist-first",
      chairId: "chair-1",
      date,
      time: "11:00",
      startsAt: clinicTimeToUtc(date, "11:00"),
    });
    for (const status of ["checked_in", "completed", "no_show"]) {
      const early = await json(
        "PATCH",
        `/api/staff/appointments/${visit.id}`,
        { status },
        desk.token,
      );
      expect(early.status, status).toBe(409);
      const body = (await early.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      if (status === "checked_in") {
        expect(body.message).toMatch(/: it can only be checked in from that day\.$/);
      }
    }
    const cancelled = await fetch(`${server.url}/user/appointments/${visit.id}/cancel`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie: patient.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ reason: "Cannot come" }),
    });
    expect(cancelled.status).toBe(302);
    expect(
      (await server.db().appointment.findUniqueOrThrow({ where: { id: visit.id } })).status,
    ).toBe("cancelled");
  });
});

describe("31.3: a visit's staff note follows need-to-know", () => {
  it("GET /api/staff/appointments withholds it from a dentist who does not treat the patient", async () => {
    const dentist = await server.signedInUser({
      role: "dentist",
      email: `dr-${unique()}@example.com`,
    });
    const first = await server.db().dentist.findUniqueOrThrow({ where: { id: "dentist-first" } });
    const mine = await server.db().dentist.create({
      data: {
        slug: `dr-note-${unique()}`,
        name: "Dr. Note",
        title: "DDS",
        weeklyPlan: first.weeklyPlan,
        userId: dentist.user.id,
      },
    });
    const { user: ownPatient } = await server.signedInUser({
      email: `own-${unique()}@example.com`,
    });
    const { user: otherPatient } = await server.signedInUser({
      email: `other-${unique()}@example.com`,
    });
    const date = upcoming(TUESDAY, 3);
    const startsAt = clinicTimeToUtc(date, "10:00");
    const own = await storeVisit({
      userId: ownPatient.id,
      dentistId: mine.id,
      chairId: "chair-2",
      date,
      time: "10:00",
      startsAt,
      staffNote: "Nervous: numb slowly",
    });
    const other = await storeVisit({
      userId: otherPatient.id,
      dentistId: "dentist-first",
      chairId: "chair-1",
      date,
      time: "10:00",
      startsAt,
      staffNote: "Owes for the last visit",
    });
    const response = await fetch(`${server.url}/api/staff/appointments?date=${date}`, {
      headers: { authorization: `Bearer ${dentist.token}` },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { appointments: { _id: string; staffNote: string }[] };
    const noteOf = (id: string) => body.appointments.find((visit) => visit._id === id)?.staffNote;
    expect(noteOf(own.id)).toBe("Nervous: numb slowly");
    expect(noteOf(other.id)).toBe("");
    const visitPage = await fetch(`${server.url}/staff/appointments/${other.id}`, {
      headers: { cookie: dentist.cookie },
    });
    expect(visitPage.status).toBe(200);
    expect(await visitPage.text()).not.toContain("Owes for the last visit");
  });
});

describe("31.6: signed-in devices a user can see and end", () => {
  const FIREFOX =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
  const IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

  /** Signs in through the login page as a browser would, and answers its session cookie. */
  async function signInFrom(email: string, userAgent: string) {
    const response = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        "user-agent": userAgent,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email, password: TEST_PASSWORD, redirectTo: "/" }),
    });
    expect(response.status).toBe(302);
    const line = response.headers.getSetCookie().find((cookie) => cookie.includes("session="));
    return line!.split(";")[0]!;
  }

  const signedIn = async (cookie: string) => {
    const response = await fetch(`${server.url}/api/user-auth`, { headers: { cookie } });
    await response.arrayBuffer();
    return response.status === 200;
  };

  it("the profile lists both devices; a cross-site post ends nothing; the page's own form ends the other at once", async () => {
    const { user } = await server.signedInUser({ email: `devices-${unique()}@example.com` });
    const laptop = await signInFrom(user.email, FIREFOX);
    const phone = await signInFrom(user.email, IPHONE);
    const profile = await pageText(
      await fetch(`${server.url}/user/profile`, { headers: { cookie: laptop } }),
    );
    expect(profile).toContain("Signed-in devices");
    expect(profile).toContain("Firefox 128 on Windows This device");
    expect(profile).toContain("Safari 17 on iPhone");
    expect(profile).toMatch(/from 127\.0\.0\.1|from ::ffff:127\.0\.0\.1/);

    const phoneSession = await server.db().session.findFirstOrThrow({
      where: { userId: user.id, userAgent: IPHONE },
    });
    const post = (origin: string) =>
      fetch(`${server.url}/user/sessions`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin,
          cookie: laptop,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "end-session", session: phoneSession.id }),
      });
    const crossSite = await post("https://evil.example");
    expect(crossSite.status).toBe(403);
    expect(await signedIn(phone)).toBe(true);
    const own = await post(server.url);
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/user/profile");
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
  });

  it("GET and DELETE /api/me/sessions: the token's devices, every other one ended", async () => {
    const { user, token } = await server.signedInUser({
      email: `api-devices-${unique()}@example.com`,
    });
    const laptop = await signInFrom(user.email, FIREFOX);
    const listed = await fetch(`${server.url}/api/me/sessions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { sessions: { browser: string; current: boolean }[] };
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions.filter((entry) => entry.current)).toHaveLength(1);
    expect(body.sessions.map((entry) => entry.browser)).toContain("Firefox 128");
    const ended = await json("DELETE", "/api/me/sessions", {}, token);
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ success: true, ended: 1 });
    expect(await signedIn(laptop)).toBe(false);
  });
});

describe("31.7: the reports' CSV refuses like every other staff page", () => {
  it("answers a role without the permission a plain 403, and a visitor a plain 401", async () => {
    const { cookie } = await server.signedInUser({
      role: "reception",
      email: `desk-${unique()}@example.com`,
    });
    const refused = await fetch(`${server.url}/staff/reports/export?table=no-shows`, {
      headers: { cookie },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await refused.text()).trim()).toBe(STAFF_ONLY_MESSAGE);

    const visitor = await fetch(`${server.url}/staff/reports/export?table=no-shows`);
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).not.toContain("Unexpected Server Error");

    const { cookie: admin } = await server.signedInUser({
      role: "admin",
      email: `admin-${unique()}@example.com`,
    });
    const csv = await fetch(`${server.url}/staff/reports/export?table=no-shows`, {
      headers: { cookie: admin },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
  });
});
