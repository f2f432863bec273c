import type { User } from "@prisma/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as bookAction, loader as bookLoader } from "~/routes/make-appointment";
import { action as listAction, loader as listLoader } from "~/routes/user.appointments";
import { formatDateTime } from "~/utils/clinic-format";
import { prisma } from "~/infra/db.server";
import { loginPathFor } from "~/utils/safe-redirect";
import { TRY_AGAIN_MESSAGE } from "~/utils/result";
import { actionArgs, formPost, get, loaderArgs, settle, toastOf } from "../../support/auth-helpers";
import { MONDAY, TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor, storeAppointment } from "../../support/factories";
import { failWrites } from "../../support/sql";

let user: User;
let cookie: string;
let serviceId: string;

beforeAll(async () => {
  user = await createUser({ name: "Ada Patient" });
  ({ cookie } = await sessionFor(user));
  serviceId = (await createService({ name: "Aardvark Check" })).id;
});

afterEach(() => {
  delete process.env.SMTP_URL;
});

function form(overrides: Record<string, string> = {}) {
  return {
    name: "Ada Patient",
    email: user.email,
    phone: "555 0100",
    date: upcoming(TUESDAY, 1),
    time: "09:00",
    service: serviceId,
    message: "Check-up",
    ...overrides,
  };
}

describe("/make-appointment", () => {
  it("signed out: the loader answers 401 with the login prompt's target, keeping the service", async () => {
    expect(await settle(() => bookLoader(loaderArgs(get("/make-appointment"))))).toMatchObject({
      status: 401,
      body: { signInRequired: true, redirectTo: "/make-appointment" },
    });
    const fromService = await settle(() =>
      bookLoader(loaderArgs(get(`/make-appointment?service=${serviceId}`))),
    );
    expect(loginPathFor(String(fromService.body?.redirectTo))).toBe(
      `/login?redirectTo=${encodeURIComponent(`/make-appointment?service=${serviceId}`)}`,
    );
  });

  it("signed in: prefills from the profile, lists services by name with length and price, the dentists, preselects ?service", async () => {
    const result = await settle(() =>
      bookLoader(loaderArgs(get(`/make-appointment?service=${serviceId}`, cookie))),
    );
    const body = result.body as {
      user: { name: string; email: string; phone: string };
      services: Array<{ value: string; label: string }>;
      dentists: Array<{ value: string; label: string }>;
      selected: { service: string };
    };
    expect(body.user).toEqual({ name: "Ada Patient", email: user.email, phone: "" });
    expect(body.services[0]).toEqual({
      value: serviceId,
      label: "Aardvark Check",
      durationMinutes: 30,
      duration: "30 minutes",
      priceCents: 12_500,
      price: "$125.00",
      // Nobody is linked to a new service yet: the whole team performs it.
      dentistIds: ["dentist-first"],
    });
    expect(body.dentists).toEqual([
      { value: "dentist-first", label: "Dr. Anita Patel, DDS, General and Restorative Dentist" },
    ]);
    expect(body.selected.service).toBe(serviceId);
    const unknown = await settle(() =>
      bookLoader(loaderArgs(get("/make-appointment?service=nope", cookie))),
    );
    expect(unknown.body).toMatchObject({ selected: { service: "" } });
  });

  it("signed out: posting leads to login and back", async () => {
    const result = await settle(() =>
      bookAction(actionArgs(formPost("/make-appointment", form()))),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/login?redirectTo=%2Fmake-appointment");
  });

  it("refuses with the message and keeps what was typed; books and goes home with the toast", async () => {
    const refused = await settle(() =>
      bookAction(actionArgs(formPost("/make-appointment", form({ phone: "" }), cookie))),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { error: "please Enter your phone", values: { name: "Ada Patient", phone: "" } },
    });

    const booked = await settle(() =>
      bookAction(actionArgs(formPost("/make-appointment", form(), cookie))),
    );
    expect(booked.status).toBe(302);
    expect(booked.location).toBe("/");
    expect(await toastOf(booked.headers)).toEqual({
      type: "success",
      message: "Product Created Successfully",
    });
  });

  it("books with its confirmation waiting in the outbox, so a dead mail server cannot lose it", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    const date = upcoming(MONDAY, 2);
    const result = await settle(() =>
      bookAction(actionArgs(formPost("/make-appointment", form({ date }), cookie))),
    );
    expect(result.status).toBe(302);
    const booked = await prisma.appointment.findFirstOrThrow({ where: { date, userId: user.id } });
    expect(
      await prisma.outboxMessage.findMany({
        where: { appointmentId: booked.id },
        select: { kind: true, status: true, toAddress: true },
      }),
    ).toEqual([{ kind: "booking", status: "pending", toAddress: user.email }]);
  });

  it("answers an unexpected failure with the form and a message, not an error page", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    // A real database failure on insert, as a full disk or a broken file would give.
    const allowBookings = await failWrites({
      name: "fail_booking",
      table: "Appointment",
      event: "INSERT",
      message: "disk I/O error",
    });
    const result = await settle(() =>
      bookAction(
        actionArgs(formPost("/make-appointment", form({ date: upcoming(MONDAY, 3) }), cookie)),
      ),
    );
    expect(result).toMatchObject({
      status: 500,
      body: { error: TRY_AGAIN_MESSAGE, values: { phone: "555 0100" } },
    });
    await allowBookings();
    expect(JSON.stringify(result.body)).not.toContain("disk I/O");
    expect(consoleError).toHaveBeenCalledWith("Booking failed", expect.any(Error));
    consoleError.mockRestore();
  });
});

