/**
 * The desk's first free times (issue 31.10): the booking page's strip (`nextFreeDays`, one
 * home) under the desk's policy, so from now on without the online notice; across the
 * dentists who perform the service or the one chosen; every day it passes over from the
 * next open one, with the reason it has no time; and the day being booked, with its times
 * or its reason.
 */
import { formatTime } from "~/utils/clinic-format";
import { clinicNow } from "~/utils/clinic-time";
import { invalid, ok, type Result } from "~/utils/result";
import { UNKNOWN_SERVICE_MESSAGE } from "~/validation/service";
import { findBookableService, resolveDentist } from "../booking/choices.server";
import { emptyDayReason, freeTimes } from "../booking/free-times.server";
import { deskPolicy } from "../booking/policy";
import { getClinicClock } from "~/models/settings/clinic-settings.server";
import {
  type EmptyFreeDay,
  type FreeDay,
  formatStripDay,
  nextFreeDays,
} from "~/models/booking/next-free-times.server";
import type { StaffActor } from "~/models/roles";

/** The day the desk books on: its free times, or why it has none. */
export type DeskDay = {
  date: string;
  label: string;
  times: string[];
  labels: string[];
  reason: string | null;
};

export type DeskFreeDays = {
  service: { id: string; name: string };
  dentistId: string | undefined;
  /** The strip's first date, the days with a time and the empty ones, and where it goes on. */
  from: string;
  days: FreeDay[];
  empty: EmptyFreeDay[];
  next: string | null;
  /** The first free time of all: the desk's "next free". */
  first: { date: string; time: string; label: string } | null;
  /** The day asked for (`day`), else the first with a free time. */
  chosen: DeskDay | null;
};

export async function deskFreeDays(
  actor: StaffActor,
  /** `from`: the strip's first day (today); `day`: the day to book (the first with a time). */
  query: { service: string; dentist?: string; from?: string | null; day?: string | null },
  now: Date = new Date(),
): Promise<Result<DeskFreeDays>> {
  const service = await findBookableService(query.service);
  if (!service) return invalid(UNKNOWN_SERVICE_MESSAGE);
  const dentist = await resolveDentist(query.dentist, service);
  if (!dentist.ok) return dentist;
  const policy = deskPolicy(actor);
  const strip = await nextFreeDays({
    service,
    dentistId: dentist.dentistId,
    from: query.from ?? undefined,
    now,
    policy,
  });
  const clock = await getClinicClock();
  const firstDay = strip.days[0];
  let chosen: DeskDay | null = null;
  const asked = query.day ?? firstDay?.date;
  const shown = strip.days.find((day) => day.date === asked);
  if (shown) {
    chosen = { ...shown, reason: null };
  } else if (asked && asked >= clinicNow(now, clock.timeZone).date) {
    const { day, times } = await freeTimes({
      date: asked,
      serviceId: service.id,
      visit: service,
      policy,
      dentistId: dentist.dentistId,
      now,
    });
    chosen = {
      date: asked,
      label: formatStripDay(asked, clock).label,
      times,
      labels: times.map((time) => formatTime(time, clock)),
      reason:
        times.length > 0
          ? null
          : emptyDayReason(day, service, dentist.dentistId, now, policy).message,
    };
  }
  return ok({
    service: { id: service.id, name: service.name },
    dentistId: dentist.dentistId,
    from: strip.from,
    days: strip.days,
    empty: strip.empty,
    next: strip.next,
    first: firstDay
      ? {
          date: firstDay.date,
          time: firstDay.times[0]!,
          label: `${firstDay.label} at ${firstDay.labels[0]}`,
        }
      : null,
    chosen,
  });
}
