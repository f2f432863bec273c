// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ServiceCard } from "~/components/service-card";
import { StarRating } from "~/components/star-rating";
import { wrapIndex } from "~/components/reviews-carousel";
import type { ServiceJson } from "~/models/services/catalog.server";
import { renderInRemix } from "../../support/render";

const service: ServiceJson = {
  _id: "cku1",
  slug: "comprehensive-orthodontic-assessment",
  name: "Comprehensive Orthodontic Assessment",
  description:
    "A full orthodontic work-up with scans, photos and a written plan for treatment options.",
  price: 1234.5,
  photo: "/images/services/invisalign.svg",
  category: "Orthodontics",
};

function renderCard(position: number) {
  return renderInRemix(
    <ul>
      <ServiceCard service={service} position={position} />
    </ul>,
  );
}

describe("the service card", () => {
  it("cuts the name at 25 and the description at 55 + '...', and shows the price in dollars", async () => {
    renderCard(1);
    const heading = await screen.findByRole("heading", { level: 3 });
    expect(heading.textContent).toBe("Comprehensive Orthodontic");
    expect(screen.getByText(`${service.description.slice(0, 55)}...`)).toBeInTheDocument();
    expect(screen.getByTestId("service-price").textContent).toBe("$1,234.50");
  });

  it("links the photo and name by id and More Details by slug", async () => {
    renderCard(7);
    const card = await screen.findByTestId("service-card");
    const links = within(card).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/product/cku1",
      "/product/comprehensive-orthodontic-assessment",
    ]);
    expect(links[0]).toHaveAccessibleName("Comprehensive Orthodontic");
    // "More Details" on screen; the full name for screen readers.
    expect(links[1]!.textContent).toBe("More Details about Comprehensive Orthodontic Assessment");
    expect(within(links[1]!).getByText("about Comprehensive Orthodontic Assessment")).toHaveClass(
      "sr-only",
    );
    expect(card).toHaveAttribute("id", "service-7");
    const photo = card.querySelector("img");
    expect(photo).toHaveAttribute("width", "640");
    expect(photo).toHaveAttribute("height", "480");
    expect(photo).toHaveAttribute("loading", "lazy");
  });
});

describe("ratings", () => {
  it("shows a rating as that many stars, named for screen readers", () => {
    for (const rating of [1, 3, 5]) {
      const { unmount } = render(<StarRating rating={rating} />);
      const stars = screen.getByRole("img", { name: `${rating} out of 5 stars` });
      // One outline per star, each starting at its own top point.
      const outline = stars.querySelector("svg path")?.getAttribute("d") ?? "";
      expect(outline.match(/M/g)).toHaveLength(rating);
      unmount();
    }
    render(<StarRating rating={4.4} />);
    expect(screen.getByRole("img", { name: "4 out of 5 stars" })).toBeInTheDocument();
  });
});

describe("the carousel index", () => {
  it("wraps from the first to the last and from the last to the first", () => {
    expect(wrapIndex(-1, 12)).toBe(11);
    expect(wrapIndex(12, 12)).toBe(0);
    expect(wrapIndex(5, 12)).toBe(5);
    expect(wrapIndex(-13, 12)).toBe(11);
    expect(wrapIndex(3, 0)).toBe(0);
  });
});
