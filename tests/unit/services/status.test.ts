import { describe, expect, it } from "vitest";
import {
  isServiceStatus,
  serviceStandingLabel,
  staffServiceFilterOf,
} from "~/models/services/status";

describe("service status", () => {
  it("knows the three statuses and nothing else", () => {
    for (const status of ["published", "awaiting_review", "rejected"]) {
      expect(isServiceStatus(status)).toBe(true);
    }
    for (const other of ["pending", "", "Published", null, 1]) {
      expect(isServiceStatus(other)).toBe(false);
    }
  });

  it("labels a service as its author and staff read it", () => {
    expect(serviceStandingLabel({ status: "awaiting_review", hidden: false })).toBe(
      "Awaiting review",
    );
    expect(serviceStandingLabel({ status: "rejected", hidden: false })).toBe("Not published");
    expect(serviceStandingLabel({ status: "rejected", hidden: true })).toBe("Not published");
    expect(serviceStandingLabel({ status: "published", hidden: false })).toBe("Published");
    expect(serviceStandingLabel({ status: "published", hidden: true })).toBe(
      "Hidden by the clinic",
    );
  });

  it("reads the staff list's filter from the query, all services otherwise", () => {
    expect(staffServiceFilterOf("hidden")).toBe("hidden");
    expect(staffServiceFilterOf("awaiting_review")).toBe("awaiting_review");
    expect(staffServiceFilterOf(null)).toBe("all");
    expect(staffServiceFilterOf("<script>")).toBe("all");
  });
});
