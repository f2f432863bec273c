import { describe, expect, it } from "vitest";
import { HIGHLIGHTS } from "~/components/home-sections";
import { seedServices, SERVICE_TIMES } from "../../../prisma/seed-data";

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4 };

/** Every length a text states ("90-minute", "30 minutes", "one-hour", "2 hours"), in minutes. */
function statedLengths(text: string): number[] {
  const lengths: number[] = [];
  for (const match of text.matchAll(/\b(\d+|one|two|three|four)[- ](minute|hour)s?\b/gi)) {
    const amount = NUMBERS[match[1]!.toLowerCase()] ?? Number(match[1]);
    lengths.push(match[2]!.toLowerCase() === "hour" ? amount * 60 : amount);
  }
  return lengths;
}

/** A seed service's visit length as the seed stores it (the schema's 30 when not listed). */
const lengthOf = (slug: string) => SERVICE_TIMES[slug]?.durationMinutes ?? 30;

describe("the seed's words agree with its data", () => {
  it("reads the lengths a text states", () => {
    expect(statedLengths("in one 90-minute visit, then 2 hours and a one-hour check")).toEqual([
      90, 120, 60,
    ]);
    expect(statedLengths("Wait ten minutes")).toEqual([]);
  });

  it("a service's description states no length other than the visit's", () => {
    for (const service of seedServices) {
      for (const stated of statedLengths(service.description)) {
        expect({ slug: service.slug, stated }).toEqual({
          slug: service.slug,
          stated: lengthOf(service.slug),
        });
      }
    }
  });

  it("the home page's highlights state the length of the service they name", () => {
    for (const highlight of HIGHLIGHTS) {
      expect(seedServices.some((service) => service.slug === highlight.slug)).toBe(true);
      for (const stated of statedLengths(highlight.text)) {
        expect({ slug: highlight.slug, stated }).toEqual({
          slug: highlight.slug,
          stated: lengthOf(highlight.slug),
        });
      }
    }
  });
});
