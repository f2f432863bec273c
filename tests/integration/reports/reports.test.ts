// The reports against a small clinic whose figures were worked out by hand (below), every
// visit taken through its lifecycle by the app's own changeStatus with a controlled clock,
// so the figures come from the status history as the app writes it.
import { beforeAll, describe, expect, it } from "vitest";
import { changeStatus } from "~/models/booking/status.server";
import { markReportDay, summariseMarkedDays } from "~/models/reports/summary.server";
import { buildReport, type ReportTable, tableCsv } from "~/models/reports/reports.server";
import { loader as reportsPage } from "~/routes/staff.reports._index";
import { loader as reportsCsv } from "~/routes/staff.reports.export";
import { clinicTimeToUtc } from "~/utils/clinic-time";
import { prisma } from "~/infra/db.server";
import { SIGN_IN_FIRST_MESSAGE } from "~/http/roles.server";
import { STAFF_ONLY_MESSAGE } from "~/models/roles";
import {
  createService,
  createUser,
  FIRST_CHAIR,
  FIRST_DENTIST,
  sessionFor,
  storeAppointment,
} from "../../support/factories";
import { get, loaderArgs, settle } from "../../support/auth-helpers";
import { testEngine } from "../../support/engine";
import { queryPlan, triggerNames } from "../../support/sql";

const HOUR = 3_600_000;
const WEEK_1 = "2026-03-02"; // a Monday
const WEEK_2 = "2026-03-09";
const RANGE = { from: WEEK_1, to: "2026-03-15", by: "week" as const };
const CLINIC = { dentistId: null };

let serviceId: string;
let longServiceId: string;
const patients: string[] = [];

/** A stored visit taken along `path` by changeStatus, each step at `at(start)`. */
async function visit(
  patient: number,
  date: string,
  time: string,
  minutes: number,
  path: { to: "checked_in" | "completed" | "no_show" | "cancelled"; hoursBefore?: number }[],
  dentistId = FIRST_DENTIST,
) {
  const row = await storeAppointment({
    userId: patients[patient]!,
    serviceId: minutes === 90 ? longServiceId : serviceId,
    date,
    time,
    minutes,
    dentistId,
  });
  const start = clinicTimeToUtc(date, time);
  for (const step of path) {
    const now = new Date(start.getTime() - (step.hoursBefore ?? -1) * HOUR);
    const changed = await changeStatus(row.id, step.to, { kind: "system" }, { now });
    if (!changed.ok) throw new Error(changed.message);
  }
  return row;
}
const completed = [{ to: "checked_in" as const }, { to: "completed" as const }];

const tableOf = (tables: ReportTable[], id: string) => tables.find((table) => table.id === id)!;

