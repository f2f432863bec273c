import { describe, expect, it } from "vitest";
import { profileSchema, registerSchema } from "~/validation/account";
import { appointmentSchema } from "~/validation/appointment";
import { parseFilterBody } from "~/validation/catalog";
import { parseContact } from "~/validation/clinic-settings";
import {
  EMAIL_FORMAT_MESSAGE,
  isEmailAddress,
  isImageLink,
  isPhoneNumber,
  isReservedAddress,
  NAME_CHARACTERS_MESSAGE,
  RESERVED_EMAIL_MESSAGE,
  asOneLineName,
  REQUIRED_MESSAGES,
} from "~/validation/fields";
import { callerRecordSchema, patientDetailsSchema } from "~/validation/patient";
import { dentistAccountSchema, dentistProfileSchema, newDentistSchema } from "~/validation/team";
import { waitlistJoinSchema } from "~/validation/waitlist";
import { reviewSchema } from "~/validation/review";
import { serviceSchema } from "~/validation/service";
import { MAX_PRICE_DOLLARS } from "~/validation/form-fields";

/** The message a schema gives for `field` alone, or null when that field is fine. */
function messageFor(
  schema: typeof registerSchema | typeof appointmentSchema,
  field: string,
  value: unknown,
) {
  const result = schema.safeParse({ [field]: value });
  return result.success
    ? null
    : (result.error.issues.find((issue) => issue.path[0] === field)?.message ?? null);
}

