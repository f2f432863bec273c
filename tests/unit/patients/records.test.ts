// The rules and messages of patient records and need-to-know (docs/decisions/042-patient-records-and-merges.md, 043):
// the details form's schema, the caller record's e-mail, the stand-in address of a record
// without e-mail, and the hourly bound of distinct patients read.
import { describe, expect, it } from "vitest";
import { isNoEmailAddress, noEmailAddress, shownEmail } from "~/models/patients/no-email";
import { DistinctBucket } from "~/infra/distinct-limit.server";
import { patientReadsMessage } from "~/infra/rate-limit.server";
import { validateFields } from "~/validation/form";
import { callerRecordSchema, PATIENT_MESSAGES, patientDetailsSchema } from "~/validation/patient";

const TODAY = "2026-11-27";
const valid = {
  name: "Ada Patient",
  email: "ada@example.com",
  phone: "+1 555 0100",
  dateOfBirth: "1980-05-17",
  address: "1 Main Street",
  allergies: "Penicillin",
  conditions: "",
  staffNote: "",
};

describe("a patient's details", () => {
  it("takes empty e-mail, phone and date of birth, and lower-cases the address", () => {
    const checked = validateFields(patientDetailsSchema(TODAY), {
      ...valid,
      email: " Ada@Example.COM ",
      phone: "",
      dateOfBirth: "",
    });
    expect(checked).toMatchObject({ ok: true, data: { email: "ada@example.com", phone: "" } });
  });

  it.each([
    ["name", "A", PATIENT_MESSAGES.name],
    ["email", "ada@", PATIENT_MESSAGES.email],
    ["phone", "12", PATIENT_MESSAGES.phone],
    ["dateOfBirth", "2026-11-28", PATIENT_MESSAGES.dateOfBirth],
    ["dateOfBirth", "1899-12-31", PATIENT_MESSAGES.dateOfBirth],
    ["dateOfBirth", "2027-02-29", PATIENT_MESSAGES.dateOfBirth],
    ["dateOfBirth", "17/05/1980", PATIENT_MESSAGES.dateOfBirth],
    ["address", "x".repeat(301), PATIENT_MESSAGES.address],
    ["allergies", "x".repeat(1001), PATIENT_MESSAGES.allergies],
    ["conditions", "x".repeat(1001), PATIENT_MESSAGES.conditions],
    ["staffNote", "x".repeat(2001), PATIENT_MESSAGES.staffNote],
  ])("refuses %s %j with its message, on its field", (field, value, message) => {
    expect(validateFields(patientDetailsSchema(TODAY), { ...valid, [field]: value })).toMatchObject(
      { ok: false, status: 400, message, field },
    );
  });

  it("takes today as a date of birth (a newborn's first visit)", () => {
    expect(validateFields(patientDetailsSchema(TODAY), { ...valid, dateOfBirth: TODAY }).ok).toBe(
      true,
    );
  });
});

describe("a caller's record", () => {
  it("takes no e-mail address, and still refuses a malformed one", () => {
    const input = { name: "Nora Nomail", phone: "+1 555 0177" };
    expect(validateFields(callerRecordSchema, { ...input, email: "" })).toMatchObject({
      ok: true,
      data: { email: "" },
    });
    expect(validateFields(callerRecordSchema, { ...input, email: "nora@" })).toMatchObject({
      ok: false,
      field: "email",
    });
  });

  it("keeps a record without e-mail under a stand-in address that is never shown", () => {
    const [one, two] = [noEmailAddress(), noEmailAddress()];
    expect(one).not.toBe(two);
    expect(one).toMatch(/@no-email\.invalid$/);
    expect(isNoEmailAddress(one.toUpperCase())).toBe(true);
    expect(shownEmail(one)).toBe("");
    expect(shownEmail("ada@example.com")).toBe("ada@example.com");
    expect(isNoEmailAddress("someone@invalid.example.com")).toBe(false);
  });
});

describe("the hourly bound of distinct patients read", () => {
  it("counts each patient once in the window, refuses a read that would pass it whole, and logs once", async () => {
    const bucket = new DistinctBucket(3, 3600, patientReadsMessage);
    const start = 1_000_000;
    expect(await bucket.take("staff", ["a", "b"], start)).toBeNull();
    expect(await bucket.take("staff", ["a", "b", "a"], start + 1)).toBeNull();
    expect(await bucket.count("staff", start + 2)).toBe(2);
    expect(await bucket.take("staff", ["c", "d"], start + 1000)).toEqual({
      failure: { ok: false, status: 429, message: patientReadsMessage(3599), retryAfter: 3599 },
      firstOfWindow: true,
      count: 2,
    });
    // Refused whole: neither was added, and one more still fits; a second refusal is not the first.
    expect(await bucket.count("staff", start + 1001)).toBe(2);
    expect(await bucket.take("staff", ["d", "e"], start + 1002)).toMatchObject({
      firstOfWindow: false,
    });
    expect(await bucket.take("staff", ["c"], start + 1003)).toBeNull();
    expect(await bucket.take("other", ["x", "y", "z"], start)).toBeNull();
    // A new hour starts a new window.
    expect(await bucket.take("staff", ["d", "e", "f"], start + 3_600_000)).toBeNull();
  });

  it("says how long to wait", () => {
    expect(patientReadsMessage(3600)).toBe(
      "You have opened the records of many patients in the last hour. Please wait 60 minutes before opening more, or ask an administrator.",
    );
  });
});
