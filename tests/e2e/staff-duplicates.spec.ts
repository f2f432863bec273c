// Duplicates caught before a record is made (issue 31 item 12), JavaScript on and off: the
// desk types a caller the clinic already has; the record on file is shown (as the fields are
// filled with JavaScript, on sending without), and the desk uses it, or creates a new one
// anyway. Axe on the warning.
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, test } from "./fixtures";
import { separateClients } from "./patient-support";

separateClients();

for (const javaScript of [true, false]) {
  test.describe(`A likely duplicate at the desk, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("shows the record on file; 'use this record' books for it, 'create anyway' makes another", async ({
      page,
      login,
    }) => {
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const digits = String(Date.now()).slice(-7);
      const onFile = await createTestUser({
        name: `Ana Silva ${tag}`,
        phone: `+1 555 ${digits.slice(0, 3)} ${digits.slice(3)}`,
        passwordHash: null,
      });
      await e2eDb().user.update({
        where: { id: onFile.id },
        data: { phoneDigits: `1555${digits}` },
      });
      await login(await createTestUser({ role: "reception" }));
      const warning = page.getByTestId("likely-duplicates");

      const typeTheCaller = async () => {
        await page.goto("/staff/bookings/new");
        await page.getByLabel("Name", { exact: true }).fill(`Ana Silva ${tag}`);
        // The same number written another way.
        await page.getByLabel("Phone", { exact: true }).fill(`(555) ${digits}`);
        if (javaScript) {
          // Shown as the fields are filled, before anything is sent.
          await expect(warning).toContainText(`Ana Silva ${tag}`);
        } else {
          await expect(warning).toHaveCount(0);
          await page.getByRole("button", { name: "Create record" }).click();
        }
        await expect(warning).toContainText(`Ana Silva ${tag}`);
        await expect(warning).toContainText("same phone number");
      };

      // Use this record: the booking goes on for the patient on file.
      await typeTheCaller();
      expect(
        await (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page)),
      ).toEqual([]);
      await warning.getByRole("link", { name: `Use this record for Ana Silva ${tag}` }).click();
      await expect(page.getByText(`Booking for Ana Silva ${tag}`)).toBeVisible();
      expect(new URL(page.url()).searchParams.get("patient")).toBe(onFile.id);

      // Create anyway: a second record, made on purpose.
      await typeTheCaller();
      await warning.getByRole("button", { name: "Create anyway" }).click();
      await expect(page.getByText(`Booking for Ana Silva ${tag}`)).toBeVisible();
      const made = new URL(page.url()).searchParams.get("patient");
      expect(made).toBeTruthy();
      expect(made).not.toBe(onFile.id);
      expect(await e2eDb().user.count({ where: { name: `Ana Silva ${tag}` } })).toBe(2);
    });
  });
}