beforeAll(async () => {
  serviceId = (await createService({ name: "Report Check-up", durationMinutes: 30 })).id;
  longServiceId = (await createService({ name: "Report Crown", durationMinutes: 90 })).id;
  for (let i = 0; i < 7; i += 1) patients.push((await createUser()).id);
  // Week 1 (Mar 2-8)
  const a = await visit(1, WEEK_1, "09:00", 30, completed); // P1's first visit: new
  await visit(2, WEEK_1, "10:00", 60, [{ to: "no_show" }]); // held 60 minutes
  const c = await visit(3, "2026-03-03", "09:00", 30, [{ to: "cancelled", hoursBefore: 48 }]);
  const d = await visit(4, "2026-03-03", "10:00", 30, [{ to: "cancelled", hoursBefore: 2 }]); // late
  await visit(4, "2026-03-05", "12:00", 30, [{ to: "cancelled", hoursBefore: 30 }]); // not late
  await visit(1, "2026-03-04", "09:00", 30, completed); // P1 again: returning
  // Week 2 (Mar 9-15)
  await visit(2, WEEK_2, "09:00", 30, completed); // P2's first completed visit: new
  await visit(5, "2026-03-10", "09:00", 90, completed); // new, 90 minutes
  await visit(6, "2026-03-11", "09:00", 30, []); // still booked: counted as booked time only
  void a;
  // The waiting list: C's time offered twice and taken by one, D's offered once, unanswered.
  const entry = await prisma.waitlistEntry.create({
    data: {
      userId: patients[0]!,
      serviceId,
      fromDate: WEEK_1,
      toDate: "2026-03-08",
      phone: "555",
    },
  });
  const offer = (startsAt: Date, status: string, n: number) =>
    prisma.waitlistOffer.create({
      data: {
        entryId: entry.id,
        startsAt,
        dentistId: FIRST_DENTIST,
        tokenHash: `hash-${n}`,
        expiresAt: startsAt,
        status,
      },
    });
  await offer(c.startsAt, "taken", 1);
  await offer(c.startsAt, "accepted", 2);
  await offer(d.startsAt, "expired", 3);
  // Recall: three invitations sent on Mar 10, one of which led to a booking.
  const recall = await prisma.patientRecall.create({
    data: { userId: patients[0]!, recallTypeId: "recall-checkup", dueDate: "2026-03-20" },
  });
  for (const [step, converted] of [
    [1, true],
    [2, false],
    [3, false],
  ] as const) {
    await prisma.recallInvitation.create({
      data: {
        recallId: recall.id,
        step,
        dueDate: "2026-03-20",
        sentAt: new Date("2026-03-10T15:00:00Z"),
        sentOn: "2026-03-10",
        dentistId: FIRST_DENTIST,
        convertedAt: converted ? new Date("2026-03-11T15:00:00Z") : null,
      },
    });
  }
  await markReportDay("2026-03-10");
  // A visit of another dentist, on another chair, for the dentist's own report.
  await prisma.chair.create({ data: { id: "report-chair-2", name: "Chair 2", sortOrder: 1 } });
  const weeklyPlan = (await prisma.dentist.findUniqueOrThrow({ where: { id: FIRST_DENTIST } }))
    .weeklyPlan;
  const dentistUser = await createUser({ role: "dentist" });
  await prisma.dentist.create({
    data: {
      id: "report-dentist-2",
      slug: "report-dentist-2",
      name: "Dr. Second",
      title: "DDS",
      weeklyPlan,
      userId: dentistUser.id,
      sortOrder: 1,
    },
  });
  const other = await storeAppointment({
    userId: patients[6]!,
    serviceId,
    date: "2026-03-05",
    time: "11:00",
    dentistId: "report-dentist-2",
    chairId: "report-chair-2",
  });
  await changeStatus(
    other.id,
    "no_show",
    { kind: "system" },
    { now: new Date(other.startsAt.getTime() + HOUR) },
  );
});

