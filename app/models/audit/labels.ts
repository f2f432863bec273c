/**
 * How the audit trail reads to staff: what was done ("Changed a service"), and each
 * changed field by its label with its values as the screens show them ("Price: $120.00 ->
 * $150.00"), never the stored field names, JSON or ids. Pure; the audit screen's loader
 * calls it with the clinic's clock and the names of the people the entries mention.
 */
import { STATUS_LABELS } from "~/models/booking/appointment-status";
import {
  type ClinicClock,
  formatDate,
  formatDayPlan,
  formatDuration,
  formatStamp,
  formatTime,
} from "~/utils/clinic-format";
import { isIsoDate, normalizeTime } from "~/utils/clinic-time";
import { formatPrice } from "~/utils/format";
import { DAY_LABELS, WEEK_ORDER } from "~/models/settings/plan-text";
import { isServiceStatus, SERVICE_STATUS_LABELS } from "~/models/services/status";
import { kindLabel } from "~/models/team/kinds";
import { CALL_OUTCOMES } from "~/validation/recall";
import { dayPlanSchema, type Weekday } from "~/validation/schedule";

const ACTION_LABELS: Record<string, string> = {
  "account.delete": "Deleted their account",
  "appointment.book": "Booked a visit",
  "appointment.book_override": "Booked a visit anyway",
  "appointment.cancel": "Cancelled a visit",
  "appointment.move": "Moved a visit",
  "appointment.status": "Changed a visit's status",
  "appointment.view": "Opened a visit with the patient's contact details",
  "chair.add": "Added a chair",
  "chair.deactivate": "Took a chair out of use",
  "chair.reactivate": "Put a chair back in use",
  "chair.rename": "Renamed a chair",
  "chair.reorder": "Changed the order of the chairs",
  "closure.add": "Closed the clinic",
  "closure.cancel_visits": "Cancelled the visits on a closure",
  "closure.remove": "Removed a closure",
  "data.export": "Downloaded their data",
  "dentist.account.link": "Linked a staff account to a dentist",
  "dentist.account.unlink": "Unlinked a dentist's staff account",
  "dentist.create": "Added a team member",
  "dentist.exception.add": "Added a dentist's exception",
  "dentist.exception.remove": "Removed a dentist's exception",
  "dentist.plan": "Changed a dentist's weekly plan",
  "dentist.profile": "Changed a dentist's profile",
  "dentist.services": "Changed the services a dentist performs",
  "family.add": "Added a family member they look after",
  "family.keep": "Kept a family member's record after their guardian left",
  "family.link": "Linked a patient to a guardian",
  "family.own_account": "Sent a family member the link to an account of their own",
  "family.permissions": "Changed what a guardian may do",
  "family.remove": "Removed a family member's record",
  "family.unlink": "Ended a guardian's link",
  "outbox.retry": "Sent a failed mail again",
  "outbox.retry_all": "Sent all failed mail again",
  "patient.create": "Created a patient record",
  "patient.list": "Read patients' contact details in a list",
  "patient.merge": "Merged two patient records",
  "patient.read_limit": "Reached the hourly bound of patients read",
  "patient.sms_consent": "Recorded a patient's answer on texts",
  "patient.update": "Changed a patient's details",
  "patient.view": "Opened a patient's card",
  "recall.call": "Noted a recall call",
  "sms.handled": "Marked texts handled",
  "sms.reply": "Answered a text",
  "recall.change": "Changed a patient's recall",
  "recall_type.change": "Changed a recall type",
  "recall_type.create": "Added a recall type",
  "review.hide": "Hid a review",
  "review.publish": "Published a review",
  "review.reject": "Rejected a review",
  "review.restore": "Restored a review",
  "service.approve": "Approved a service",
  "service.create": "Added a service",
  "service.recall_type": "Changed the recall a service sets",
  "service.reject": "Rejected a service",
  "service.update": "Changed a service",
  "settings.approval": "Changed the approval of patient-added services and reviews",
  "settings.booking": "Changed the booking rules",
  "settings.contact": "Changed the clinic's contact details",
  "settings.hours": "Changed the opening hours",
  "settings.recall": "Changed the recall invitations",
  "settings.reminders": "Changed the reminder settings",
  "staff.grant": "Gave a staff role",
  "staff.revoke": "Took a staff role away",
  "waitlist.offer": "Offered a freed time to a waiting patient",
};

/** "helloThere.big_world" -> "Hello there big world": a name the lists below do not know. */
function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[._-]+/g, " ")
    .trim()
    .toLowerCase();
  return spaced ? spaced[0]!.toUpperCase() + spaced.slice(1) : name;
}

