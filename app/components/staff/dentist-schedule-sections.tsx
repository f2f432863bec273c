import { Form, Link } from "@remix-run/react";
import { StackedField } from "~/components/field-label";
import { CLOSED_DAY, formatDateRange } from "~/utils/clinic-format";
import { DAY_LABELS, dayRowOf, planDayFields, readDayRow } from "~/models/settings/plan-text";
import { DayHours } from "./day-hours";
import { fieldState, input, type Loaded, type Refusal } from "./dentist-admin-sections";

// The weekly plan and the exceptions of a dentist's admin page (/staff/dentists/:id):
// times picked with time pickers, written back after a refusal, the field it is about marked.

/** What was sent with the refusal of `intent`, if the page's refusal was about it. */
const sentWith = (refusal: Refusal | undefined, intent: string) =>
  refusal?.values.intent === intent ? refusal : undefined;

export function PlanForm({
  loaded,
  refusal,
  busy,
}: {
  loaded: Loaded;
  refusal?: Refusal;
  busy: boolean;
}) {
  const sent = sentWith(refusal, "plan");
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="plan" />
      <p className="text-sm text-slate-700">
        Each working day must lie inside the clinic&apos;s opening hours (Clinic settings). A break
        is a time nobody can book; leave a break&apos;s times empty to remove it.
      </p>
      {loaded.week.map(({ day, plan }) => {
        const fields = planDayFields(`${day}.`);
        return (
          <fieldset key={day} className="min-w-0 rounded-md border border-slate-200 p-3">
            <legend className="px-1 font-semibold text-slate-900">{DAY_LABELS[day]}</legend>
            <DayHours
              day={DAY_LABELS[day]}
              fields={fields}
              row={sent ? readDayRow(sent.values, fields) : dayRowOf(plan)}
              words={{ start: "Start", end: "End" }}
              invalidField={sent?.field ?? null}
              errorId="plan-error"
            />
          </fieldset>
        );
      })}
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
  const sent = sentWith(refusal, "add-exception");
  const hoursFields = planDayFields("");
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
          <StackedField htmlFor="exception-start" label="First day" need="required">
            <input
              id="exception-start"
              name="startDate"
              type="date"
              required
              min={today}
              defaultValue={field.value("startDate", "")}
              className={input}
              {...field.invalid("startDate")}
            />
          </StackedField>
          <StackedField
            htmlFor="exception-end"
            label="Last day (empty for one day)"
            need="optional"
          >
            <input
              id="exception-end"
              name="endDate"
              type="date"
              min={today}
              defaultValue={field.value("endDate", "")}
              className={input}
              {...field.invalid("endDate")}
            />
          </StackedField>
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
            {CLOSED_DAY}
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
          <div className="pl-7">
            <DayHours
              day="Different hours"
              fields={hoursFields}
              row={sent ? readDayRow(sent.values, hoursFields) : dayRowOf(null)}
              words={{ start: "Start", end: "End" }}
              invalidField={sent?.field ?? null}
              errorId="exceptions-error"
              closedBox={false}
            />
          </div>
        </fieldset>
        <StackedField htmlFor="exception-note" label="Note (staff only)" need="optional">
          <input
            id="exception-note"
            name="note"
            maxLength={200}
            placeholder="Conference"
            defaultValue={field.value("note", "")}
            className={input}
            {...field.invalid("note")}
          />
        </StackedField>
        <button type="submit" className="btn-primary" disabled={busy}>
          Add exception
        </button>
      </Form>
    </>
  );
}
