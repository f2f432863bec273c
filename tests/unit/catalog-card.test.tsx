import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ServiceCard } from "~/components/service-card";
import { StarRating } from "~/components/star-rating";
import { wrapIndex } from "~/components/reviews-carousel";
import type { ServiceJson } from "~/models/service.server";

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

describe("the service card", () => {
  it("cuts the name at 25 and the description at 55 + '...', and shows the price in dollars", () => {
    const html = renderToStaticMarkup(
      <StaticRouter location="/">
        <ServiceCard service={service} position={1} />
      </StaticRouter>,
    );
    expect(html).toContain(">Comprehensive Orthodontic</h3>");
    expect(html).not.toContain("Comprehensive Orthodontic Assessment</h3>");
    expect(html).toContain(`>${service.description.slice(0, 55)}...</p>`);
    expect(html).toContain(">$1,234.50</p>");
  });

  it("links the photo and name by id and More Details by slug", () => {
    const html = renderToStaticMarkup(
      <StaticRouter location="/">
        <ServiceCard service={service} position={7} />
      </StaticRouter>,
    );
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["/product/cku1", "/product/comprehensive-orthodontic-assessment"]);
    expect(html).toContain('id="service-7"');
    expect(html).toMatch(
      /More Details<span class="sr-only"> about Comprehensive Orthodontic Assessment/,
    );
    expect(html).toMatch(/<img[^>]+width="640"[^>]+height="480"[^>]+loading="lazy"/);
  });
});

describe("ratings", () => {
  it("shows a rating as that many stars, named for screen readers", () => {
    for (const rating of [1, 3, 5]) {
      const html = renderToStaticMarkup(<StarRating rating={rating} />);
      expect(html).toContain(`aria-label="${rating} out of 5 stars"`);
      expect(html.match(/<svg/g)).toHaveLength(rating);
    }
    expect(renderToStaticMarkup(<StarRating rating={4.4} />)).toContain("4 out of 5 stars");
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
