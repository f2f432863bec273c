import { Link } from "@remix-run/react";
import { FieldLabel } from "~/components/field-label";
import { RELATIONSHIP_LABELS, RELATIONSHIPS } from "~/validation/family-fields";

const choice =
  "inline-flex min-h-6 items-center rounded-full border px-3 py-1.5 text-sm font-semibold";
const chosen = `${choice} border-brand-700 bg-brand-700 text-white`;
const other = `${choice} border-slate-400 text-slate-900 hover:bg-slate-100`;

/**
 * The booking form's "Who is this visit for?" (docs/decisions/049-families.md): the account
 * holder, each family member they may book for, or someone new to add. Links, so a browser
 * without JavaScript reloads the form for them; with JavaScript the form changes in place.
 */
export function VisitFor({
  members,
  patient,
  hrefFor,
}: {
  members: { id: string; name: string }[];
  /** "" for the account holder, a member's id, or "new". */
  patient: string;
  hrefFor: (patient: string) => string;
}) {
  const entries = [
    { id: "", label: "Me" },
    ...members.map((member) => ({ id: member.id, label: member.name })),
    { id: "new", label: "Someone new in my family" },
  ];
  return (
    <nav aria-labelledby="visit-for" className="mb-4" data-testid="visit-for">
      <h2 id="visit-for" className="field-label">
        Who is this visit for?
      </h2>
      <ul className="flex flex-wrap gap-2">
        {entries.map((entry) => (
          <li key={entry.id || "me"}>
            <Link
              to={hrefFor(entry.id)}
              replace
              preventScrollReset
              aria-current={entry.id === patient ? "true" : undefined}
              className={entry.id === patient ? chosen : other}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The fields a new family member adds to the booking form (their Name is the form's). */
export function NewMemberFields({
  values,
  today,
  invalid,
}: {
  values: Record<string, string>;
  today: string;
  invalid: string | null;
}) {
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        Someone new in my family (Name above is theirs)
      </legend>
      <div>
        <FieldLabel htmlFor="field-dateOfBirth" need="required">
          Their date of birth
        </FieldLabel>
        <input
          aria-required
          id="field-dateOfBirth"
          name="dateOfBirth"
          type="date"
          max={today}
          defaultValue={values.dateOfBirth ?? ""}
          aria-invalid={invalid === "dateOfBirth" || undefined}
          className="field-input"
        />
      </div>
      <div>
        <FieldLabel htmlFor="field-relationship" need="required">
          They are
        </FieldLabel>
        <select
          aria-required
          id="field-relationship"
          name="relationship"
          defaultValue={values.relationship ?? "child"}
          aria-invalid={invalid === "relationship" || undefined}
          className="field-input"
        >
          {RELATIONSHIPS.map((relationship) => (
            <option key={relationship} value={relationship}>
              {RELATIONSHIP_LABELS[relationship]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
