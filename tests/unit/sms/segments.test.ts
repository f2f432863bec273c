import { describe, expect, it } from "vitest";
import { countSegments, isGsm7 } from "~/models/sms/segments";

describe("SMS segments", () => {
  it("fits 160 GSM-7 characters in one segment and splits longer texts 153 a part", () => {
    expect(countSegments("a".repeat(160))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(countSegments("a".repeat(161)).segments).toBe(2);
    expect(countSegments("a".repeat(306)).segments).toBe(2);
    expect(countSegments("a".repeat(307)).segments).toBe(3);
    expect(countSegments("").segments).toBe(0);
  });

  it("counts the extension table's characters twice", () => {
    expect(countSegments("€".repeat(80))).toEqual({ encoding: "GSM-7", units: 160, segments: 1 });
    expect(countSegments(`${"a".repeat(159)}[`).segments).toBe(2);
  });

  it("drops to UCS-2 for any other character: 70 in one, 67 a part", () => {
    expect(isGsm7("Zoë's visit")).toBe(false);
    expect(countSegments("ë".repeat(70))).toEqual({ encoding: "UCS-2", units: 70, segments: 1 });
    expect(countSegments("ë".repeat(71)).segments).toBe(2);
    expect(countSegments("ë".repeat(134)).segments).toBe(2);
    expect(countSegments("ë".repeat(135)).segments).toBe(3);
    // An emoji is two UTF-16 units.
    expect(countSegments("😀".repeat(35)).units).toBe(70);
  });
});
