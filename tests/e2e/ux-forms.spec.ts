import { THURSDAY, upcoming, WEDNESDAY } from "../support/clinic-dates";
import { fillLogin } from "./auth-support";
import { axeViolations, axeViolationsWithoutJavaScript } from "./axe";
import { createTestUser, e2eDb, expect, hydrated, test, TEST_PASSWORD } from "./fixtures";
import { choose, formError, seededService, separateClients, toast } from "./patient-support";
import { headerBottom, isOnTop } from "./ux-support";

// The forms as a patient meets them: what they may type, where errors show, what survives
// a detour, what a failed lookup leaves behind (issue 13: items 1, 2, 6, 7, 8, 10).

separateClients();

const PHONE = { width: 390, height: 664 };

for (const javaScript of [true, false]) {
  test.describe(`forms with JavaScript ${javaScript ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: javaScript });

    test("the demo patient's profile saves as prefilled: a site image is a valid link", async ({
      page,
      login,
    }) => {
      await login(await createTestUser({ userImage: "/images/avatars/demo-patient.svg" }));
      await page.goto("/user/profile");
      await expect(page.getByLabel("Image link")).toHaveValue("/images/avatars/demo-patient.svg");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "Profile Updated Successfully", { javaScript })).toBeVisible();
    });

    test("registering with one of the site's pictures, then the login page knows the address", async ({
      page,
    }) => {
      const email = `avatar-${Date.now()}-${javaScript ? "js" : "html"}@example.com`;
      await page.goto("/register");
      await page.getByLabel("Name").fill("Ava Tar");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("smile-123");
      await page.getByRole("radio", { name: "Indigo star" }).check();
      // With JavaScript the choice fills the link in; without, the radio button is posted
      // (the link keeps the picture the form started with).
      await expect(page.getByLabel("Image URL")).toHaveValue(
        javaScript ? "/images/avatars/indigo-star.svg" : "/images/avatars/teal-smile.svg",
      );
      await page.getByRole("button", { name: "Sign up" }).click();

      await expect(page).toHaveURL(/\/login$/);
      await expect(toast(page, "registation success full", { javaScript })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(email);
      expect(page.url()).not.toContain("avatar-");
      const user = await e2eDb().user.findUniqueOrThrow({ where: { email } });
      expect(user.userImage).toBe("/images/avatars/indigo-star.svg");

      // Read once: the next visit of the login page starts empty.
      await page.goto("/login");
      await expect(page.getByLabel("Email")).toHaveValue("");
      await fillLogin(page, email, "smile-123");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      const avatar = page.locator("header [data-testid=avatar] img").first();
      await expect(avatar).toHaveAttribute("src", "/images/avatars/indigo-star.svg");
    });

    test("one of the site's pictures is chosen to start with; a link of one's own replaces it", async ({
      page,
    }) => {
      const email = `ownlink-${Date.now()}-${javaScript ? "js" : "html"}@example.com`;
      await page.goto("/register");
      await expect(page.getByRole("radio", { name: "Teal smile" })).toBeChecked();
      await expect(page.getByLabel("Image URL")).toHaveValue("/images/avatars/teal-smile.svg");
      await page.getByLabel("Name").fill("Own Link");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("smile-123");
      await page.getByLabel("Image URL").fill("https://example.com/me.png");
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page).toHaveURL(/\/login$/);
      const user = await e2eDb().user.findUniqueOrThrow({ where: { email } });
      expect(user.userImage).toBe("https://example.com/me.png");
    });

    test("an error marks its field, and on a phone it shows on the first screen", async ({
      page,
      login,
    }) => {
      await page.setViewportSize(PHONE);
      await login();
      await page.goto("/make-appointment");
      const phone = page.getByLabel("Phone");
      await page.getByRole("button", { name: "Add booking" }).click();

      const message = formError(page);
      await expect(message).toHaveText("please Enter your phone");
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      const messageId = await message.getAttribute("id");
      expect(messageId).toBeTruthy();
      await expect(phone).toHaveAttribute("aria-describedby", new RegExp(`\\b${messageId}\\b`));
      // Only the field the message is about is marked.
      await expect(page.locator("[aria-invalid=true]")).toHaveCount(1);

      if (javaScript) {
        // Focus goes to the field, which is then on screen; fixing it clears the message.
        await expect(phone).toBeFocused();
        expect(await isOnTop(phone)).toBe(true);
        await phone.fill("555 0177");
        await expect(message).toHaveCount(0);
        await expect(phone).not.toHaveAttribute("aria-invalid", "true");
        await page.getByRole("button", { name: "Add booking" }).click();
        await expect(message).toHaveText("please Enter your date");
        await expect(page.getByLabel("Date")).toBeFocused();
      } else {
        // The reloaded page starts at the top: the message is repeated there, linked to the field.
        const summary = page.getByTestId("error-summary");
        await expect(summary).toContainText("please Enter your phone");
        const box = await summary.boundingBox();
        expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
        expect(box!.y).toBeGreaterThanOrEqual(await headerBottom(page));
        await summary.getByRole("link", { name: "please Enter your phone" }).click();
        await expect(phone).toBeFocused();
        expect(await isOnTop(phone)).toBe(true);
      }
      expect(
        await (javaScript ? axeViolations(page) : axeViolationsWithoutJavaScript(page)),
      ).toEqual([]);
    });

    test("a signed-out visitor's review survives the trip through login", async ({ page }) => {
      const user = await createTestUser();
      const service = await seededService("root-canal-treatment");
      const message = `Painless root canal (${javaScript ? "js" : "html"} ${Date.now()}).`;
      await page.goto("/add-review");
      await page.getByLabel("Name", { exact: true }).fill("Rita Draft");
      await choose(page, "Rating", { type: "4", option: "4 stars", javaScript });
      await choose(page, "Service", { type: "root", option: service.name, javaScript });
      await page.getByLabel("Message").fill(message);
      await page.getByRole("button", { name: "Add Review" }).click();

      await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadd-review$/);
      // The draft is not in the URL (nor anywhere the address bar or a log would keep it).
      expect(page.url()).not.toContain("Painless");
      await fillLogin(page, user.email, TEST_PASSWORD);
      await page.getByRole("button", { name: "Login", exact: true }).click();

      await expect(page).toHaveURL(/\/add-review$/);
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Rita Draft");
      await expect(page.getByLabel("Message")).toHaveValue(message);
      if (javaScript) {
        await expect(
          page.locator("input[role=combobox]").and(page.getByLabel("Service", { exact: true })),
        ).toHaveValue(service.name);
      } else {
        await expect(page.getByLabel("Service", { exact: true })).toHaveValue(service.id);
        await expect(page.getByLabel("Rating", { exact: true })).toHaveValue("4");
      }
      await page.getByRole("button", { name: "Add Review" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page, "review Created Successfully", { javaScript })).toBeVisible();
      expect(await e2eDb().review.findFirstOrThrow({ where: { message } })).toMatchObject({
        name: "Rita Draft",
        rating: 4,
        serviceId: service.id,
        userId: user.id,
      });
    });
  });
}

test.describe("the booking form when the free times cannot be loaded", () => {
  test("a dropped connection: the form stays, says so, and books a typed time", async ({
    page,
    login,
  }) => {
    const user = await login();
    const service = await seededService("dental-checkup");
    const date = upcoming(WEDNESDAY, 2);
    await page.route("**/resources/free-slots**", (route) => route.abort("connectionreset"));
    await page.goto("/make-appointment");
    // A date typed before hydration would not ask for the free times.
    await hydrated(page);
    await page.getByLabel("Phone").fill("555 0190");
    await page.getByLabel("Message").fill("Check-up, please.");
    await choose(page, "Service", { type: "check", option: service.name, javaScript: true });
    await page.getByLabel("Date").fill(date);

    await expect(
      page.getByRole("alert").filter({ hasText: "could not load the free times" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book an Appoinment");
    await expect(page.getByText("Unexpected Application Error!")).toHaveCount(0);
    await expect(page.getByLabel("Phone")).toHaveValue("555 0190");

    await page.getByLabel("Time").fill("11:30");
    await page.getByRole("button", { name: "Add booking" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "Product Created Successfully")).toBeVisible();
    expect(
      await e2eDb().appointment.findFirstOrThrow({ where: { userId: user.id } }),
    ).toMatchObject({ date, time: "11:30", serviceId: service.id });
  });

  test("a server error: Try again loads them once the server answers", async ({ page, login }) => {
    await login();
    let failing = true;
    await page.route("**/resources/free-slots**", (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Oops</h1>" })
        : route.continue(),
    );
    await page.goto("/make-appointment");
    // A date typed before hydration would not ask for the free times.
    await hydrated(page);
    await page.getByLabel("Date").fill(upcoming(THURSDAY, 2));
    const failed = page.getByTestId("free-times-failed");
    await expect(failed).toContainText("We could not load the free times");
    expect(await axeViolations(page)).toEqual([]);
    failing = false;
    await failed.getByRole("button", { name: "Try again" }).click();
    const time = page.getByLabel("Time");
    await expect(time.locator("option[value='09:30']")).toBeAttached();
    await expect(failed).toHaveCount(0);
  });
});

test.describe("toasts", () => {
  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", PHONE],
  ] as const) {
    test(`sit below the header on a ${label}, leaving its links and menu usable`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto("/login");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      const shown = toast(page, "Fill All Details");
      await expect(shown).toBeVisible();
      await expect(shown).toHaveCSS("opacity", "1");
      const box = await shown.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(await headerBottom(page));
      const headerControls =
        label === "phone"
          ? [page.getByText("Menu", { exact: true }), page.getByTestId("header-phone")]
          : [
              page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Signup" }),
              page.getByTestId("header-phone"),
            ];
      for (const control of headerControls) expect(await isOnTop(control)).toBe(true);
    });
  }

  test("a successful submit takes away that form's earlier error toasts", async ({
    page,
    login,
  }) => {
    await login();
    const service = await seededService("night-guard");
    await page.goto("/add-review");
    const submit = page.getByRole("button", { name: "Add Review" });
    await page.getByLabel("Name", { exact: true }).fill("");
    await submit.click();
    await expect(toast(page, "Fill All Details")).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Toasty");
    await submit.click();
    // One error toast per form: the newer message replaces the older one.
    await expect(toast(page, "please Enter your service")).toBeVisible();
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toHaveCount(1);

    await choose(page, "Service", { type: "night", option: service.name, javaScript: true });
    await choose(page, "Rating", { type: "5", option: "5 stars", javaScript: true });
    await page.getByLabel("Message").fill(`Sleeps better (${Date.now()}).`);
    await submit.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, "review Created Successfully")).toBeVisible();
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toHaveCount(0);
  });
});
