import { Form } from "@remix-run/react";
import { StackedField } from "~/components/field-label";

const input = "w-full rounded-md border border-slate-400 px-2 py-1.5 sm:w-auto";
const field = "min-w-0 max-w-full";
const button =
  "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60";

/** A deliberate double booking at a typed time on the chosen day, with a reason. */
export function DeskBookAnyway({
  patientId,
  serviceId,
  dentist,
  date,
  values,
  waitlistEntry,
  busy,
}: {
  patientId: string;
  serviceId: string;
  dentist: string;
  date: string;
  values: Record<string, string> | undefined;
  waitlistEntry: string;
  busy: boolean;
}) {
  return (
    <details className="rounded-md border border-slate-300 p-3">
      <summary className="cursor-pointer font-medium">Book anyway (double booking)</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="patientId" value={patientId} />
        <input type="hidden" name="service" value={serviceId} />
        <input type="hidden" name="dentist" value={dentist} />
        <input type="hidden" name="date" value={date} />
        {waitlistEntry ? <input type="hidden" name="waitlistEntry" value={waitlistEntry} /> : null}
        <StackedField htmlFor="anyway-time" label="Time" need="required" className={field}>
          <input
            id="anyway-time"
            type="time"
            name="time"
            required
            defaultValue={values?.time}
            className={input}
          />
        </StackedField>
        <StackedField
          htmlFor="anyway-reason"
          label="Reason (recorded with your name)"
          need="required"
          className={field}
        >
          <input
            id="anyway-reason"
            name="reason"
            required
            maxLength={500}
            defaultValue={values?.reason}
            className="w-72 max-w-full rounded-md border border-slate-400 px-2 py-1.5"
          />
        </StackedField>
        <button type="submit" name="intent" value="book-anyway" className={button} disabled={busy}>
          Book anyway
        </button>
      </Form>
    </details>
  );
}
