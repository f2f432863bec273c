// Signed-in devices a user can see and end (issue 31 item 6, ASVS 3.3.4): the patient's
// profile and the staff's account screen list the devices, this one marked, and sign one
// or all others out, with JavaScript on and off; the device signed out is refused at once.
import { randomBytes } from "node:crypto";
import type { User } from "@prisma/client";
import { hashToken } from "../../app/infra/token-hash.server";
import { e2eSettings } from "../support/e2e-settings";
import { toast } from "./auth-support";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { separateClients } from "./patient-support";

separateClients();

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** Another device of `user`'s, signed in from a phone: its API token. */
async function phoneOf(user: User) {
  const token = randomBytes(32).toString("base64url");
  await e2eDb().session.create({
    data: {
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      userAgent: IPHONE,
      ipAddress: "198.51.100.9",
    },
  });
  return token;
}

async function signedIn(token: string) {
  const response = await fetch(`${e2eSettings().baseURL}/api/user-auth`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await response.arrayBuffer();
  return response.status === 200;
}

for (const javaScript of [true, false]) {
  test.describe(`signed-in devices, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a patient sees their devices on the profile and signs the phone out", async ({
      page,
      login,
    }) => {
      const user = await login();
      const phone = await phoneOf(user);
      await page.goto("/user/profile");
      const devices = page.getByTestId("signed-in-device");
      await expect(devices).toHaveCount(2);
      await expect(devices.first()).toContainText("This device");
      await expect(devices.nth(1)).toContainText("Safari 17 on iPhone");
      await expect(devices.nth(1)).toContainText("from 198.51.100.9");
      expect(
        javaScript ? await axeViolations(page) : await axeViolationsWithoutJavaScript(page),
      ).toEqual([]);

      await page.getByRole("button", { name: /^Sign out Safari 17 on iPhone/ }).click();
      await expect(toast(page, "That device is signed out.", { javaScript })).toBeVisible();
      await expect(devices).toHaveCount(1);
      await expect(page.getByText("No other device is signed in.")).toBeVisible();
      expect(await signedIn(phone)).toBe(false);
      expect(await signedIn(user.token)).toBe(true);
    });

    test("staff reach My account from the staff navigation and sign every other device out", async ({
      page,
      login,
    }) => {
      const user = await login(await createTestUser({ role: "reception", name: "Rita Devices" }));
      const phone = await phoneOf(user);
      await page.goto("/staff");
      await page
        .getByRole("navigation", { name: "Clinic" })
        .getByRole("link", { name: "My account" })
        .click();
      await expect(page.getByRole("heading", { name: "My account", level: 1 })).toBeVisible();
      await expect(page.getByTestId("signed-in-device")).toHaveCount(2);
      expect(
        javaScript ? await axeViolations(page) : await axeViolationsWithoutJavaScript(page),
      ).toEqual([]);
      await page.getByRole("button", { name: "Sign out all other devices" }).click();
      await expect(toast(page, "Signed out on 1 other device.", { javaScript })).toBeVisible();
      await expect(page.getByTestId("signed-in-device")).toHaveCount(1);
      expect(await signedIn(phone)).toBe(false);
      expect(await signedIn(user.token)).toBe(true);
    });
  });
}