describe("/user/appointments", () => {
  it("signed out: the guard", async () => {
    expect(await settle(() => listLoader(loaderArgs(get("/user/appointments"))))).toMatchObject({
      status: 401,
      body: { signInRequired: true, redirectTo: "/user/appointments" },
    });
    const post = await settle(() =>
      listAction(
        actionArgs(formPost("/user/appointments", { intent: "cancel", appointmentId: "x" })),
      ),
    );
    expect(post.location).toBe("/login?redirectTo=%2Fuser%2Fappointments");
  });

  it("cancels the patient's own booking with a toast; another's is a 404 with a message", async () => {
    const other = await createUser();
    const date = upcoming(TUESDAY, 3);
    const [mine, theirs] = await Promise.all(
      [
        [user, "10:00"],
        [other, "10:30"],
      ].map(([owner, time]) =>
        storeAppointment({
          userId: (owner as User).id,
          serviceId,
          date,
          time: time as string,
        }),
      ),
    );

    const list = await settle(() => listLoader(loaderArgs(get("/user/appointments", cookie))));
    const ids = (list.body?.upcoming as Array<{ _id: string }>).map((entry) => entry._id);
    expect(ids).toContain(mine!.id);
    expect(ids).not.toContain(theirs!.id);

    const refused = await settle(() =>
      listAction(
        actionArgs(
          formPost("/user/appointments", { intent: "cancel", appointmentId: theirs!.id }, cookie),
        ),
      ),
    );
    expect(refused).toMatchObject({
      status: 404,
      body: { error: "We could not find that appointment among your bookings." },
    });
    const malformed = await settle(() =>
      listAction(actionArgs(formPost("/user/appointments", { intent: "delete" }, cookie))),
    );
    expect(malformed.status).toBe(400);

    const cancelled = await settle(() =>
      listAction(
        actionArgs(
          formPost("/user/appointments", { intent: "cancel", appointmentId: mine!.id }, cookie),
        ),
      ),
    );
    expect(cancelled.location).toBe("/user/appointments");
    expect(await toastOf(cancelled.headers)).toEqual({
      type: "success",
      message: `Your appointment on ${formatDateTime(date, "10:00", { timeZone: "America/New_York", locale: "en-US" })} is cancelled.`,
    });
    expect(await prisma.appointment.findUniqueOrThrow({ where: { id: theirs!.id } })).toMatchObject(
      { status: "booked", chairId: "chair-1" },
    );
  });
});