/** What an entry's action did, in words: "Changed a service" for `service.update`. */
export function auditActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? words(action);
}

const FIELD_LABELS: Record<string, string> = {
  account: "Staff account",
  address: "Address",
  active: "In use",
  attempts: "Attempts",
  bio: "Introduction",
  bufferMinutes: "Buffer after the visit",
  cadence: "Invitations, days from the due date",
  cancellationCutoffHours: "Cancellation cutoff",
  category: "Category",
  chair: "Chair",
  cancelled: "Visits cancelled",
  city: "City",
  clinicName: "Clinic name",
  count: "Patients read",
  dailyCap: "Invitations a day, at most",
  date: "Date",
  dayPlan: "Hours",
  dentist: "Dentist",
  dentists: "Performed by",
  description: "Description",
  dueDate: "Due on",
  durationMinutes: "Length",
  email: "E-mail",
  endDate: "Last day",
  gridMinutes: "Grid step",
  hidden: "Hidden from the site",
  hiddenAt: "Hidden on",
  hiddenById: "Hidden by",
  horizonDays: "Booking horizon",
  intervalMonths: "Interval",
  kind: "Kind",
  lastError: "Last error",
  maxAgeYears: "Oldest age",
  maxUpcomingPerPatient: "Most upcoming bookings per patient",
  minAgeYears: "Youngest age",
  minNoticeMinutes: "Minimum notice",
  name: "Name",
  note: "Note",
  ownAccountAge: "Own account from age",
  order: "Order",
  outcome: "How the call went",
  overrideReason: "Booked anyway because",
  phone: "Phone",
  mobile: "Mobile",
  smsConsent: "Texts",
  messageChannels: "How messages go",
  smsMonthlyCap: "Texts a month, at most",
  photo: "Picture",
  postalCode: "Postal code",
  priceCents: "Price",
  quietHoursEnd: "Quiet hours end",
  quietHoursStart: "Quiet hours start",
  reason: "Reason",
  recallTypeId: "Recall",
  recalls: "Recalls moved",
  region: "State or region",
  reminderRules: "Reminders",
  retried: "Messages sent again",
  reviewApprovalRequired: "Reviews without a completed visit need approval",
  reviews: "Reviews moved",
  role: "Role",
  serviceApprovalRequired: "Patient-added services need approval",
  services: "Services",
  slug: "Address on the team page",
  sortOrder: "Place in the team's order",
  startDate: "First day",
  status: "Status",
  street: "Street",
  time: "Time",
  title: "Title",
  visits: "Visits moved",
  waitlist: "Waiting-list entries moved",
  waitlistOfferHours: "Waitlist offer open for",
  weeklyHours: "Opening hours",
};

/** Fields that only identify a row: the entry's subject already names it. */
const UNSHOWN = new Set(["id", "exceptionId"]);

/** Names of what an entry's values name by id (who hid a review, a recall type). */
export type AuditNames = ReadonlyMap<string, string>;

type Context = { entityType: string; clock: ClinicClock; names: AuditNames };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const DATE_FIELDS = new Set(["date", "startDate", "endDate", "dueDate"]);
const TIME_FIELDS = new Set(["time", "quietHoursStart", "quietHoursEnd"]);

function statusLabel(value: string, entityType: string): string {
  if (entityType === "Service" && isServiceStatus(value)) return SERVICE_STATUS_LABELS[value];
  return (STATUS_LABELS as Record<string, string>)[value] ?? words(value);
}

function dayPlanText(value: unknown, clock: ClinicClock): string | null {
  const parsed = dayPlanSchema.safeParse(value);
  return parsed.success ? formatDayPlan(parsed.data, clock) : null;
}

