// The waiting list at the desk (issue 31 item 11), with JavaScript on and off: reception
// filters the list, follows a freed time from the diary to who waits for it, offers it by
// hand (the patient's offer mail arrives), and books a waiting patient now. Axe on the screen.
import { formatDateTime } from "../../app/utils/clinic-format";
import { clinicTimeToUtc } from "../../app/utils/clinic-time";
import { upcoming } from "../support/clinic-dates";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, test, waitForMail } from "./fixtures";
import { CLINIC_CLOCK, seededService, separateClients, toast } from "./patient-support";

separateClients();

const WEDNESDAY = 3;
/** Dr. Patel alone performs it (30-minute visits fit the freed time). */
const SLUG = "dentures";
const DENTIST = "dentist-first";

for (const javaScript of [true, false]) {
  test.describe(`The waiting list at the desk, JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("filters the list, offers a freed time by hand, books a waiting patient now", async ({
      page,
      login,
    }) => {
      const scan = () => (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page));
      const tag = `${javaScript ? "On" : "Off"}${Date.now().toString(36)}`;
      const date = upcoming(WEDNESDAY, javaScript ? 6 : 7);
      const when = formatDateTime(date, "10:00", CLINIC_CLOCK);
      const service = await seededService(SLUG);
      const other = await seededService("teeth-whitening");
      const [morning, afternoon, elsewhere, booker] = await Promise.all(
        ["Morning", "Afternoon", "Elsewhere", "Cancelled"].map((who) =>
          createTestUser({ name: `${who} ${tag}`, phone: "+1 555 0150" }),
        ),
      );
      const wait = (user: { id: string }, serviceId: string, partOfDay: string, minute: number) =>
        e2eDb().waitlistEntry.create({
          data: {
            userId: user.id,
            serviceId,
            fromDate: date,
            toDate: date,
            partOfDay,
            phone: "+1 555 0150",
            createdAt: new Date(Date.now() - (10 - minute) * 60_000),
          },
        });
      const waiting = await wait(morning!, service.id, "morning", 1);
      await wait(afternoon!, service.id, "afternoon", 2);
      await wait(elsewhere!, other.id, "any", 3);
      // The visit that freed 10:00: cancelled, so its time is free again.
      const startsAt = clinicTimeToUtc(date, "10:00");
      await e2eDb().appointment.create({
        data: {
          userId: booker!.id,
          serviceId: service.id,
          name: booker!.name,
          email: booker!.email,
          phone: "555 0100",
          date,
          time: "10:00",
          message: "",
          dentistId: DENTIST,
          chairId: "chair-1",
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status: "cancelled",
        },
      });
      await login(await createTestUser({ role: "reception", name: `Rhea ${tag}` }));

      // The list, from the staff navigation, filtered by service and time of day. The staff
      // pages have a compact shell: no public footer.
      await page.goto("/staff");
      await expect(page.getByRole("navigation", { name: "Clinic" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await page
        .getByRole("navigation", { name: "Clinic" })
        .getByRole("link", { name: "Waiting list" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Waiting list" })).toBeVisible();
      await page.getByLabel("Service").selectOption(service.id);
      await page.getByLabel("Time of day").selectOption("morning");
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/partOfDay=morning/);
      const rows = page.getByTestId("waitlist-entry");
      await expect(rows.filter({ hasText: `Morning ${tag}` })).toHaveCount(1);
      await expect(rows.filter({ hasText: `Afternoon ${tag}` })).toHaveCount(0);
      await expect(rows.filter({ hasText: `Elsewhere ${tag}` })).toHaveCount(0);
      expect(await scan()).toEqual([]);

      // The freed time in the diary says who waits for it, and leads to them.
      await page.goto(`/staff?date=${date}`);
      await page.getByTestId("freed-time").filter({ hasText: "Freed: 1 waiting" }).click();
      await expect(page.getByRole("heading", { name: `Waiting for ${when}` })).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(`Morning ${tag}`);
      expect(await scan()).toEqual([]);

      // Offer it by hand: the patient's offer mail goes out.
      await page.getByRole("button", { name: `Offer this time to Morning ${tag}` }).click();
      await expect(
        toast(page, new RegExp(`^Offered ${service.name} on ${when} with .* to Morning ${tag}`), {
          javaScript,
        }),
      ).toBeVisible();
      await expect(rows).toContainText("until");
      await expect(page.getByRole("button", { name: /^Offer this time/ })).toHaveCount(0);
      const mail = await waitForMail(morning!.email, (m) =>
        m.subject.startsWith("A time has come free"),
      );
      expect(mail.subject).toBe(`A time has come free: ${service.name} on ${when}`);

      // Book now: the desk booking for that patient, time and service; they leave the list.
      await page.getByRole("link", { name: `Book Morning ${tag} now` }).click();
      await expect(page.getByText(`Booking for Morning ${tag}`)).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Service" })).toHaveValue(service.id);
      await page.getByRole("button", { name: "Book", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`Morning ${tag}`);
      await expect
        .poll(
          async () =>
            (await e2eDb().waitlistEntry.findUniqueOrThrow({ where: { id: waiting.id } })).status,
        )
        .toBe("booked");
    });
  });
}
