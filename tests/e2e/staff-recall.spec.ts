// Recall and reports in the browser, JavaScript on and off: the desk finds an overdue patient
// on /staff/recall, notes a call, moves the due date and opens the booking with the patient,
// service and dentist chosen; the patient's invitation links open the booking form with the
// service and usual dentist chosen and stop the invitations; an admin reads the reports'
// charts and tables, changes the period and downloads a table as CSV.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { addDays, clinicNow } from "../../app/utils/clinic-time";
import { e2eSettings } from "../support/e2e-settings";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { seededService, separateClients, toast } from "./patient-support";

separateClients();

/** An invitation's link token, signed as the e2e server signs it. */
function recallToken(recallId: string, purpose: "book" | "stop") {
  const signature = createHmac("sha256", e2eSettings().sessionSecret)
    .update(`recall-${purpose}:${recallId}`)
    .digest("base64url");
  return `${recallId}.${signature}`;
}

/** A patient whose check-up was due ten days ago (no invitation planned: the desk phones). */
async function overduePatient(name: string) {
  const patient = await createTestUser({ name });
  const service = await seededService("dental-checkup");
  const today = clinicNow(new Date(), "America/New_York").date;
  const recall = await e2eDb().patientRecall.create({
    data: {
      userId: patient.id,
      recallTypeId: "recall-checkup",
      serviceId: service.id,
      dentistId: "dentist-first",
      dueDate: addDays(today, -10),
      lastVisitDate: addDays(today, -192),
    },
  });
  return { patient, service, recall, today };
}

for (const javaScript of [true, false]) {
  test.describe(`recall and reports, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("the desk phones an overdue patient; the patient's links book and stop", async ({
      page,
      login,
    }) => {
      const name = `Overdue ${javaScript ? "On" : "Off"} ${Date.now().toString(36)}`;
      const { patient, service, recall, today } = await overduePatient(name);
      await login(await createTestUser({ role: "reception" }));
      await page.goto("/staff/recall");
      if (javaScript) await page.waitForLoadState("networkidle");
      const overdue = page.getByRole("region", { name: /Overdue/ });
      const row = overdue.getByTestId("recall-row").filter({ hasText: name });
      await expect(row).toContainText("Check-up");
      await row.getByRole("link", { name: `Note a call to ${name}` }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Check-up recall: ${name}`);
      if (javaScript) await page.waitForLoadState("networkidle");

      // A call without an outcome is refused in place, then noted.
      const call = page.getByRole("region", { name: "Note a call" });
      await call.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Please choose how the call went.").first()).toBeVisible();
      await call.getByLabel("How did it go?").selectOption("call_back");
      await call.getByLabel("Note (optional)").fill("After five");
      await call.getByRole("button", { name: "Save" }).click();
      await expect(
        toast(page, "The call is noted: Asked to be called back.", { javaScript }),
      ).toBeVisible();
      await expect(page.getByText("call, asked to be called back: After five")).toBeVisible();

      const dueDate = addDays(today, 20);
      const change = page.getByRole("region", { name: "Interval and due date" });
      await change.getByLabel("Due date", { exact: true }).fill(dueDate);
      await change.getByRole("button", { name: "Save" }).click();
      await expect(
        toast(page, `The recall is now due on ${dueDate}.`, { javaScript }),
      ).toBeVisible();

      // Book from the recall: the desk's booking opens with the patient, service and dentist.
      await page.getByRole("link", { name: "Book Dental Check-up" }).click();
      await expect(page).toHaveURL(/\/staff\/bookings\/new\?/);
      const target = new URL(page.url());
      expect(target.searchParams.get("patient")).toBe(patient.id);
      expect(target.searchParams.get("service")).toBe(service.id);
      expect(target.searchParams.get("dentist")).toBe("dentist-first");
      await expect(page.getByText(patient.email).first()).toBeVisible();

      // The patient's invitation: the book link opens the form with the choices made.
      await login(patient);
      await page.goto(`/recall/book/${recallToken(recall.id, "book")}`);
      await expect(page).toHaveURL(/\/make-appointment\?/);
      await expect(page.getByLabel("Dentist")).toHaveValue("dentist-first");
      await expect(page.locator('#booking-form [name="service"]')).toHaveValue(service.id);
      await expect(page.locator('#booking-form input[name="recall"]')).toHaveValue(
        recallToken(recall.id, "book"),
      );

      // The stop link asks first, then stops every recall invitation.
      await page.goto(`/recall/stop/${recallToken(recall.id, "stop")}`);
      if (javaScript) await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Stop recall invitations" }).click();
      await expect(
        page.getByText("You will get no more recall invitations from us."),
      ).toBeVisible();
      expect(await e2eDb().recallOptOut.count({ where: { userId: patient.id } })).toBe(1);
    });

    test("an admin reads the reports, changes the period and downloads a table", async ({
      page,
      login,
    }) => {
      await login(await createTestUser({ role: "admin" }));
      await page.goto("/staff/reports");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");
      const noShows = page.getByTestId("report-no-shows");
      // Drawn on the server: there without JavaScript too.
      await expect(noShows.locator("svg")).toBeVisible();
      await expect(noShows.getByRole("table")).toContainText("No-show rate (%)");
      if (javaScript) await page.waitForLoadState("networkidle");
      await page.getByLabel("First day").fill("2026-01-01");
      await page.getByLabel("Last day").fill("2026-03-31");
      await page.getByLabel("By").selectOption("month");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/by=month/);
      await expect(noShows.getByRole("rowheader")).toHaveText(["Jan 2026", "Feb 2026", "Mar 2026"]);
      for (const id of [
        "late-cancellations",
        "utilisation-dentists",
        "utilisation-chairs",
        "patients",
        "waiting-list",
        "recall",
      ]) {
        await expect(page.getByTestId(`report-${id}`).locator("svg")).toBeVisible();
      }
      const download = page.waitForEvent("download");
      await noShows.getByRole("link", { name: "Download no-shows as CSV" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("no-shows-2026-01-01-to-2026-03-31-by-month.csv");
      const text = readFileSync((await file.path())!, "utf8");
      expect(text.split("\r\n")[0]).toBe("Period,Came,No-shows,No-show rate (%)");
      expect(text).toContain("Mar 2026,");
    });
  });
}
