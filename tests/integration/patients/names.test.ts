// Names refuse control characters wherever they are typed (issue 31 item 5): a caller named
// "Mal Lory\r\nBcc: ..." was stored with its line breaks, for multi-line greetings and
// screens. Each entry point below is the model the page action and the API both call; the
// refusal carries the one rule's message and nothing is written.
import { describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { createDentist } from "~/models/team/dentist-admin.server";
import { createCallerRecord, updatePatientDetails } from "~/models/patients/edit.server";
import { createReview } from "~/models/reviews/reviews.server";
import { findOrCreateGoogleUser, registerUser, updateProfile } from "~/models/accounts/user.server";
import { prisma } from "~/infra/db.server";
import { staffActor } from "~/models/roles";
import { NAME_CHARACTERS_MESSAGE } from "~/validation/fields";
import { createService, createUser } from "../../support/factories";
import { MONDAY, upcoming } from "../../support/clinic-dates";
import { freshIp } from "../../support/auth-helpers";

const MAL = "Mal Lory\r\nBcc: everyone@example.com";
const SEPARATED = "Mal\u2028Lory";

const refusedForName = (result: { ok: boolean; message?: string }) => {
  expect(result.ok).toBe(false);
  expect(result.message).toBe(NAME_CHARACTERS_MESSAGE);
};

describe("a name with a line break, a tab or another control character", () => {
  it("is refused at registration and on the profile", async () => {
    for (const name of [MAL, SEPARATED, "Mal\tLory"]) {
      const email = `mal-${Math.random().toString(36).slice(2)}@example.com`;
      const registered = await registerUser(
        { name, email, userImage: "/images/avatars/demo-patient.svg", password: "secret1" },
        { clientIp: freshIp() },
      );
      refusedForName(registered as { ok: boolean; message?: string });
      expect(await prisma.user.count({ where: { email } })).toBe(0);
    }
    const user = await createUser({ name: "Mal Lory" });
    refusedForName(await updateProfile(user, { name: MAL }));
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("Mal Lory");
  });

  it("is refused on a booking and a review", async () => {
    const user = await createUser();
    const service = await createService({ durationMinutes: 30 });
    const booked = await bookAppointment(
      {
        service: service.id,
        name: MAL,
        email: user.email,
        phone: "+1 555 0100",
        date: upcoming(MONDAY, 2),
        time: "10:00",
        message: "Check-up",
      },
      user.id,
    );
    refusedForName(booked);
    const review = await createReview(
      { name: SEPARATED, service: service.id, message: "Lovely", rating: "5" },
      user.id,
    );
    refusedForName(review);
    expect(await prisma.appointment.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.review.count({ where: { userId: user.id } })).toBe(0);
  });

  it("is refused for a caller's record, a patient's record and a dentist", async () => {
    const desk = staffActor(await createUser({ role: "reception" }));
    const admin = staffActor(await createUser({ role: "admin" }));
    const before = await prisma.user.count();
    refusedForName(await createCallerRecord(desk, { name: MAL, email: "", phone: "+1 555 0100" }));
    expect(await prisma.user.count()).toBe(before);

    const record = await createUser({ name: "Mal Lory", phone: "+1 555 0100" });
    refusedForName(
      await updatePatientDetails(desk, record.id, {
        name: "Mal\u0085Lory",
        email: record.email,
        phone: "+1 555 0100",
      }),
    );
    expect((await prisma.user.findUniqueOrThrow({ where: { id: record.id } })).name).toBe(
      "Mal Lory",
    );

    const dentists = await prisma.dentist.count();
    refusedForName(await createDentist(admin, { name: "Dr.\nMal", title: "DDS", kind: "dentist" }));
    expect(await prisma.dentist.count()).toBe(dentists);
  });

  it("from Google is kept on one line", async () => {
    const user = await findOrCreateGoogleUser({
      sub: `google-${Date.now()}`,
      email: `mal-google-${Date.now()}@example.com`,
      emailVerified: true,
      name: "Mal\r\nLory",
      picture: undefined,
    });
    expect(user.name).toBe("Mal Lory");
  });
});