describe("rules defined once", () => {
  it("one price cap: a service may cost it, and a price filter may name it but not more", () => {
    expect(serviceSchema.shape.price.safeParse(String(MAX_PRICE_DOLLARS)).success).toBe(true);
    expect(parseFilterBody({ radio: [0, MAX_PRICE_DOLLARS] }).ok).toBe(true);
    expect(parseFilterBody({ radio: [0, MAX_PRICE_DOLLARS + 1] }).ok).toBe(false);
  });

  it.each([
    ["ada@example.com", null],
    ["o'brien+clinic@mail.example.org", null],
    ["ada", EMAIL_FORMAT_MESSAGE],
    ["ada@example", EMAIL_FORMAT_MESSAGE],
    ["ada @example.com", EMAIL_FORMAT_MESSAGE],
    ["", REQUIRED_MESSAGES.email],
  ])("one e-mail check for accounts and bookings: %j", (address, message) => {
    expect(messageFor(registerSchema, "email", address)).toBe(message);
    expect(messageFor(appointmentSchema, "email", address)).toBe(message);
  });

  it("one name rule, with the spec's message, wherever a name is asked for", () => {
    for (const schema of [registerSchema, appointmentSchema, reviewSchema, serviceSchema]) {
      const name = schema.shape.name;
      expect(name.safeParse("").error?.issues[0]?.message).toBe(REQUIRED_MESSAGES.name);
      expect(name.safeParse("x".repeat(101)).success).toBe(false);
      expect(name.safeParse("  Ada  ").data).toBe("Ada");
    }
  });

  // Every form where a name is typed: an account (registration, profile), a booking, a
  // review, a service's title, a caller and a patient's record at the desk, a dentist.
  const nameSchemas = {
    register: registerSchema.shape.name,
    profile: profileSchema.shape.name,
    booking: appointmentSchema.shape.name,
    review: reviewSchema.shape.name,
    service: serviceSchema.shape.name,
    caller: callerRecordSchema.shape.name,
    patient: patientDetailsSchema("2026-01-01").shape.name,
    "new dentist": newDentistSchema.shape.name,
    dentist: dentistProfileSchema.shape.name,
  };

  it.each([
    ["Mal Lory\r\nBcc: everyone@example.com", false],
    ["Mal\nLory", false],
    ["Mal\rLory", false],
    ["Mal\tLory", false],
    ["Mal\u0000Lory", false],
    ["Mal\u0007Lory", false],
    ["Mal\u001bLory", false],
    ["Mal\u007fLory", false],
    ["Mal\u0085Lory", false],
    ["Mal\u009bLory", false],
    ["Mal\u2028Lory", false],
    ["Mal\u2029Lory", false],
    ["Mal Lory", true],
    ["Zoë O'Brien-Łukasiewicz", true],
    ["李小龙", true],
    ["  Mal Lory\n", true],
  ])("one name rule refuses control characters wherever a name is typed: %j", (name, accepted) => {
    for (const [form, schema] of Object.entries(nameSchemas)) {
      const result = schema.safeParse(name);
      expect(result.success, form).toBe(accepted);
      if (!accepted) expect(result.error?.issues[0]?.message, form).toBe(NAME_CHARACTERS_MESSAGE);
    }
  });

  it("a name from elsewhere (Google's) is made one line", () => {
    expect(asOneLineName(" Mal\r\nBcc:\u2028x\tLory ")).toBe("Mal Bcc: x Lory");
  });

  it.each([
    ["https://images.example/me.png", true],
    ["http://images.example/me.png", true],
    ["/images/avatars/demo-patient.svg", true],
    ["/images/services/teeth-whitening.svg", true],
    ["/images/hero.svg", true],
    ["/images/../.env", false],
    ["/images/%2e%2e/secret.png", false],
    ["/images//evil.example/a.png", false],
    ["//evil.example/images/a.png", false],
    ["/images/a.svg?x=1", false],
    ["/images/avatars/", false],
    ["/uploads/me.png", false],
    ["images/me.png", false],
    ["javascript:alert(1)", false],
    ["data:image/svg+xml,<svg/>", false],
  ])("one image-link rule: http(s) or an image the site ships: %j", (value, accepted) => {
    expect(isImageLink(value)).toBe(accepted);
  });

  const contact = {
    clinicName: "Smile Dental",
    phone: "+1 (555) 010-0199",
    email: "front@smile.example",
    street: "1 Main St",
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
  };

  // Each of these was once read differently by one of the forms (a regex of its own).
  it.each([
    ["ada@example.com", true],
    ["o'brien+clinic@mail.example.org", true],
    ["ada", false],
    ["ada@example", false],
    ["ada@example.c", false],
    ["front desk@smile.example", false],
    ["<ada>@example.com", false],
    [`ada@${"a".repeat(250)}.com`, false],
  ])(
    "one e-mail rule for accounts, bookings, the clinic, a caller's record and a dentist's account: %j",
    (address, accepted) => {
      expect(isEmailAddress(address)).toBe(accepted);
      expect(registerSchema.shape.email.safeParse(address).success).toBe(accepted);
      expect(appointmentSchema.shape.email.safeParse(address).success).toBe(accepted);
      expect(parseContact({ ...contact, email: address }).ok).toBe(accepted);
      expect(callerRecordSchema.shape.email.safeParse(address).success).toBe(accepted);
      expect(dentistAccountSchema.shape.email.safeParse(address).success).toBe(accepted);
    },
  );

  it.each([
    ["eve@no-email.invalid", false],
    ["no-email-0b7d@NO-EMAIL.INVALID", false],
    ["eve@mail.invalid", false],
    ["eve@invalid", false],
    ["eve@example.com", true],
    ["eve@invalid.example.com", true],
    ["eve@notinvalid.com", true],
  ])(
    "an address under .invalid can never receive mail: refused wherever an address is typed: %j",
    (address, accepted) => {
      expect(isReservedAddress(address)).toBe(!accepted);
      const forms = {
        register: registerSchema.shape.email,
        booking: appointmentSchema.shape.email,
        caller: callerRecordSchema.shape.email,
        patient: patientDetailsSchema("2026-01-01").shape.email,
      };
      for (const [form, schema] of Object.entries(forms)) {
        const result = schema.safeParse(address);
        // "eve@invalid" has no top-level domain of two letters: the format check says so first.
        if (address === "eve@invalid") {
          expect(result.success, form).toBe(false);
          continue;
        }
        expect(result.success, form).toBe(accepted);
        if (!accepted) expect(result.error?.issues[0]?.message, form).toBe(RESERVED_EMAIL_MESSAGE);
      }
    },
  );

  it.each([
    ["+1 (555) 010-0199", true],
    ["555 0100", true],
    ["(555) 010 0100", true],
    ["+44 20.7946.0958", true],
    ["12345", false],
    ["+1 ()", false],
    ["call me", false],
    ["555-0100 ext 12", false],
    ["+1 555 0100 0100 0100 0100 0100 01", false],
  ])(
    "one phone rule for bookings, the waiting list, the clinic and a caller's record: %j",
    (phone, accepted) => {
      expect(isPhoneNumber(phone)).toBe(accepted);
      expect(appointmentSchema.shape.phone.safeParse(phone).success).toBe(accepted);
      expect(waitlistJoinSchema.shape.phone.safeParse(phone).success).toBe(accepted);
      expect(parseContact({ ...contact, phone }).ok).toBe(accepted);
      expect(callerRecordSchema.shape.phone.safeParse(phone).success).toBe(accepted);
    },
  );
});
