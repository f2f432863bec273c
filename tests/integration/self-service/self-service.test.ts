import { beforeAll, describe, expect, it } from "vitest";
import { bookAppointment } from "~/models/booking/book.server";
import { getClinicSettings, updateClinicSettings } from "~/models/settings/clinic-settings.server";
import {
  cancelByLink,
  rescheduleByLink,
  SELF_SERVICE_MESSAGES,
} from "~/models/self-service/changes.server";
import { action as listAction, loader as listLoader } from "~/routes/user.appointments";
import {
  action as ownCancelAction,
  loader as ownCancelLoader,
} from "~/routes/user.appointments_.$id.cancel";
import {
  action as ownMoveAction,
  loader as ownMoveLoader,
} from "~/routes/user.appointments_.$id.reschedule";
import { action as cancelAction, loader as cancelLoader } from "~/routes/visit.$token.cancel";
import { action as confirmAction, loader as confirmLoader } from "~/routes/visit.$token.confirm";
import { action as moveAction, loader as moveLoader } from "~/routes/visit.$token.reschedule";
import { formatDateTime } from "~/utils/clinic-format";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import {
  actionArgs,
  formPost,
  freshIp,
  get,
  loaderArgs,
  settle,
  toastOf,
} from "../../support/auth-helpers";
import { TUESDAY, upcoming } from "../../support/clinic-dates";
import { createService, createUser, sessionFor } from "../../support/factories";

const CLOCK = { timeZone: "America/New_York", locale: "en-US" };
let serviceId: string;

beforeAll(async () => {
  serviceId = (await createService({ name: "Scaling" })).id;
});

let slot = 0;
/** A fresh booking and the token of the links in its confirmation mail. */
async function booked() {
  const user = await createUser();
  slot += 1;
  const date = upcoming(TUESDAY, 2 + Math.floor(slot / 6));
  const time = `${String(9 + (slot % 6)).padStart(2, "0")}:00`;
  const result = await bookAppointment(
    {
      service: serviceId,
      name: "Linus Torvalds Patient",
      email: "contact@example.com",
      phone: "+1 555 0123",
      date,
      time,
      message: "Cleaning",
    },
    user.id,
  );
  if (!result.ok) throw new Error(result.message);
  const mail = await prisma.outboxMessage.findFirstOrThrow({
    where: { appointmentId: result.appointment._id, kind: "booking" },
  });
  const token = /\/visit\/([\w-]{43})\/confirm/.exec(mail.text)![1]!;
  return { id: result.appointment._id, token, date, time, cookie: (await sessionFor(user)).cookie };
}

const linkGet = (path: string) => loaderArgs(get(path));
const linkPost = (path: string, fields: Record<string, string>, ip?: string) =>
  actionArgs(formPost(path, fields), ip);

