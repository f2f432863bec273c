// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ServicesList } from "~/components/services-list";
import { NO_FILTER } from "~/data/catalog-filter";
import type { ServiceJson } from "~/models/services/catalog.server";
import { renderInRemix } from "../../support/render";

const services: ServiceJson[] = Array.from({ length: 6 }, (_, i) => ({
  _id: `id-${i}`,
  slug: `service-${i}`,
  name: `Service ${i}`,
  description: "A description.",
  price: 100,
  photo: "/images/services/teeth-cleaning.svg",
  category: "Preventive",
}));

describe("the services list shown from a page past the first ten", () => {
  it("numbers its cards from where the page starts, and links back and on without JavaScript", async () => {
    renderInRemix(
      <ServicesList
        services={services}
        firstPage={11}
        pages={11}
        total={140}
        filter={{ checked: ["Cosmetic"], radio: null }}
        basePath="/all-service"
      />,
      "/all-service",
    );
    expect(await screen.findByTestId("services-shown")).toHaveTextContent(
      "Showing services 61 to 66 of 140",
    );
    expect(document.querySelector("#service-61")).not.toBeNull();
    expect(screen.getByTestId("previous-services")).toHaveAttribute(
      "href",
      "/all-service?checked=Cosmetic&page=10#services",
    );
    expect(screen.getByRole("link", { name: "Back to the first services" })).toHaveAttribute(
      "href",
      "/all-service?checked=Cosmetic#services",
    );
    expect(screen.getByTestId("load-more")).toHaveAttribute(
      "href",
      "/all-service?checked=Cosmetic&page=12#service-67",
    );
  });

  it("shows neither the links back nor the range on the first pages", async () => {
    renderInRemix(
      <ServicesList services={services} pages={1} total={140} filter={NO_FILTER} basePath="/" />,
    );
    expect(await screen.findByTestId("services-shown")).toHaveTextContent(
      "Showing 6 of 140 services",
    );
    expect(screen.queryByTestId("previous-services")).toBeNull();
  });
});
