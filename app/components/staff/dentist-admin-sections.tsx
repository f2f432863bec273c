import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "~/components/form-error";
import type { AttentionCount, dentistForAdmin } from "~/models/dentist-admin.server";
import { type ClinicClock, formatDate, formatDateRange } from "~/utils/clinic-format";
import { DAY_LABELS } from "~/utils/plan-text";
import { DENTIST_KINDS, KIND_LABELS } from "~/utils/team";

// The sections of a dentist's admin page (/staff/dentists/:id), each its own form with an
// `intent`, and its refusal shown under it (without JavaScript too).

type Found = NonNullable<Awaited<ReturnType<typeof dentistForAdmin>>>;
/** What the page's loader gives the sections. */
export type DentistAdminView = Found & {
  attention: AttentionCount;
  clock: ClinicClock;
  removing: Found["exceptions"][number] | null;
};
type Loaded = DentistAdminView;
/** A section's form sent back: the message, the field it is about, what was typed. */
export type Refusal = { error: string; field: string | null; values: Record<string, string> };

export const visits = (count: number) => `${count} upcoming ${count === 1 ? "visit" : "visits"}`;
export const needs = (count: number) => (count === 1 ? "needs" : "need");

export const SECTION_INTENTS = [
  "profile",
  "plan",
  "add-exception",
  "remove-exception",
  "services",
  "link-account",
  "unlink-account",
];

const input = "rounded-md border border-slate-400 px-2 py-1.5";
const label = "flex flex-col text-sm font-medium text-slate-800";

/** A section of the page, with its own form's refusal under it. */
export function Section({
  id,
  title,
  refusal,
  intents,
  children,
}: {
  id: string;
  title: string;
  refusal: Refusal | undefined;
  intents: string[];
  children: ReactNode;
}) {
  const mine = refusal && intents.includes(refusal.values.intent ?? "") ? refusal : undefined;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
      <FormError message={mine?.error} id={`${id}-error`} />
    </section>
  );
}

/** Field props for a form's refusal: what was typed back, and the field marked. */
function fieldState(refusal: Refusal | undefined, intent: string, errorId: string) {
  const mine = refusal?.values.intent === intent ? refusal : undefined;
  return {
    value: (name: string, fallback: string) => mine?.values[name] ?? fallback,
    checked: (name: string, fallback: boolean) => (mine ? mine.values[name] === "on" : fallback),
    invalid: (name: string) =>
      mine?.field === name ? { "aria-invalid": true, "aria-describedby": errorId } : {},
  };
}

export function AttentionNotice({ loaded }: { loaded: Loaded }) {
  const { attention, dentist, clock } = loaded;
  if (attention.count === 0 || !attention.firstDate) return null;
  return (
    <p
      className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900"
      data-testid="attention"
    >
      {visits(attention.count)} of {dentist.name} {needs(attention.count)} attention (outside their
      plan, an exception or a closure, or they no longer see patients).{" "}
      <Link
        to={`/staff?date=${attention.firstDate}#attention-heading`}
        className="font-semibold underline"
      >
        See them under Needs attention in the diary, from {formatDate(attention.firstDate, clock)}
      </Link>
    </p>
  );
}

