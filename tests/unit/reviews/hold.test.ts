// Which new reviews wait for moderation (docs/decisions/040-reviews-held-for-moderation.md):
// a patient without a completed visit of the service while the clinic's setting is on; any
// review whose name or message carries a link, an e-mail address or a phone number. What a
// patient ordinarily writes (dates, times, prices, counts, a sentence run together) does not.
import { describe, expect, it } from "vitest";
import { hasLink, hasPhoneNumber, reviewHoldReasons } from "~/models/reviews/hold.server";
import { parseHeldFor } from "~/models/reviews/status";

const clean = "Dr. Chen was gentle; the cleaning took 45 minutes and cost $120.50.";

describe("reviewHoldReasons", () => {
  it("publishes a verified patient's plain review at once, with the setting on or off", () => {
    for (const holdUnverified of [true, false]) {
      expect(
        reviewHoldReasons({ name: "Ann", message: clean, verified: true, holdUnverified }),
      ).toEqual([]);
    }
  });

  it("holds a review without a completed visit while the setting is on, and only then", () => {
    expect(
      reviewHoldReasons({ name: "Ann", message: clean, verified: false, holdUnverified: true }),
    ).toEqual(["no_visit"]);
    expect(
      reviewHoldReasons({ name: "Ann", message: clean, verified: false, holdUnverified: false }),
    ).toEqual([]);
  });

  it("holds a link or a phone number whoever writes it and whatever the setting", () => {
    const base = { name: "Ann", verified: true, holdUnverified: false };
    expect(reviewHoldReasons({ ...base, message: "Cheaper at https://smiles.example" })).toEqual([
      "link",
    ]);
    expect(reviewHoldReasons({ ...base, message: "Call me on 555-010-0199" })).toEqual(["phone"]);
    expect(reviewHoldReasons({ ...base, name: "www.cheap-teeth.com", message: clean })).toEqual([
      "link",
    ]);
    expect(
      reviewHoldReasons({
        name: "Ann",
        message: "Visit deals.com or ring +44 20 7946 0958",
        verified: false,
        holdUnverified: true,
      }),
    ).toEqual(["no_visit", "link", "phone"]);
  });
});

describe("hasLink", () => {
  it.each([
    "see http://example.org/x",
    "HTTPS://EXAMPLE.ORG",
    "ftp://files.example",
    "go to www.example",
    "write to me@example.org",
    "smile-deals.com is cheaper",
    "bit.ly/abc",
    "teeth.co.uk",
    "ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏｍ",
  ])("finds a link in %j", (text) => {
    expect(hasLink(text)).toBe(true);
  });

  it.each([
    clean,
    "Great visit.Thanks to everyone",
    "It was done.In two weeks I was fine",
    "Brilliant.To be honest I was nervous",
    "The staff helped.Me and my son both",
    "e.g. the fillings, i.e. two",
    "Dr.Chen and Dr.Okafor are lovely",
    "5 stars. 10/10 would come back",
  ])("finds no link in %j", (text) => {
    expect(hasLink(text)).toBe(false);
  });
});

describe("hasPhoneNumber", () => {
  it.each([
    "call 5550100199",
    "ring (555) 010-0199",
    "+1 555 010 0199",
    "whatsapp +447946095812",
    "555.010.0199",
    "０２０ ７９４６ ０９５８",
  ])("finds a phone number in %j", (text) => {
    expect(hasPhoneNumber(text)).toBe(true);
  });

  it.each([
    clean,
    "My visit on 12.03.2025 at 10:30 was great",
    "Booked for 2025-03-12, came back 2025-04-02",
    "Paid $1,250.00 for 2 crowns in 2024",
    "Waited 5 minutes, 3 fillings, 1 crown",
    "10/10",
  ])("finds no phone number in %j", (text) => {
    expect(hasPhoneNumber(text)).toBe(false);
  });
});

describe("parseHeldFor", () => {
  it("reads the stored reasons back and drops what it does not know", () => {
    expect(parseHeldFor("no_visit,phone")).toEqual(["no_visit", "phone"]);
    expect(parseHeldFor("")).toEqual([]);
    expect(parseHeldFor("link,bogus")).toEqual(["link"]);
  });
});
