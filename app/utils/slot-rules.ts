/**
 * When the clinic takes appointments and which slots a patient may book: the one place to
 * change opening days, hours, slot length and chairs. Dates and times are clinic
 * wall-clock (see ~/utils/clinic-time). Shared by the server (booking rules, free slots)
 * and the browser (date picker bounds, the time field).
 */
import { addDays, CLINIC_TIME_ZONE, clinicNow, DAY_NAMES, weekdayOf } from "./clinic-time";

export type OpeningHours = {
  timeZone: string;
  /** Days with appointments: 0 = Sunday, 1 = Monday, ..., 6 = Saturday. */
  openDays: readonly number[];
  /** First slot starts at this time ("HH:MM"). */
  opensAt: string;
  /** The last slot ends at this time ("HH:MM"). */
  closesAt: string;
  slotMinutes: number;
  /** Bookings one slot can hold at once. */
  chairsPerSlot: number;
  /** How far ahead a patient may book, in days from today. */
  bookingHorizonDays: number;
  /** Bookings from today on that one account may hold, so nobody can hoard the diary. */
  maxUpcomingPerPatient: number;
};

export const OPENING_HOURS: OpeningHours = {
  timeZone: CLINIC_TIME_ZONE,
  openDays: [1, 2, 3, 4, 5, 6],
  opensAt: "09:00",
  closesAt: "17:00",
  slotMinutes: 30,
  chairsPerSlot: 1,
  bookingHorizonDays: 90,
  maxUpcomingPerPatient: 3,
};

function toMinutes(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours! * 60 + minutes!;
}

function fromMinutes(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Every slot start of an open day: 09:00, 09:30, ..., 16:30 with the defaults. */
export function slotTimes(hours: OpeningHours = OPENING_HOURS): string[] {
  const times: string[] = [];
  const close = toMinutes(hours.closesAt);
  for (let start = toMinutes(hours.opensAt); start + hours.slotMinutes <= close;) {
    times.push(fromMinutes(start));
    start += hours.slotMinutes;
  }
  return times;
}

export function isOpenOn(date: string, hours: OpeningHours = OPENING_HOURS): boolean {
  return hours.openDays.includes(weekdayOf(date));
}

/** True when the slot starting at `date` `time` has started or is over, clinic time. */
export function isPastSlot(
  date: string,
  time: string,
  now: Date = new Date(),
  hours: OpeningHours = OPENING_HOURS,
): boolean {
  const current = clinicNow(now, hours.timeZone);
  return `${date} ${time}` <= `${current.date} ${current.time}`;
}

/** "Monday to Saturday" for a run of days, else "Monday, Wednesday and Friday". */
export function describeOpenDays(hours: OpeningHours = OPENING_HOURS): string {
  const days = [...hours.openDays].sort((a, b) => a - b);
  const names = days.map((day) => DAY_NAMES[day]!);
  const isRun = days.every((day, index) => index === 0 || day === days[index - 1]! + 1);
  if (days.length > 2 && isRun) return `${names[0]} to ${names[names.length - 1]}`;
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export type SlotProblem = "past" | "too-far" | "closed" | "outside-hours" | "off-grid";

export function slotProblemMessage(problem: SlotProblem, date: string, hours = OPENING_HOURS) {
  const times = slotTimes(hours);
  switch (problem) {
    case "past":
      return "That date and time has already passed. Please choose a time in the future.";
    case "too-far":
      return `Appointments can be booked up to ${hours.bookingHorizonDays} days ahead. Please choose an earlier date.`;
    case "closed":
      return `The clinic is closed on ${DAY_NAMES[weekdayOf(date)]}s. We are open ${describeOpenDays(hours)}.`;
    case "outside-hours":
      return `We are open from ${hours.opensAt} to ${hours.closesAt}: appointments start between ${times[0]} and ${times[times.length - 1]}.`;
    case "off-grid":
      return `Appointments start every ${hours.slotMinutes} minutes (${times.slice(0, 2).join(", ")}, ...). Please choose one of those times.`;
  }
}

/**
 * What is wrong with booking the slot at `date` `time` (a valid date and a normalized
 * time), or null when the clinic takes appointments then. Whether the slot is still
 * free is for the database to say.
 */
export function slotProblem(
  date: string,
  time: string,
  now: Date = new Date(),
  hours: OpeningHours = OPENING_HOURS,
): SlotProblem | null {
  const today = clinicNow(now, hours.timeZone).date;
  if (date < today) return "past";
  if (date > addDays(today, hours.bookingHorizonDays)) return "too-far";
  if (!isOpenOn(date, hours)) return "closed";
  const minutes = toMinutes(time);
  if (minutes < toMinutes(hours.opensAt) || minutes + hours.slotMinutes > toMinutes(hours.closesAt))
    return "outside-hours";
  if ((minutes - toMinutes(hours.opensAt)) % hours.slotMinutes !== 0) return "off-grid";
  if (isPastSlot(date, time, now, hours)) return "past";
  return null;
}
