// Signed-in devices a user can see and end (issue 31 item 6, ASVS 3.3.4,
// docs/decisions/048-signed-in-devices.md): the profile and the staff account screen list
// the sessions with their browser, system, address, sign-in and last use, the device asking
// marked; one or all others are signed out at once, by the page's forms and by the API.
import { describe, expect, it } from "vitest";
import {
  endedOthersMessage,
  SEEN_EVERY_MINUTES,
  SESSION_MESSAGES,
  sessionSeen,
} from "~/models/accounts/sessions.server";
import { getApiUser, getUser, signIn } from "~/http/auth.server";
import { prisma } from "~/infra/db.server";
import { STAFF_SCREENS } from "~/models/permissions";
import { loader as profileLoader } from "~/routes/user.profile";
import { loader as googleProfileLoader } from "~/routes/user.profileGoogle";
import { action as sessionsAction } from "~/routes/user.sessions";
import { action as accountAction, loader as accountLoader } from "~/routes/staff.account";
import { action as apiEndOthers, loader as apiSessions } from "~/routes/api.me.sessions";
import { action as apiEndOne } from "~/routes/api.me.sessions.$id";
import { createUser } from "../../support/factories";
import {
  actionArgs,
  formPost,
  get,
  jsonRequest,
  loaderArgs,
  outcome,
  settle,
  toastOf,
} from "../../support/auth-helpers";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** A sign-in from a device: its browser's User-Agent and address. */
async function device(userId: string, userAgent: string, clientIp: string) {
  const request = new Request("http://localhost/login", { headers: { "user-agent": userAgent } });
  const { token, setCookie } = await signIn(request, userId, { clientIp });
  return { token, cookie: setCookie.split(";")[0]! };
}

type Listed = {
  devices: {
    id: string;
    browser: string;
    system: string;
    ipAddress: string;
    current: boolean;
    signedInAt: string;
    lastSeenAt: string;
  }[];
};

const listedOn = async (cookie: string) =>
  ((await outcome(await profileLoader(loaderArgs(get("/user/profile", cookie))))).body as Listed)
    .devices;

const post = (path: string, fields: Record<string, string>, cookie: string) =>
  settle(() => sessionsAction(actionArgs(formPost(path, fields, cookie))));

describe("the profile's signed-in devices", () => {
  it("lists every device with its browser, system, address and times, this one first and marked", async () => {
    const user = await createUser();
    const laptop = await device(user.id, FIREFOX, "203.0.113.7");
    await device(user.id, IPHONE, "198.51.100.20");
    const listed = await listedOn(laptop.cookie);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      browser: "Firefox 128",
      system: "Windows",
      ipAddress: "203.0.113.7",
      current: true,
    });
    expect(listed[1]).toMatchObject({
      browser: "Safari 17",
      system: "iPhone",
      ipAddress: "198.51.100.20",
      current: false,
    });
    expect(Date.parse(listed[1]!.signedInAt)).toBeLessThanOrEqual(Date.now());
    // Nothing that would sign anyone in leaves the server.
    expect(JSON.stringify(listed)).not.toMatch(new RegExp(`${laptop.token}|tokenHash`));
  });

  it("signs one other device out at once, and its next request is signed out", async () => {
    const user = await createUser();
    const laptop = await device(user.id, FIREFOX, "203.0.113.8");
    const phone = await device(user.id, IPHONE, "198.51.100.21");
    expect((await getUser(get("/", phone.cookie)))?.id).toBe(user.id);
    const phoneRow = (await listedOn(laptop.cookie)).find((entry) => !entry.current)!;
    const answer = await post(
      "/user/sessions",
      { intent: "end-session", session: phoneRow.id },
      laptop.cookie,
    );
    expect(answer).toMatchObject({ status: 302, location: "/user/profile" });
    expect(await toastOf(answer.headers)).toEqual({
      type: "success",
      message: SESSION_MESSAGES.ended,
    });
    expect(await getUser(get("/", phone.cookie))).toBeNull();
    expect(
      await getApiUser(
        jsonRequest("/api/user-auth", "GET", undefined, { authorization: phone.token }),
      ),
    ).toBeNull();
    expect((await getUser(get("/", laptop.cookie)))?.id).toBe(user.id);
    expect(await listedOn(laptop.cookie)).toHaveLength(1);
  });

  it("signs every other device out, keeping this one", async () => {
    const user = await createUser();
    const laptop = await device(user.id, FIREFOX, "203.0.113.9");
    const others = [
      await device(user.id, IPHONE, "198.51.100.22"),
      await device(user.id, "curl/8.5.0", "198.51.100.23"),
    ];
    const answer = await post("/user/sessions", { intent: "end-others" }, laptop.cookie);
    expect(await toastOf(answer.headers)).toEqual({
      type: "success",
      message: endedOthersMessage(2),
    });
    for (const other of others) expect(await getUser(get("/", other.cookie))).toBeNull();
    expect((await getUser(get("/", laptop.cookie)))?.id).toBe(user.id);
  });

  it("cannot sign out someone else's device: it answers as one already signed out", async () => {
    const [mine, theirs] = [await createUser(), await createUser()];
    const laptop = await device(mine.id, FIREFOX, "203.0.113.10");
    const stranger = await device(theirs.id, IPHONE, "198.51.100.24");
    const theirRow = (await listedOn(stranger.cookie))[0]!;
    const answer = await post(
      "/user/sessions",
      { intent: "end-session", session: theirRow.id },
      laptop.cookie,
    );
    expect(await toastOf(answer.headers)).toEqual({
      type: "error",
      message: SESSION_MESSAGES.gone,
    });
    expect((await getUser(get("/", stranger.cookie)))?.id).toBe(theirs.id);
    const nothing = await post("/user/sessions", { intent: "end-session" }, laptop.cookie);
    expect(await toastOf(nothing.headers)).toEqual({
      type: "error",
      message: SESSION_MESSAGES.choose,
    });
  });

  it("lists a Google account's devices on its own profile, and comes back there", async () => {
    const user = await createUser({ provider: "google", googleId: `g-${Date.now()}` });
    const laptop = await device(user.id, FIREFOX, "203.0.113.11");
    const phone = await device(user.id, IPHONE, "198.51.100.25");
    const page = await outcome(
      await googleProfileLoader(loaderArgs(get("/user/profileGoogle", laptop.cookie))),
    );
    const listed = (page.body as Listed).devices;
    expect(listed.map((entry) => entry.current)).toEqual([true, false]);
    const answer = await post(
      "/user/sessions",
      { intent: "end-session", session: listed[1]!.id },
      laptop.cookie,
    );
    expect(answer.location).toBe("/user/profileGoogle");
    expect(await getUser(get("/", phone.cookie))).toBeNull();
  });
});