/** One stored value as the screens show it. */
function show(field: string, value: unknown, context: Context): string {
  const { clock, names, entityType } = context;
  if (field === "dayPlan") return dayPlanText(value, clock) ?? "(details)";
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) {
    if (field === "cadence") {
      return value.length > 0 ? value.map((day) => `${day}`).join(", ") : "none";
    }
    if (field === "reminderRules") {
      const hours = value.flatMap((rule: { hoursBefore?: unknown }) =>
        typeof rule?.hoursBefore === "number" ? [rule.hoursBefore] : [],
      );
      return hours.length > 0
        ? `${hours.map((count) => plural(count, "hour", "hours")).join(", ")} before`
        : "none";
    }
    return value.length > 0 ? value.map((item) => show(field, item, context)).join(", ") : "none";
  }
  if (typeof value === "number") {
    switch (field) {
      case "priceCents":
        return formatPrice(value);
      case "durationMinutes":
      case "bufferMinutes":
      case "minNoticeMinutes":
      case "gridMinutes":
        return formatDuration(value);
      case "horizonDays":
        return plural(value, "day", "days");
      case "intervalMonths":
        return `every ${plural(value, "month", "months")}`;
      case "dailyCap":
        return plural(value, "invitation", "invitations");
      case "cancellationCutoffHours":
      case "waitlistOfferHours":
        return plural(value, "hour", "hours");
      default:
        return String(value);
    }
  }
  if (typeof value === "object") {
    return dayPlanText(value, clock) ?? "(details)";
  }
  const text = String(value);
  if (field === "status") return statusLabel(text, entityType);
  if (field === "kind") return kindLabel(text);
  if (field === "role") return words(text);
  if (field === "hiddenById") return names.get(text) ?? "a former staff member";
  if (field === "recallTypeId") return names.get(text) ?? "a recall type since removed";
  if (field === "outcome") return (CALL_OUTCOMES as Record<string, string>)[text] ?? words(text);
  if (field === "hiddenAt" && !Number.isNaN(Date.parse(text))) return formatStamp(text, clock);
  if (DATE_FIELDS.has(field) && isIsoDate(text)) return formatDate(text, clock);
  if (TIME_FIELDS.has(field) && normalizeTime(text)) return formatTime(text, clock);
  return text;
}

export type AuditChange = { field: string; before: string | null; after: string | null };

function parseObject(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isWeekday = (key: string): key is Weekday => (WEEK_ORDER as readonly string[]).includes(key);

/** A weekly plan's days as fields of their own ("Monday"), `prefix` naming whose week. */
function spreadWeek(
  state: Record<string, unknown> | null,
  key: string,
  prefix: string,
): Record<string, unknown> | null {
  const week = state?.[key];
  if (!state || !week || typeof week !== "object") return state;
  const { [key]: _week, ...rest } = state;
  const days = Object.fromEntries(
    Object.entries(week as Record<string, unknown>).map(([day, plan]) => [`${prefix}${day}`, plan]),
  );
  return { ...rest, ...days };
}

/** A stored field by the label the screens give it: "Price" for `priceCents`. */
export function auditFieldLabel(field: string): string {
  const day = field.replace(/^weeklyHours\./, "");
  if (isWeekday(day)) {
    return field.startsWith("weeklyHours.") ? `Opening hours, ${DAY_LABELS[day]}` : DAY_LABELS[day];
  }
  return FIELD_LABELS[field] ?? words(field);
}

function showField(field: string, value: unknown, context: Context): string {
  const day = field.replace(/^weeklyHours\./, "");
  if (isWeekday(day)) return dayPlanText(value, context.clock) ?? "(details)";
  return show(field, value, context);
}

/**
 * An entry's before and after as labelled rows: for a change, the fields whose shown value
 * differs; for an entry with one side only (something added or removed), all its fields.
 * Weekly plans come out as one row per day that changed.
 */
export function describeAuditChanges(
  entry: { entityType: string; before: string | null; after: string | null },
  clock: ClinicClock,
  names: AuditNames = new Map(),
): AuditChange[] {
  const context: Context = { entityType: entry.entityType, clock, names };
  const before = spreadWeek(parseObject(entry.before), "weeklyHours", "weeklyHours.");
  const after = spreadWeek(parseObject(entry.after), "weeklyHours", "weeklyHours.");
  if (!before && !after) return [];
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows: AuditChange[] = [];
  for (const field of fields) {
    if (UNSHOWN.has(field)) continue;
    const was = before ? showField(field, before[field], context) : null;
    const is = after ? showField(field, after[field], context) : null;
    if (before && after && was === is) continue;
    rows.push({ field: auditFieldLabel(field), before: was, after: is });
  }
  return rows;
}

/** The ids an entry's values name (who hid a review, a recall type), to look their names up. */
export function auditNamedIds(entry: { before: string | null; after: string | null }): {
  people: string[];
  recallTypes: string[];
} {
  const states = [parseObject(entry.before), parseObject(entry.after)];
  const ids = (field: string) =>
    states.flatMap((state) => {
      const value = state?.[field];
      return typeof value === "string" ? [value] : [];
    });
  return { people: ids("hiddenById"), recallTypes: ids("recallTypeId") };
}