describe("one-click links", () => {
  it("GET shows the first name and the visit and changes nothing; POST confirms with history, once", async () => {
    const visit = await booked();
    const page = await settle(() =>
      confirmLoader({
        ...linkGet(`/visit/${visit.token}/confirm`),
        params: { token: visit.token },
      }),
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      visit: { firstName: "Linus", serviceName: "Scaling", date: visit.date, time: visit.time },
    });
    // Only the first name: not the surname, the phone or the message.
    expect(JSON.stringify(page.body)).not.toMatch(/Torvalds|555 0123|contact@example/);
    expect(await prisma.appointment.findUnique({ where: { id: visit.id } })).toMatchObject({
      status: "booked",
    });

    const confirmed = await settle(() =>
      confirmAction({
        ...linkPost(`/visit/${visit.token}/confirm`, {}),
        params: { token: visit.token },
      }),
    );
    expect(confirmed).toMatchObject({
      status: 200,
      body: { done: SELF_SERVICE_MESSAGES.confirmed },
    });
    expect(
      await prisma.appointmentStatusChange.findMany({
        where: { appointmentId: visit.id },
        select: { from: true, to: true, note: true },
        orderBy: { at: "asc" },
      }),
    ).toEqual([
      { from: null, to: "booked", note: "" },
      { from: "booked", to: "confirmed", note: "Confirmed by the patient from the e-mail link" },
    ]);
    const again = await settle(() =>
      confirmAction({
        ...linkPost(`/visit/${visit.token}/confirm`, {}),
        params: { token: visit.token },
      }),
    );
    expect(again.body).toMatchObject({ done: SELF_SERVICE_MESSAGES.alreadyConfirmed });
  });

  it("a wrong or malformed token is a clear 404 page, GET and POST alike", async () => {
    for (const token of ["x".repeat(43), "short", "../../etc/passwd", "a".repeat(500)]) {
      const page = await settle(() =>
        confirmLoader({ ...linkGet(`/visit/x/confirm`), params: { token } }),
      );
      expect(page).toMatchObject({
        status: 404,
        body: { refusal: SELF_SERVICE_MESSAGES.invalidLink },
      });
      const posted = await settle(() =>
        cancelAction({ ...linkPost(`/visit/x/cancel`, { reason: "x" }), params: { token } }),
      );
      expect(posted).toMatchObject({
        status: 404,
        body: { error: SELF_SERVICE_MESSAGES.invalidLink },
      });
    }
  });

  it("cancels with confirmation and a reason; the link then says the visit is cancelled", async () => {
    const visit = await booked();
    const cancelled = await settle(() =>
      cancelAction({
        ...linkPost(`/visit/${visit.token}/cancel`, { reason: "  Moving away  " }),
        params: { token: visit.token },
      }),
    );
    expect(cancelled.body).toMatchObject({
      done: `Your appointment on ${formatDateTime(visit.date, visit.time, CLOCK)} is cancelled.`,
    });
    expect(await prisma.appointment.findUnique({ where: { id: visit.id } })).toMatchObject({
      status: "cancelled",
      cancelReason: "Moving away",
    });
    expect(
      await prisma.outboxMessage.count({
        where: { appointmentId: visit.id, kind: "cancellation" },
      }),
    ).toBe(1);
    const after = await settle(() =>
      cancelLoader({ ...linkGet(`/visit/${visit.token}/cancel`), params: { token: visit.token } }),
    );
    expect(after).toMatchObject({
      status: 410,
      body: { refusal: SELF_SERVICE_MESSAGES.cancelled },
    });
    const tooLong = await booked();
    expect(
      await cancelByLink(tooLong.token, "x".repeat(501), { clientIp: freshIp() }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: SELF_SERVICE_MESSAGES.reasonTooLong,
    });
  });

  it("expires when the visit starts, and refuses changes inside the cutoff with the clinic's phone", async () => {
    const visit = await booked();
    const startsAt = clinicTimeToUtc(visit.date, visit.time);
    const settings = await getClinicSettings();
    const insideCutoff = new Date(startsAt.getTime() - 2 * 3_600_000);
    for (const result of [
      await cancelByLink(visit.token, "", { clientIp: freshIp() }, insideCutoff),
      await rescheduleByLink(
        visit.token,
        { date: visit.date, time: "16:00" },
        { clientIp: freshIp() },
        insideCutoff,
      ),
    ]) {
      expect(result).toMatchObject({
        ok: false,
        status: 409,
        message: `Appointments starting within 24 hours can only be changed or cancelled by phone. Please call the clinic on ${settings.phone}.`,
      });
    }
    expect(await cancelByLink(visit.token, "", { clientIp: freshIp() }, startsAt)).toMatchObject({
      status: 410,
      message: SELF_SERVICE_MESSAGES.expiredLink,
    });
    expect(await prisma.appointment.findUnique({ where: { id: visit.id } })).toMatchObject({
      status: "booked",
    });

    // With a cutoff longer than the wait, the pages offer the phone instead of the forms.
    await updateClinicSettings({ cancellationCutoffHours: 24 * 120 });
    try {
      const page = await settle(() =>
        cancelLoader({
          ...linkGet(`/visit/${visit.token}/cancel`),
          params: { token: visit.token },
        }),
      );
      expect(page.body).toMatchObject({ visit: { changeable: false }, phone: settings.phone });
      const list = await settle(() =>
        listLoader(loaderArgs(get("/user/appointments", visit.cookie))),
      );
      expect(list.body).toMatchObject({
        upcoming: expect.arrayContaining([
          expect.objectContaining({ _id: visit.id, changeable: false }),
        ]),
      });
      const refused = await settle(() =>
        listAction(
          actionArgs(
            formPost(
              "/user/appointments",
              { intent: "cancel", appointmentId: visit.id },
              visit.cookie,
            ),
          ),
        ),
      );
      expect(refused.status).toBe(409);
    } finally {
      await updateClinicSettings({ cancellationCutoffHours: 24 });
    }
  });

  it("reschedules: GET ?date lists that day's free times, POST moves and mails the change", async () => {
    const visit = await booked();
    const date = upcoming(TUESDAY, 9);
    const page = await settle(() =>
      moveLoader({
        ...linkGet(`/visit/${visit.token}/reschedule?date=${date}`),
        params: { token: visit.token },
      }),
    );
    const choice = (page.body as { choice: { times: string[]; sameDentist: boolean } }).choice;
    expect(choice.times).toContain("13:30");
    expect(choice.sameDentist).toBe(true);
    const moved = await settle(() =>
      moveAction({
        ...linkPost(`/visit/${visit.token}/reschedule`, { date, time: "13:30" }),
        params: { token: visit.token },
      }),
    );
    expect(moved.body).toMatchObject({
      done: `Your appointment has moved to ${formatDateTime(date, "13:30", CLOCK)}.`,
    });
    expect(await prisma.appointment.findUnique({ where: { id: visit.id } })).toMatchObject({
      date,
      time: "13:30",
      sequence: 1,
    });
    expect(
      await prisma.outboxMessage.count({ where: { appointmentId: visit.id, kind: "change" } }),
    ).toBe(1);
    const noTime = await settle(() =>
      moveAction({
        ...linkPost(`/visit/${visit.token}/reschedule`, { date }),
        params: { token: visit.token },
      }),
    );
    expect(noTime).toMatchObject({
      status: 400,
      body: { error: SELF_SERVICE_MESSAGES.chooseTime },
    });
  });

  it("rate-limits the POSTs of one client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const answer = await settle(() =>
        confirmAction({
          ...linkPost(`/visit/x/confirm`, {}, "203.0.113.77"),
          params: { token: "x" },
        }),
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("My appointments: reschedule and cancel", () => {
  it("moves and cancels the patient's own visit with a toast; another's is a 404", async () => {
    const visit = await booked();
    const date = upcoming(TUESDAY, 10);
    const stranger = await createUser();
    const strangerCookie = (await sessionFor(stranger)).cookie;
    const hidden = await settle(() =>
      ownMoveLoader({
        ...loaderArgs(get(`/user/appointments/${visit.id}/reschedule`, strangerCookie)),
        params: { id: visit.id },
      }),
    );
    expect(hidden.status).toBe(404);
    const moved = await settle(() =>
      ownMoveAction({
        ...actionArgs(
          formPost(
            `/user/appointments/${visit.id}/reschedule`,
            { date, time: "10:00" },
            visit.cookie,
          ),
        ),
        params: { id: visit.id },
      }),
    );
    expect(moved.location).toBe(`/user/appointments#visit-${visit.id}`);
    expect(await toastOf(moved.headers)).toMatchObject({
      message: `Your appointment has moved to ${formatDateTime(date, "10:00", CLOCK)}.`,
    });
    const page = await settle(() =>
      ownCancelLoader({
        ...loaderArgs(get(`/user/appointments/${visit.id}/cancel`, visit.cookie)),
        params: { id: visit.id },
      }),
    );
    expect(page.body).toMatchObject({ visit: { changeable: true, date, time: "10:00" } });
    const strangerCancel = await settle(() =>
      ownCancelAction({
        ...actionArgs(formPost(`/user/appointments/${visit.id}/cancel`, {}, strangerCookie)),
        params: { id: visit.id },
      }),
    );
    expect(strangerCancel.status).toBe(404);
    const cancelled = await settle(() =>
      ownCancelAction({
        ...actionArgs(
          formPost(`/user/appointments/${visit.id}/cancel`, { reason: "Work" }, visit.cookie),
        ),
        params: { id: visit.id },
      }),
    );
    expect(cancelled.location).toBe("/user/appointments");
    expect(await prisma.appointment.findUnique({ where: { id: visit.id } })).toMatchObject({
      status: "cancelled",
      cancelReason: "Work",
    });
  });
});
