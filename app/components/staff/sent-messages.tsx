import { Form } from "@remix-run/react";
import { StackedField } from "~/components/field-label";
import { FormError } from "~/components/form-error";
import { Timestamp } from "~/components/staff-kit";
import type { SentLine, TextConsentView } from "~/models/sms/patient-texts.server";

/** What the clinic sent a patient or about a visit, by which channel, and whether it arrived. */
export function SentMessages({ lines, title }: { lines: SentLine[]; title: string }) {
  return (
    <section aria-labelledby="sent-heading" data-testid="sent-messages">
      <h2 id="sent-heading" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {lines.length === 0 ? (
        <p className="text-slate-700">Nothing was sent.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm text-slate-800">
          {lines.map((line) => (
            <li key={line.id} data-testid={`sent-${line.channel}`}>
              <span className="font-semibold">{line.channel === "sms" ? "Text" : "E-mail"}</span>
              {" · "}
              {line.kind} to {line.to} · <Timestamp iso={line.at} /> · {line.state}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The patient's mobile and answer on texts; the desk records a caller's (patients.edit). */
export function TextConsentPanel({
  view,
  editable,
  error,
}: {
  view: TextConsentView;
  editable: boolean;
  error: string | null;
}) {
  return (
    <section aria-labelledby="texts-heading" className="space-y-2" data-testid="text-consent">
      <h2 id="texts-heading" className="text-lg font-semibold text-slate-900">
        Texts
      </h2>
      <p className="text-slate-800">
        Mobile: {view.mobile || "none"} · <span data-testid="consent-label">{view.label}</span>
        {view.recordedAt ? (
          <>
            {" "}
            (recorded by {view.recordedBy}, <Timestamp iso={view.recordedAt} />)
          </>
        ) : null}
      </p>
      {view.sentThrough ? (
        <p className="text-slate-800" data-testid="texts-through">
          {view.sentThrough.length === 0
            ? "Texts about this patient go to no one: no guardian receives their messages."
            : `Texts about this patient go to their guardian: ${view.sentThrough
                .map((g) => `${g.name} (mobile: ${g.mobile || "none"}, ${g.label.toLowerCase()})`)
                .join("; then ")}.`}
        </p>
      ) : null}
      {editable ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="texts" />
          <StackedField htmlFor="texts-mobile" label="Mobile number" need="optional">
            <input
              id="texts-mobile"
              name="mobile"
              type="tel"
              defaultValue={view.mobile}
              className="rounded-md border border-slate-300 p-2"
            />
          </StackedField>
          <StackedField htmlFor="texts-consent" label="Agreed to texts" need="optional">
            <select
              id="texts-consent"
              name="smsConsent"
              defaultValue=""
              className="rounded-md border border-slate-300 p-2"
            >
              <option value="">Unchanged</option>
              {view.consent === "no" ? null : (
                <option value="yes">Yes, said so on the phone</option>
              )}
              <option value="no">No</option>
            </select>
          </StackedField>
          <button type="submit" className="btn-secondary">
            Save texts settings
          </button>
          <FormError message={error ?? undefined} />
        </Form>
      ) : null}
    </section>
  );
}
