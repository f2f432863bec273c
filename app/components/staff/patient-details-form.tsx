import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormError } from "~/components/form-error";
import { FieldLabel, type Need, needAttributes } from "~/components/field-label";

/**
 * The front desk's form for a patient's details, medical alerts and the clinic's note
 * (/staff/patients/<id>). A plain form: without JavaScript it posts and the page comes
 * back with the refusal under it and what was typed kept.
 */
export type PatientDetailsValues = {
  name: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  address: string;
  allergies: string;
  conditions: string;
  staffNote: string;
};

type Refusal = { error: string; field?: string | null; values: Record<string, string> } | null;

function Field({
  name,
  label,
  need = "optional",
  hint,
  refusal,
  children,
}: {
  name: string;
  label: string;
  /** Only the name is required: a record may lack anything else. */
  need?: Need;
  hint?: string;
  refusal: Refusal;
  children: (props: {
    id: string;
    name: string;
    "aria-required"?: true;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
  }) => ReactNode;
}) {
  const id = `patient-${name}`;
  const invalid = refusal?.field === name;
  const described = [hint ? `${id}-hint` : null, invalid ? "details-error" : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel htmlFor={id} need={need}>
        {label}
      </FieldLabel>
      {children({
        id,
        name,
        ...needAttributes(need),
        ...(invalid ? { "aria-invalid": true as const } : {}),
        ...(described ? { "aria-describedby": described } : {}),
      })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function TextAreaField({
  defaultValue,
  rows,
  maxLength,
  ...field
}: {
  name: string;
  label: string;
  hint?: string;
  refusal: Refusal;
  defaultValue: string;
  rows: number;
  maxLength: number;
}) {
  return (
    <Field {...field}>
      {(props) => (
        <textarea
          {...props}
          defaultValue={defaultValue}
          rows={rows}
          maxLength={maxLength}
          className="field-input"
        />
      )}
    </Field>
  );
}

export function PatientDetailsForm({
  stored,
  refusal,
  today,
  signsIn,
}: {
  stored: PatientDetailsValues;
  refusal: Refusal;
  today: string;
  /** The patient signs in online: their e-mail address is theirs to change. */
  signsIn: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  const value = (name: keyof PatientDetailsValues) => refusal?.values[name] ?? stored[name];
  return (
    <Form method="post" className="space-y-4" aria-labelledby="edit-heading">
      <input type="hidden" name="intent" value="details" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="name" label="Name" need="required" refusal={refusal}>
          {(props) => (
            <input
              {...props}
              defaultValue={value("name")}
              required
              minLength={2}
              maxLength={100}
              autoComplete="off"
              className="field-input"
            />
          )}
        </Field>
        <Field
          name="email"
          label="E-mail"
          hint={
            signsIn
              ? "The patient signs in with this address and changes it on their profile."
              : "Leave empty for a patient without an e-mail address: nothing is mailed to them."
          }
          refusal={refusal}
        >
          {(props) => (
            <input
              {...props}
              type="email"
              defaultValue={value("email")}
              readOnly={signsIn}
              maxLength={254}
              autoComplete="off"
              className="field-input"
            />
          )}
        </Field>
        <Field name="phone" label="Phone" refusal={refusal}>
          {(props) => (
            <input
              {...props}
              type="tel"
              defaultValue={value("phone")}
              maxLength={30}
              autoComplete="off"
              className="field-input"
            />
          )}
        </Field>
        <Field name="dateOfBirth" label="Date of birth" refusal={refusal}>
          {(props) => (
            <input
              {...props}
              type="date"
              defaultValue={value("dateOfBirth")}
              min="1900-01-01"
              max={today}
              className="field-input"
            />
          )}
        </Field>
        <TextAreaField
          name="address"
          label="Address"
          rows={2}
          maxLength={300}
          refusal={refusal}
          defaultValue={value("address")}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 font-semibold text-slate-900">Medical alerts</legend>
        <TextAreaField
          name="allergies"
          label="Allergies"
          hint="e.g. penicillin, latex"
          rows={2}
          maxLength={1000}
          refusal={refusal}
          defaultValue={value("allergies")}
        />
        <TextAreaField
          name="conditions"
          label="Conditions"
          hint="e.g. takes blood thinners, diabetes"
          rows={2}
          maxLength={1000}
          refusal={refusal}
          defaultValue={value("conditions")}
        />
      </fieldset>
      <TextAreaField
        name="staffNote"
        label="The clinic's note"
        hint="Staff only: never in the patient's mail or pages. The patient receives it if they download their data."
        rows={3}
        maxLength={2000}
        refusal={refusal}
        defaultValue={value("staffNote")}
      />
      <FormError message={refusal?.error} id="details-error" />
      <button type="submit" className="btn-primary" disabled={busy}>
        Save details
      </button>
    </Form>
  );
}