export function ProfileForm({
  loaded,
  refusal,
  busy,
}: {
  loaded: Loaded;
  refusal?: Refusal;
  busy: boolean;
}) {
  const { dentist, upcoming, clock } = loaded;
  const field = fieldState(refusal, "profile", "profile-error");
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="profile" />
      <label className={label}>
        Name
        <input
          name="name"
          required
          maxLength={100}
          defaultValue={field.value("name", dentist.name)}
          className={input}
          {...field.invalid("name")}
        />
      </label>
      <label className={label}>
        Title
        <input
          name="title"
          required
          maxLength={120}
          defaultValue={field.value("title", dentist.title)}
          className={input}
          {...field.invalid("title")}
        />
      </label>
      <label className={label}>
        Kind
        <select
          name="kind"
          defaultValue={field.value("kind", dentist.kind)}
          className={input}
          {...field.invalid("kind")}
        >
          {DENTIST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Place in the team&apos;s order
        <input
          name="sortOrder"
          type="number"
          required
          min={-1000}
          max={1000}
          step={1}
          defaultValue={field.value("sortOrder", String(dentist.sortOrder))}
          className={input}
          {...field.invalid("sortOrder")}
        />
      </label>
      <label className={`${label} sm:col-span-2`}>
        Photo link (http:// or https://, an image of this site under /images/, or empty)
        <input
          name="photo"
          inputMode="url"
          maxLength={2000}
          defaultValue={field.value("photo", dentist.photo)}
          className={input}
          {...field.invalid("photo")}
        />
      </label>
      <label className={`${label} sm:col-span-2`}>
        Introduction
        <textarea
          name="bio"
          rows={4}
          maxLength={2000}
          defaultValue={field.value("bio", dentist.bio)}
          className={input}
          {...field.invalid("bio")}
        />
      </label>
      <div className="space-y-2 sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="active"
            defaultChecked={field.checked("active", dentist.active)}
            className="size-5"
            {...field.invalid("active")}
          />
          Active: shown on the team page and in the booking form
        </label>
        {dentist.active && upcoming.count > 0 && upcoming.firstDate ? (
          <>
            <p className="text-sm text-slate-700">
              {dentist.name} has {visits(upcoming.count)}, the first on{" "}
              <Link to={`/staff?date=${upcoming.firstDate}`} className="text-brand-700 underline">
                {formatDate(upcoming.firstDate, clock)}
              </Link>
              . Move or cancel them before taking {dentist.name} off the team.
            </p>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                name="deactivateAnyway"
                defaultChecked={field.checked("deactivateAnyway", false)}
                className="size-5"
              />
              Deactivate anyway; the visits will need attention
            </label>
          </>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          Save profile
        </button>
      </div>
    </Form>
  );
}

export function PlanForm({
  loaded,
  refusal,
  busy,
}: {
  loaded: Loaded;
  refusal?: Refusal;
  busy: boolean;
}) {
  const field = fieldState(refusal, "plan", "plan-error");
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="plan" />
      {loaded.week.map((row) => (
        <fieldset
          key={row.day}
          className="flex flex-wrap items-end gap-3 rounded-md border border-slate-200 p-3"
        >
          <legend className="px-1 font-semibold text-slate-900">{DAY_LABELS[row.day]}</legend>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name={`${row.day}.off`}
              defaultChecked={field.checked(`${row.day}.off`, row.off)}
              className="size-5"
            />
            Off
          </label>
          <label className={label}>
            Start
            <input
              name={`${row.day}.start`}
              type="time"
              defaultValue={field.value(`${row.day}.start`, row.start)}
              className={input}
              {...field.invalid(`${row.day}.start`)}
            />
          </label>
          <label className={label}>
            End
            <input
              name={`${row.day}.end`}
              type="time"
              defaultValue={field.value(`${row.day}.end`, row.end)}
              className={input}
              {...field.invalid(`${row.day}.end`)}
            />
          </label>
          <label className={`${label} min-w-56 flex-1`}>
            Breaks
            <input
              name={`${row.day}.breaks`}
              placeholder="12:00-13:00, 15:00-15:15"
              maxLength={200}
              defaultValue={field.value(`${row.day}.breaks`, row.breaks)}
              className={input}
              {...field.invalid(`${row.day}.breaks`)}
            />
          </label>
        </fieldset>
      ))}
      <p className="text-sm text-slate-700">
        The clinic&apos;s opening hours and closures still apply: a dentist works only while the
        clinic is open.
      </p>
      <button type="submit" className="btn-primary" disabled={busy}>
        Save weekly plan
      </button>
    </Form>
  );
}

export function Exceptions({
  loaded,
  refusal,
  busy,
}: {
  loaded: Loaded;
  refusal?: Refusal;
  busy: boolean;
}) {
  const { exceptions, removing, dentist, clock, today } = loaded;
  const field = fieldState(refusal, "add-exception", "exceptions-error");
  const range = (start: string, end: string) => formatDateRange(start, end, clock);
  return (
    <>
      {exceptions.length === 0 ? (
        <p className="text-slate-700">None: the weekly plan applies every day.</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
          aria-label="Exceptions"
        >
          {exceptions.map((exception) => (
            <li
              key={exception.id}
              className="flex flex-wrap items-center justify-between gap-2 p-3"
              data-testid="exception"
            >
              <span>
                <span className="font-medium">{range(exception.startDate, exception.endDate)}</span>
                : {exception.day}
                {exception.note ? ` (${exception.note})` : ""}
                {exception.past ? " · past" : ""}
              </span>
              <Link
                to={`?remove=${exception.id}#exceptions`}
                className="btn-secondary"
                aria-label={`Remove the exception of ${range(exception.startDate, exception.endDate)}`}
              >
                Remove
              </Link>
            </li>
          ))}
        </ul>
      )}
      {removing ? (
        <Form method="post" className="space-y-2 rounded-md border border-red-700 bg-red-50 p-3">
          <input type="hidden" name="intent" value="remove-exception" />
          <input type="hidden" name="exceptionId" value={removing.id} />
          <p className="text-red-900">
            Remove the exception of {range(removing.startDate, removing.endDate)} ({removing.day})?{" "}
            {dentist.name}&apos;s weekly plan applies on those days again.
          </p>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              Yes, remove it
            </button>
            <Link to="?#exceptions" className="btn-secondary">
              Keep it
            </Link>
          </div>
        </Form>
      ) : null}
      <Form
        method="post"
        key={exceptions.length}
        className="space-y-3 rounded-md border border-slate-200 p-3"
      >
        <input type="hidden" name="intent" value="add-exception" />
        <h3 className="font-semibold text-slate-900">Add an exception</h3>
        <div className="flex flex-wrap items-end gap-3">
          <label className={label}>
            First day
            <input
              name="startDate"
              type="date"
              required
              min={today}
              defaultValue={field.value("startDate", "")}
              className={input}
              {...field.invalid("startDate")}
            />
          </label>
          <label className={label}>
            Last day (empty for one day)
            <input
              name="endDate"
              type="date"
              min={today}
              defaultValue={field.value("endDate", "")}
              className={input}
              {...field.invalid("endDate")}
            />
          </label>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">On those days</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="kind"
              value="off"
              defaultChecked={field.value("kind", "off") === "off"}
              className="size-5"
            />
            Off
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="kind"
              value="hours"
              defaultChecked={field.value("kind", "off") === "hours"}
              className="size-5"
            />
            Different hours:
          </label>
          <div className="flex flex-wrap items-end gap-3 pl-7">
            <label className={label}>
              Start
              <input
                name="start"
                type="time"
                defaultValue={field.value("start", "")}
                className={input}
                {...field.invalid("start")}
              />
            </label>
            <label className={label}>
              End
              <input
                name="end"
                type="time"
                defaultValue={field.value("end", "")}
                className={input}
                {...field.invalid("end")}
              />
            </label>
            <label className={`${label} min-w-56 flex-1`}>
              Breaks
              <input
                name="breaks"
                placeholder="12:00-13:00"
                maxLength={200}
                defaultValue={field.value("breaks", "")}
                className={input}
                {...field.invalid("breaks")}
              />
            </label>
          </div>
        </fieldset>
        <label className={label}>
          Note (staff only)
          <input
            name="note"
            maxLength={200}
            placeholder="Conference"
            defaultValue={field.value("note", "")}
            className={input}
            {...field.invalid("note")}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={busy}>
          Add exception
        </button>
      </Form>
    </>
  );
}

export function ServicesForm({ loaded, busy }: { loaded: Loaded; busy: boolean }) {
  const { services, dentist } = loaded;
  const none = !services.some((service) => service.performed);
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="services" />
      {none ? (
        <p className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900">
          {dentist.name} performs no service, so the booking form does not offer them (except for
          services nobody performs yet).
        </p>
      ) : null}
      <fieldset>
        <legend className="sr-only">Services {dentist.name} performs</legend>
        <ul className="grid gap-1 sm:grid-cols-2">
          {services.map((service) => (
            <li key={service.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="service"
                  value={service.id}
                  defaultChecked={service.performed}
                  className="size-5"
                />
                {service.name}
                {service.note ? <span className="text-slate-700">({service.note})</span> : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" className="btn-primary" disabled={busy}>
        Save services
      </button>
    </Form>
  );
}

export function AccountForm({
  loaded,
  refusal,
  busy,
}: {
  loaded: Loaded;
  refusal?: Refusal;
  busy: boolean;
}) {
  const { account, dentist } = loaded;
  const field = fieldState(refusal, "link-account", "account-error");
  if (account) {
    return (
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="unlink-account" />
        <p>
          {account.name} · <span className="break-all">{account.email}</span>
        </p>
        <button type="submit" className="btn-secondary" disabled={busy}>
          Unlink
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="link-account" />
      <label className={label}>
        E-mail of a staff account with the role dentist
        <input
          name="email"
          type="email"
          required
          maxLength={254}
          defaultValue={field.value("email", "")}
          className={`${input} w-72`}
          {...field.invalid("email")}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={busy}>
        Link to {dentist.name}
      </button>
    </Form>
  );
}
