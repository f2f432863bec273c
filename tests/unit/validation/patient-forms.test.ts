import { describe, expect, it } from "vitest";
import { appointmentSchema } from "~/validation/appointment";
import { HTTP_URL_MESSAGE } from "~/validation/fields";
import { validateForm } from "~/validation/form";
import { reviewSchema } from "~/validation/review";
import {
  CATEGORY_MESSAGE,
  PRICE_MESSAGE,
  PRICE_TOO_HIGH_MESSAGE,
  serviceSchema,
} from "~/validation/service";
import {
  APPOINTMENT_REQUIRED_FIELDS,
  REVIEW_REQUIRED_FIELDS,
  SERVICE_REQUIRED_FIELDS,
} from "~/validation/form-fields";

/**
 * Fills the fields one at a time, in the given order, and returns the message after each
 * step: the spec's messages must come out in the spec's order.
 */
function messagesWhileFilling(
  check: (input: Record<string, unknown>) => string | null,
  steps: Array<[string, unknown]>,
) {
  const input: Record<string, unknown> = {};
  const messages = [check(input)];
  for (const [field, value] of steps) {
    input[field] = value;
    messages.push(check(input));
  }
  return messages;
}

const serviceMessage = (input: Record<string, unknown>) => {
  const result = validateForm(serviceSchema, input, SERVICE_REQUIRED_FIELDS);
  return result.ok ? null : result.message;
};
const reviewMessage = (input: Record<string, unknown>) => {
  const result = validateForm(reviewSchema, input, REVIEW_REQUIRED_FIELDS);
  return result.ok ? null : result.message;
};
const appointmentMessage = (input: Record<string, unknown>) => {
  const result = validateForm(appointmentSchema, input, APPOINTMENT_REQUIRED_FIELDS);
  return result.ok ? null : result.message;
};

describe("Add Service messages", () => {
  it("come in the spec's order: all empty, Name, description, price, photo", () => {
    expect(
      messagesWhileFilling(serviceMessage, [
        ["name", "Gum Contouring"],
        ["description", "Laser reshaping of the gum line."],
        ["price", "349.50"],
        ["photo", "https://images.example/gum.png"],
      ]),
    ).toEqual([
      "Fill All Details",
      "please Enter your description",
      "please Enter your price",
      "please Enter your photo",
      null,
    ]);
  });

  it("report the first missing field whichever others are filled", () => {
    const full = {
      name: "Gum Contouring",
      description: "Laser reshaping.",
      price: "10",
      photo: "https://images.example/gum.png",
    };
    expect(serviceMessage({ ...full, name: "  " })).toBe("please Enter your Name");
    expect(serviceMessage({ ...full, description: "" })).toBe("please Enter your description");
    expect(serviceMessage({ ...full, price: "" })).toBe("please Enter your price");
    expect(serviceMessage({ ...full, photo: undefined })).toBe("please Enter your photo");
    expect(serviceMessage({ name: " ", description: "", price: "", photo: "" })).toBe(
      "Fill All Details",
    );
  });

  it("refuse a price that is not a positive amount, and a photo that is neither http(s) nor the site's", () => {
    const full = { name: "X", description: "Y", photo: "https://images.example/x.png" };
    for (const price of ["0", "-5", "abc", "12.345", "1e3", -5, 0, Number.NaN]) {
      expect(serviceMessage({ ...full, price })).toBe(PRICE_MESSAGE);
    }
    expect(serviceMessage({ ...full, price: "100000.01" })).toBe(PRICE_TOO_HIGH_MESSAGE);
    for (const photo of ["javascript:alert(1)", "ftp://x.example/a.png", "/uploads/a.png", "x"]) {
      expect(serviceMessage({ ...full, price: "10", photo })).toBe(HTTP_URL_MESSAGE);
    }
    expect(
      serviceMessage({ ...full, price: "10", photo: "/images/services/invisalign.svg" }),
    ).toBeNull();
    // The price check comes before the (still missing) photo: first problem in order.
    expect(serviceMessage({ name: "X", description: "Y", price: "-1" })).toBe(PRICE_MESSAGE);
  });

  it("take a price as typed or as a number, and default the category", () => {
    const result = validateForm(
      serviceSchema,
      { name: " X ", description: "Y", price: 99.5, photo: "http://images.example/x.png" },
      SERVICE_REQUIRED_FIELDS,
    );
    expect(result).toEqual({
      ok: true,
      data: {
        name: "X",
        description: "Y",
        price: 99.5,
        photo: "http://images.example/x.png",
        category: "Preventive",
      },
    });
    const full = { name: "X", description: "Y", price: "10", photo: "https://a.example/x.png" };
    expect(serviceMessage({ ...full, category: "Cosmetic" })).toBeNull();
    expect(serviceMessage({ ...full, category: "Witchcraft" })).toBe(CATEGORY_MESSAGE);
  });
});

