// Text messages in Chromium, JavaScript on and off (issue 34, docs/decisions/052-text-messages.md):
// the desk reads a patient's text in the messages inbox, answers it, marks it handled; a
// patient agrees to texts with the profile's checkbox (never ticked for them), which the
// booking form offers too; the desk records a caller's answer on the patient card.
import { randomBytes } from "node:crypto";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { toast } from "./auth-support";
import { separateClients } from "./patient-support";

separateClients();

/** A valid US mobile number of this run's own. */
function freshMobile() {
  return `+1201555${String(1000 + (randomBytes(2).readUInt16BE() % 9000))}`;
}

for (const javaScript of [true, false]) {
  test.describe(`texts, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("the desk reads a text in the inbox, answers it and marks it handled", async ({
      page,
      login,
    }) => {
      const mobile = freshMobile();
      const patient = await createTestUser({
        name: `Texting Tina ${javaScript ? "On" : "Off"}`,
        mobile,
        smsConsent: "yes",
      });
      await e2eDb().smsInbound.create({
        data: {
          messageSid: `SM${randomBytes(16).toString("hex")}`,
          fromNumber: mobile,
          toNumber: "+15550100999",
          body: "Is there parking near the clinic?",
          userId: patient.id,
        },
      });
      await login(await createTestUser({ role: "reception", name: "Rae Reception" }));
      await page.goto("/staff");
      const nav = page.getByRole("navigation", { name: "Clinic" });
      await expect(nav.getByRole("link", { name: /Messages \(\d+ waiting\)/ })).toBeVisible();
      await nav.getByRole("link", { name: /Messages/ }).click();
      await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
      await page.getByTestId("conversation").filter({ hasText: patient.name }).click();
      const open = page.getByTestId("open-conversation");
      await expect(open.getByText("Is there parking near the clinic?")).toBeVisible();

      await open.getByLabel("Reply").fill("Yes, behind the building.");
      await open.getByRole("button", { name: "Send reply" }).click();
      await expect(toast(page, "The reply is queued", { javaScript })).toBeVisible();
      await expect(
        open.getByTestId("text-out").filter({ hasText: "Yes, behind the building." }),
      ).toBeVisible();

      await open.getByRole("button", { name: "Mark handled" }).click();
      await expect(
        toast(page, "The conversation is marked handled.", { javaScript }),
      ).toBeVisible();
      await expect(open.getByRole("button", { name: "Mark handled" })).toHaveCount(0);
      await expect(open.getByTestId("text-in").filter({ hasText: "Handled" })).toBeVisible();
      expect(
        await e2eDb().smsInbound.count({ where: { fromNumber: mobile, handledAt: null } }),
      ).toBe(0);
    });

    test("a child's card says the texts go to the parent's mobile", async ({ page, login }) => {
      const tag = `${javaScript ? "On" : "Off"}${randomBytes(3).toString("hex")}`;
      const mobile = freshMobile();
      const parent = await createTestUser({ name: `Parent ${tag}`, mobile, smsConsent: "yes" });
      const child = await e2eDb().user.create({
        data: {
          name: `Kit ${tag}`,
          email: `no-email-kit-${tag.toLowerCase()}@no-email.invalid`,
          provider: "local",
        },
      });
      await e2eDb().guardianLink.create({
        data: { guardianId: parent.id, dependantId: child.id, relationship: "child" },
      });
      await login(await createTestUser({ role: "reception", name: `Rory ${tag}` }));
      await page.goto(`/staff/patients/${child.id}`);
      const panel = page.getByTestId("text-consent");
      await expect(panel.getByTestId("consent-label")).toHaveText("Not asked");
      await expect(panel.getByTestId("texts-through")).toHaveText(
        `Texts about this patient go to their guardian: Parent ${tag} (mobile: ${mobile}, agreed to texts).`,
      );
    });

    test("the desk records a caller's agreement to texts on the patient card", async ({
      page,
      login,
    }) => {
      const patient = await createTestUser({
        name: `Calling Carl ${javaScript ? "On" : "Off"}`,
        phone: "",
      });
      const desk = await login(await createTestUser({ role: "reception", name: "Rita Reception" }));
      await page.goto(`/staff/patients/${patient.id}`);
      const panel = page.getByTestId("text-consent");
      await expect(panel.getByTestId("consent-label")).toHaveText("Not asked");
      const save = panel.getByRole("button", { name: "Save texts settings" });

      // A yes needs a mobile; a landline is refused; nothing is stored either time.
      await panel.getByLabel("Agreed to texts").selectOption("yes");
      await save.click();
      // The refusal beside the form (with JavaScript a toast says it too).
      await expect(panel.getByTestId("form-error")).toHaveText(
        "Please add a mobile number before recording agreement to texts.",
      );
      await panel.getByLabel("Mobile number").fill("+1 800 555 0199");
      await panel.getByLabel("Agreed to texts").selectOption("yes");
      await save.click();
      await expect(panel.getByTestId("form-error")).toContainText(
        "This number cannot receive texts",
      );
      expect((await e2eDb().user.findUniqueOrThrow({ where: { id: patient.id } })).smsConsent).toBe(
        "unasked",
      );

      const mobile = freshMobile();
      await panel.getByLabel("Mobile number").fill(mobile);
      await panel.getByLabel("Agreed to texts").selectOption("yes");
      await save.click();
      await expect(toast(page, "The texts settings are saved.", { javaScript })).toBeVisible();
      await expect(panel.getByTestId("consent-label")).toHaveText("Agreed to texts");
      await expect(panel.getByText(`Mobile: ${mobile}`)).toBeVisible();
      expect(
        await e2eDb().user.findUniqueOrThrow({
          where: { id: patient.id },
          select: { mobile: true, smsConsent: true, smsConsentBy: true },
        }),
      ).toEqual({ mobile, smsConsent: "yes", smsConsentBy: `staff:${desk.id}` });

      // A no from the caller: the desk may not turn it back to yes.
      await panel.getByLabel("Agreed to texts").selectOption("no");
      await save.click();
      await expect(toast(page, "The texts settings are saved.", { javaScript })).toBeVisible();
      await expect(panel.getByTestId("consent-label")).toHaveText("No texts");
      await expect(panel.getByRole("option", { name: "Yes, said so on the phone" })).toHaveCount(0);
    });

    test("a patient agrees to texts on the profile; the box is never ticked for them", async ({
      page,
      login,
    }) => {
      const user = await login(await createTestUser({ phone: "" }));
      await page.goto("/make-appointment");
      await expect(page.getByLabel(/Text me about my appointments/)).not.toBeChecked();

      await page.goto("/user/profile");
      const box = page.getByLabel(/Text me about my appointments/);
      await expect(box).not.toBeChecked();
      // A landline cannot get texts: a clear refusal, nothing stored.
      await page.getByLabel("Mobile number", { exact: true }).fill("+1 800 555 0199");
      await box.check();
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("This number cannot receive texts").first()).toBeVisible();
      expect((await e2eDb().user.findUniqueOrThrow({ where: { id: user.id } })).smsConsent).toBe(
        "unasked",
      );

      const mobile = freshMobile();
      await page.getByLabel("Mobile number", { exact: true }).fill(mobile);
      await page.getByLabel(/Text me about my appointments/).check();
      await page.getByRole("button", { name: "Update" }).click();
      await expect(toast(page, /profile/i, { javaScript })).toBeVisible();
      expect(
        await e2eDb().user.findUniqueOrThrow({
          where: { id: user.id },
          select: { mobile: true, smsConsent: true, smsConsentBy: true },
        }),
      ).toEqual({ mobile, smsConsent: "yes", smsConsentBy: "patient" });

      // Unticking says no.
      await page.goto("/user/profile");
      await expect(page.getByLabel(/Text me about my appointments/)).toBeChecked();
      await page.getByLabel(/Text me about my appointments/).uncheck();
      await page.getByRole("button", { name: "Update" }).click();
      await expect(toast(page, /profile/i, { javaScript })).toBeVisible();
      expect((await e2eDb().user.findUniqueOrThrow({ where: { id: user.id } })).smsConsent).toBe(
        "no",
      );
    });
  });
}