describe("reports", () => {
  it("match the small clinic worked out by hand, by week", async () => {
    const { tables, periods } = await buildReport(RANGE, CLINIC);
    expect(periods.map((period) => period.label)).toEqual([
      "Week of Mar 2 2026",
      "Week of Mar 9 2026",
    ]);
    // Week 1: came A and E (2), no-shows B and Dr. Second's (2): 2 / 4 = 50%.
    expect(tableOf(tables, "no-shows").rows).toEqual([
      ["Week of Mar 2 2026", 2, 2, 50],
      ["Week of Mar 9 2026", 2, 0, 0],
    ]);
    // Week 1: 7 booked (A-E, C' and Dr. Second's), C, C' and D cancelled (48, 30 and 2
    // hours before), only D inside the 24-hour cutoff.
    expect(tableOf(tables, "late-cancellations").rows).toEqual([
      ["Week of Mar 2 2026", 7, 3, 1, 14.3],
      ["Week of Mar 9 2026", 3, 0, 0, 0],
    ]);
    // Dr. Patel works Mon-Sat 9-17: 2,880 minutes a week. Week 1: A 30 + B 60 + E 30 = 120
    // (4.2%); week 2: F 30 + G 90 + H 30 = 150 (5.2%). Dr. Second: B' 30 in week 1.
    expect(tableOf(tables, "utilisation-dentists").rows).toEqual([
      ["Week of Mar 2 2026", "Dr. Anita Patel", 120, 2880, 4.2],
      ["Week of Mar 2 2026", "Dr. Second", 30, 2880, 1],
      ["Week of Mar 9 2026", "Dr. Anita Patel", 150, 2880, 5.2],
      ["Week of Mar 9 2026", "Dr. Second", 0, 2880, 0],
    ]);
    expect(tableOf(tables, "utilisation-chairs").rows).toEqual([
      ["Week of Mar 2 2026", "Chair 1", 120, 2880, 4.2],
      ["Week of Mar 2 2026", "Chair 2", 30, 2880, 1],
      ["Week of Mar 9 2026", "Chair 1", 150, 2880, 5.2],
      ["Week of Mar 9 2026", "Chair 2", 0, 2880, 0],
    ]);
    // New: A (P1), F (P2), G (P5); returning: E (P1 again).
    expect(tableOf(tables, "patients").rows).toEqual([
      ["Week of Mar 2 2026", 1, 1],
      ["Week of Mar 9 2026", 2, 0],
    ]);
    expect(tableOf(tables, "waiting-list").rows).toEqual([
      ["Week of Mar 2 2026", 2, 1, 50],
      ["Week of Mar 9 2026", 0, 0, null],
    ]);
    expect(tableOf(tables, "recall").rows).toEqual([
      ["Week of Mar 2 2026", 0, 0, null],
      ["Week of Mar 9 2026", 3, 1, 33.3],
    ]);
  });

  it("sum the same days by month", async () => {
    const { tables } = await buildReport(
      { from: "2026-03-01", to: "2026-03-31", by: "month" },
      CLINIC,
    );
    expect(tableOf(tables, "no-shows").rows).toEqual([["Mar 2026", 4, 2, 33.3]]);
    expect(tableOf(tables, "late-cancellations").rows).toEqual([["Mar 2026", 10, 3, 1, 10]]);
    // March 2026 has 26 working days (Mon-Sat) of 480 minutes.
    expect(tableOf(tables, "utilisation-dentists").rows[0]).toEqual([
      "Mar 2026",
      "Dr. Anita Patel",
      270,
      26 * 480,
      2.2,
    ]);
  });

  it("give a dentist only their own figures, without the chairs", async () => {
    const { tables } = await buildReport(RANGE, { dentistId: "report-dentist-2" });
    expect(tables.map((table) => table.id)).not.toContain("utilisation-chairs");
    expect(tableOf(tables, "no-shows").rows[0]).toEqual(["Week of Mar 2 2026", 0, 1, 100]);
    expect(tableOf(tables, "utilisation-dentists").rows).toEqual([
      ["Week of Mar 2 2026", "Dr. Second", 30, 2880, 1],
      ["Week of Mar 9 2026", "Dr. Second", 0, 2880, 0],
    ]);
    const dentist = await prisma.user.findFirstOrThrow({
      where: { dentist: { id: "report-dentist-2" } },
    });
    const { cookie } = await sessionFor(dentist);
    const page = await settle(() =>
      reportsPage(loaderArgs(get(`/staff/reports?from=${WEEK_1}&to=2026-03-15`, cookie))),
    );
    expect(page.status).toBe(200);
    const body = page.body as { whose: string; report: { tables: { id: string; svg: string }[] } };
    expect(body.whose).toBe("Dr. Second");
    expect(body.report.tables.map((table) => table.id)).not.toContain("utilisation-chairs");
    // The chart is SVG drawn on the server, hidden from screen readers (the table carries it).
    expect(body.report.tables[0]!.svg).toMatch(/^<svg aria-hidden="true"/);
    const chairs = await settle(() =>
      reportsCsv(loaderArgs(get(`/staff/reports/export?table=utilisation-chairs`, cookie))),
    );
    expect(chairs.status).toBe(403);
  });

  it("follow a change made after they were worked out", async () => {
    const before = tableOf((await buildReport(RANGE, CLINIC)).tables, "no-shows").rows[1];
    const open = await prisma.appointment.findFirstOrThrow({
      where: { date: "2026-03-11", userId: patients[6]! },
    });
    expect(await prisma.reportDirtyDay.count({ where: { date: "2026-03-11" } })).toBe(0);
    await changeStatus(
      open.id,
      "no_show",
      { kind: "system" },
      { now: new Date(open.startsAt.getTime() + HOUR) },
    );
    expect(await prisma.reportDirtyDay.count({ where: { date: "2026-03-11" } })).toBe(1);
    const after = tableOf((await buildReport(RANGE, CLINIC)).tables, "no-shows").rows[1];
    expect(before).toEqual(["Week of Mar 9 2026", 2, 0, 0]);
    expect(after).toEqual(["Week of Mar 9 2026", 2, 1, 33.3]);
  });

  it("export every table as CSV, with the page's range, for admins", async () => {
    const { cookie } = await sessionFor(await createUser({ role: "admin" }));
    const response = await settle(() =>
      reportsCsv(
        loaderArgs(
          get(`/staff/reports/export?table=no-shows&from=${WEEK_1}&to=2026-03-15&by=week`, cookie),
        ),
      ),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(
      "no-shows-2026-03-02-to-2026-03-15-by-week.csv",
    );
    const report = await buildReport(RANGE, CLINIC);
    const text = await (
      await reportsCsv(
        loaderArgs(
          get(`/staff/reports/export?table=no-shows&from=${WEEK_1}&to=2026-03-15&by=week`, cookie),
        ),
      )
    ).text();
    expect(text).toBe(tableCsv(tableOf(report.tables, "no-shows")));
    expect(text.split("\r\n")[0]).toBe("Period,Came,No-shows,No-show rate (%)");
    for (const bad of [
      "table=nothing",
      "table=recall&from=2026-13-01",
      "table=recall&from=2026-03-10&to=2026-03-01",
      "table=recall&by=day",
      "table=recall&from=2020-01-01&to=2026-01-01",
    ]) {
      const refused = await settle(() =>
        reportsCsv(loaderArgs(get(`/staff/reports/export?${bad}`, cookie))),
      );
      expect(refused.status, bad).toBe(400);
    }
  });

  it("refuse a role without the permission, and a visitor, in plain text (a download has no error page)", async () => {
    const { cookie } = await sessionFor(await createUser({ role: "reception" }));
    const asked = (cookie?: string) => async () => {
      try {
        return await reportsCsv(loaderArgs(get(`/staff/reports/export?table=no-shows`, cookie)));
      } catch (thrown) {
        return thrown;
      }
    };
    for (const [who, status, message] of [
      ["reception", 403, STAFF_ONLY_MESSAGE],
      ["a visitor", 401, SIGN_IN_FIRST_MESSAGE],
    ] as const) {
      const answer = await asked(who === "reception" ? cookie : undefined)();
      expect(answer, who).toBeInstanceOf(Response);
      const response = answer as Response;
      expect(response.status, who).toBe(status);
      expect(response.headers.get("content-type"), who).toBe("text/plain; charset=utf-8");
      expect((await response.text()).trim(), who).toBe(message);
    }
  });

  it("escape a name a spreadsheet would run as a formula", () => {
    const table = {
      columns: ["Dentist", "Minutes"],
      rows: [
        ['=HYPERLINK("x")', 3],
        ['Dr. "Q", Jr', null],
      ],
    } as unknown as ReportTable;
    expect(tableCsv(table)).toBe(
      'Dentist,Minutes\r\n"\'=HYPERLINK(""x"")",3\r\n"Dr. ""Q"", Jr",\r\n',
    );
  });

  it("keep the triggers that mark changed days, and read the day figures through their key", async () => {
    expect(await triggerNames("Appointment", "report")).toEqual([
      "Appointment_report_delete",
      "Appointment_report_insert",
      "Appointment_report_update",
    ]);
    const plan = await queryPlan(
      `SELECT SUM("scheduled") FROM "ReportDay" WHERE "date" >= '2026-01-01' AND "date" <= '2026-12-31'`,
    );
    expect(plan).toMatch(
      testEngine() === "sqlite" ? /USING INDEX sqlite_autoindex_ReportDay_1/ : /ReportDay_pkey/,
    );
    // Nothing is left to work out once the report ran.
    await summariseMarkedDays();
    expect(await prisma.reportDirtyDay.count()).toBe(0);
  });
});

void FIRST_CHAIR;