describe("a session's last use", () => {
  it("is written at most once a quarter hour per session", async () => {
    const user = await createUser();
    const { token } = await device(user.id, FIREFOX, "203.0.113.12");
    const row = () => prisma.session.findFirstOrThrow({ where: { userId: user.id } });
    expect((await row()).lastSeenAt).toBeNull();
    const start = Date.now();
    await sessionSeen(token, start + 60_000);
    expect((await row()).lastSeenAt).toBeNull();
    const later = start + (SEEN_EVERY_MINUTES + 1) * 60_000;
    await sessionSeen(token, later);
    expect((await row()).lastSeenAt?.getTime()).toBe(later);
    await sessionSeen(token, later + 60_000);
    expect((await row()).lastSeenAt?.getTime()).toBe(later);
  });
});

describe("the staff account screen", () => {
  it("is in every staff role's navigation, and lists and signs out the staff member's devices", async () => {
    expect(STAFF_SCREENS.find((screen) => screen.path === "/staff/account")).toMatchObject({
      label: "My account",
      permission: "staff.area",
    });
    const staff = await createUser({ role: "dentist", name: "Dr. Devices" });
    const desk = await device(staff.id, FIREFOX, "203.0.113.13");
    const home = await device(staff.id, IPHONE, "198.51.100.26");
    const page = await outcome(await accountLoader(loaderArgs(get("/staff/account", desk.cookie))));
    expect(page.body).toMatchObject({ name: "Dr. Devices", role: "dentist" });
    const listed = (page.body as Listed).devices;
    expect(listed.map((entry) => `${entry.browser} ${entry.current}`)).toEqual([
      "Firefox 128 true",
      "Safari 17 false",
    ]);
    const answer = await settle(() =>
      accountAction(
        actionArgs(
          formPost(
            "/staff/account",
            { intent: "end-session", session: listed[1]!.id },
            desk.cookie,
          ),
        ),
      ),
    );
    expect(answer).toMatchObject({ status: 302, location: "/staff/account" });
    expect(await getUser(get("/staff", home.cookie))).toBeNull();
    // A patient gets the staff screen's refusal.
    const patient = await device((await createUser()).id, FIREFOX, "203.0.113.14");
    expect(
      (await settle(() => accountLoader(loaderArgs(get("/staff/account", patient.cookie))))).status,
    ).toBe(403);
  });
});

describe("the API", () => {
  it("lists the token's devices, signs one out, and all others", async () => {
    const user = await createUser();
    const app = await device(user.id, "curl/8.5.0", "203.0.113.15");
    const phone = await device(user.id, IPHONE, "198.51.100.27");
    const laptop = await device(user.id, FIREFOX, "198.51.100.28");
    const auth = { authorization: `Bearer ${app.token}` };
    const listed = await outcome(
      await apiSessions(loaderArgs(jsonRequest("/api/me/sessions", "GET", undefined, auth))),
    );
    const sessions = (listed.body as { sessions: Listed["devices"] }).sessions;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ browser: "curl 8", current: true });
    const phoneId = sessions.find((entry) => entry.browser === "Safari 17")!.id;
    const ended = await outcome(
      await apiEndOne(
        actionArgs(
          jsonRequest(`/api/me/sessions/${phoneId}`, "DELETE", undefined, auth),
          undefined,
          {
            id: phoneId,
          },
        ),
      ),
    );
    expect(ended).toMatchObject({ status: 200, body: { success: true } });
    expect(
      await getApiUser(jsonRequest("/", "GET", undefined, { authorization: phone.token })),
    ).toBeNull();
    const again = await outcome(
      await apiEndOne(
        actionArgs(
          jsonRequest(`/api/me/sessions/${phoneId}`, "DELETE", undefined, auth),
          undefined,
          {
            id: phoneId,
          },
        ),
      ),
    );
    expect(again).toMatchObject({
      status: 404,
      body: { success: false, message: SESSION_MESSAGES.gone },
    });
    const others = await outcome(
      await apiEndOthers(actionArgs(jsonRequest("/api/me/sessions", "DELETE", undefined, auth))),
    );
    expect(others).toMatchObject({ status: 200, body: { success: true, ended: 1 } });
    expect(await getUser(get("/", laptop.cookie))).toBeNull();
    expect((await getApiUser(jsonRequest("/", "GET", undefined, auth)))?.id).toBe(user.id);
  });
});
