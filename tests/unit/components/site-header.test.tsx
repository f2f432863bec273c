// @vitest-environment jsdom
// The site's header for each kind of user: staff get their clinic's screens (as their role
// allows) instead of the patient's "Add Service" and "Add Reviews".
import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { isStaffPage, SiteHeader } from "~/components/site-header";
import type { PublicUser } from "~/models/accounts/public-user";
import { headerLinksFor } from "~/models/permissions";
import { renderInRemix } from "../../support/render";

beforeAll(() => {
  // jsdom has no ResizeObserver; the header only uses it to publish its height.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      disconnect() {}
    },
  );
});

const user: PublicUser = {
  _id: "u1",
  name: "Rita Desk",
  email: "rita@example.com",
  userImage: "",
  address: "",
  provider: "local",
};

async function mainLinks(role: string) {
  renderInRemix(
    <SiteHeader user={user} staffLinks={headerLinksFor({ role })} clinicPhone={null} />,
  );
  const nav = await screen.findByRole("navigation", { name: "Main" });
  // The header's own links; the account menu (Profile, My data...) is the same for everyone.
  return within(nav)
    .getAllByRole("link")
    .filter((link) => !link.closest("details"))
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("SiteHeader", () => {
  it("gives reception and admins the clinic, patients and a new booking, not the patient's links", async () => {
    for (const role of ["reception", "admin"]) {
      const links = await mainLinks(role);
      expect(links).toEqual([
        ["Home", "/"],
        ["Our team", "/team"],
        ["Blog", "/blog"],
        ["Clinic", "/staff"],
        ["Patients", "/staff/patients"],
        ["New booking", "/staff/bookings/new"],
      ]);
      document.body.innerHTML = "";
    }
  });

  it("gives a dentist only the screens of their role", async () => {
    expect((await mainLinks("dentist")).map(([label]) => label)).toEqual([
      "Home",
      "Our team",
      "Blog",
      "Clinic",
      "Patients",
    ]);
  });

  it("gives a patient Add Service and Add Reviews, and My appointments in the bar itself", async () => {
    expect(await mainLinks("patient")).toEqual([
      ["Home", "/"],
      ["Our team", "/team"],
      ["Blog", "/blog"],
      ["Add Service", "/add-services"],
      ["Add Reviews", "/add-review"],
      ["My appointments", "/user/appointments"],
    ]);
    document.body.innerHTML = "";
    // Staff have their screens there instead; their appointments stay in the account menu.
    expect((await mainLinks("reception")).map(([label]) => label)).not.toContain("My appointments");
  });

  it("gives the staff screens a compact bar without the emergency line", async () => {
    const header = (path: string) => {
      renderInRemix(
        <SiteHeader
          user={user}
          staffLinks={headerLinksFor({ role: "reception" })}
          clinicPhone="+1 555 0102"
        />,
        path,
      );
    };
    header("/");
    expect(await screen.findByTestId("header-phone")).toBeInTheDocument();
    document.body.innerHTML = "";
    header("/staff/waitlist");
    await screen.findByRole("navigation", { name: "Main" });
    expect(screen.queryByTestId("header-phone")).toBeNull();
    expect(isStaffPage("/staff")).toBe(true);
    expect(isStaffPage("/staffing")).toBe(false);
  });
});
