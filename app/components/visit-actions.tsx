import { Form, Link, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { TextAreaField } from "~/components/text-area-field";
import { type ClinicClock, formatDateTime, formatZone } from "~/utils/clinic-format";

// The pieces of the pages where a patient confirms, reschedules or cancels a visit, signed
// in (My appointments) or from a mail link: plain forms, so all of it works without JavaScript.

export type VisitView = {
  firstName: string;
  serviceName: string;
  dentistName: string;
  date: string;
  time: string;
  changeable: boolean;
};

export type TimeChoice = {
  date: string;
  times: string[];
  labels: string[];
  message: string | null;
  sameDentist: boolean;
};

export function VisitSummary({ visit, clock }: { visit: VisitView; clock: ClinicClock }) {
  return (
    <div className="space-y-1 rounded-lg bg-slate-50 p-4 text-slate-800" data-testid="visit">
      <p>Hello {visit.firstName},</p>
      <p className="font-semibold text-slate-900">
        {formatDateTime(visit.date, visit.time, clock)} ({formatZone(clock)})
      </p>
      <p>
        {visit.serviceName} with {visit.dentistName}
      </p>
    </div>
  );
}

/** Inside the cutoff: the phone number as a link that dials it. */
export function CallClinic({ message, phone }: { message: string; phone: string }) {
  return (
    <div className="mt-4 space-y-2 text-slate-800" role="status">
      <p>{message}</p>
      {phone ? (
        <p>
          <a
            href={`tel:${phone.replace(/[^\d+]/g, "")}`}
            className="text-brand-700 font-semibold underline"
          >
            Call {phone}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The end of a link page: what happened, and where to go next. As the answer to the page's
 * button (`answered`), the focus goes to it after the navigation (~/components/route-focus),
 * which also brings it into view: the page may have been scrolled far down to the button.
 */
export function Outcome({ message, answered = false }: { message: string; answered?: boolean }) {
  return (
    <div className="space-y-4">
      <p
        role="status"
        className="text-slate-800"
        data-testid="outcome"
        data-route-focus-target={answered ? "" : undefined}
      >
        {message}
      </p>
      <Link to="/" className="btn-primary inline-block">
        Go to the home page
      </Link>
    </div>
  );
}

export function CancelForm({ error, reason }: { error?: string | null; reason?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" className="mt-6 space-y-4">
      <p className="text-slate-800">Do you really want to cancel this appointment?</p>
      <TextAreaField
        name="reason"
        need="optional"
        label="Reason"
        maxLength={500}
        defaultValue={reason}
        rows={3}
      />
      <FormError message={error} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Cancelling..." : "Yes, cancel my appointment"}
      </button>
    </Form>
  );
}

/**
 * Two steps: a GET form picks the day (the page lists that day's free times), then a
 * POST form moves the visit to the chosen time.
 */
export function RescheduleForm({
  date,
  minDate,
  choice,
  error,
}: {
  date: string;
  minDate: string;
  choice: TimeChoice | null;
  error?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mt-6 space-y-6">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="field-date" className="field-label">
            New date
          </label>
          <input
            id="field-date"
            name="date"
            type="date"
            required
            min={minDate}
            defaultValue={date}
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Show free times
        </button>
      </Form>
      {choice ? (
        choice.times.length > 0 ? (
          <Form method="post" className="space-y-4">
            <input type="hidden" name="date" value={choice.date} />
            <fieldset>
              <legend className="field-label">
                Free times
                {choice.sameDentist ? "" : " (with another dentist: yours has none that day)"}
              </legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {choice.times.map((time, index) => (
                  <label
                    key={time}
                    className="flex items-center gap-2 rounded border border-slate-300 px-3 py-2"
                  >
                    <input type="radio" name="time" value={time} required />
                    {choice.labels[index]}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormError message={error} />
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? "Moving..." : "Move my appointment"}
            </button>
          </Form>
        ) : (
          <p role="status" className="text-slate-800">
            {choice.message}
          </p>
        )
      ) : (
        <FormError message={error} />
      )}
    </div>
  );
}