describe("Add Review messages", () => {
  it("come in the spec's order: all empty, Name, service, message, rating", () => {
    expect(
      messagesWhileFilling(reviewMessage, [
        ["name", "Grace"],
        ["service", "some-service-id"],
        ["message", "Lovely staff."],
        ["rating", "5"],
      ]),
    ).toEqual([
      "Fill All Details",
      "please Enter your service",
      "please Enter your message",
      "please Enter your rating",
      null,
    ]);
    expect(reviewMessage({ service: "s", message: "m", rating: "4" })).toBe(
      "please Enter your Name",
    );
  });

  it("take a rating of '1'..'5' or 1..5 and nothing else", () => {
    const base = { name: "Grace", service: "s", message: "m" };
    for (const rating of ["1", "5", 1, 3, 5]) {
      const result = validateForm(reviewSchema, { ...base, rating }, REVIEW_REQUIRED_FIELDS);
      expect(result).toMatchObject({ ok: true, data: { rating: Number(rating) } });
    }
    for (const rating of ["0", "6", "4.5", 4.5, -1, "five", "05"]) {
      expect(reviewMessage({ ...base, rating })).toBe("Please choose a rating from 1 to 5");
    }
  });
});

describe("Make appointment messages", () => {
  it("come in the spec's order: all empty, Name, email, phone, date, time, message", () => {
    expect(
      messagesWhileFilling(appointmentMessage, [
        ["name", "Ada"],
        ["email", "ada@example.com"],
        ["phone", "+1 555 0100"],
        ["date", "2030-01-07"],
        ["time", "10:00"],
        ["message", "Check-up"],
        ["service", "some-service-id"],
      ]),
    ).toEqual([
      "Fill All Details",
      "please Enter your email",
      "please Enter your phone",
      "please Enter your date",
      "please Enter your time",
      "please Enter your message",
      "Please choose a service",
      null,
    ]);
  });

  it("say 'Fill All Details' when all the spec's fields are blank, even with a service", () => {
    expect(appointmentMessage({ service: "some-service-id", name: " " })).toBe("Fill All Details");
    expect(appointmentMessage({ email: "ada@example.com" })).toBe("please Enter your Name");
  });

  it("check the formats the server needs to mail and to hold a slot", () => {
    const full = {
      name: "Ada",
      email: "ada@example.com",
      phone: "555 0100",
      date: "2030-01-07",
      time: "10:00",
      message: "m",
      service: "s",
    };
    expect(appointmentMessage({ ...full, email: "ada" })).toBe(
      "Please enter a valid email address",
    );
    expect(appointmentMessage({ ...full, phone: "call me" })).toBe(
      "Please enter a valid phone number",
    );
    expect(appointmentMessage({ ...full, phone: "12345" })).toBe(
      "Please enter a valid phone number",
    );
    expect(appointmentMessage({ ...full, date: "07/01/2030" })).toBe(
      "Please enter the date as YYYY-MM-DD",
    );
    expect(appointmentMessage({ ...full, date: "2030-02-30" })).toBe(
      "Please enter the date as YYYY-MM-DD",
    );
    expect(appointmentMessage({ ...full, time: "10am" })).toBe("Please enter the time as HH:MM");
    const parsed = validateForm(
      appointmentSchema,
      { ...full, time: "9:30:00" },
      APPOINTMENT_REQUIRED_FIELDS,
    );
    expect(parsed).toMatchObject({ ok: true, data: { time: "09:30" } });
  });
});
