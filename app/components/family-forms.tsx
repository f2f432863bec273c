import { Form, Link } from "@remix-run/react";
import { FieldLabel } from "~/components/field-label";
import { CheckedForm, TextField, type CheckedFormState } from "~/components/form-kit";
import { TextAreaField } from "~/components/text-area-field";
import {
  FAMILY_PERMISSIONS,
  type FamilyPermission,
  type FamilyPermissions,
  PERMISSION_LABELS,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
} from "~/validation/family-fields";

const small =
  "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100";

/** The permission boxes, ticked as `checked` says. */
function PermissionBoxes({
  legend,
  checked,
  only = FAMILY_PERMISSIONS,
  idPrefix,
}: {
  legend: string;
  checked: FamilyPermissions;
  only?: readonly FamilyPermission[];
  idPrefix: string;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="field-label">{legend}</legend>
      {only.map((permission) => (
        <label key={permission} className="flex items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            name={permission}
            id={`${idPrefix}-${permission}`}
            defaultChecked={checked[permission]}
          />
          {PERMISSION_LABELS[permission]}
        </label>
      ))}
    </fieldset>
  );
}

const ALL_ON: FamilyPermissions = { book: true, messages: true, forms: true, visits: true };

/** Adds a family member (a child, or an adult cared for); works without JavaScript. */
export function AddFamilyMember({
  form,
  today,
  values,
}: {
  form: CheckedFormState;
  today: string;
  values: Record<string, string>;
}) {
  const adding = values.intent === "add";
  return (
    <CheckedForm form={form} className="space-y-4" id="add-family-member">
      <input type="hidden" name="intent" value="add" />
      <TextField
        name="name"
        need="required"
        label="Their name"
        autoComplete="off"
        defaultValue={adding ? values.name : ""}
      />
      <TextField
        name="dateOfBirth"
        need="required"
        label="Date of birth"
        type="date"
        max={today}
        defaultValue={adding ? values.dateOfBirth : ""}
      />
      <div>
        <FieldLabel htmlFor="field-relationship" need="required">
          They are
        </FieldLabel>
        <select
          id="field-relationship"
          name="relationship"
          aria-required
          className="field-input"
          aria-invalid={form.field === "relationship" || undefined}
          defaultValue={adding ? values.relationship : ""}
        >
          <option value="">Choose</option>
          {RELATIONSHIPS.map((relationship) => (
            <option key={relationship} value={relationship}>
              {RELATIONSHIP_LABELS[relationship]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        name="phone"
        need="optional"
        label="Their phone"
        type="tel"
        autoComplete="off"
        defaultValue={adding ? values.phone : ""}
      />
      <TextAreaField
        name="allergies"
        need="optional"
        label="Allergies"
        defaultValue={adding ? values.allergies : ""}
      />
      <TextAreaField
        name="conditions"
        need="optional"
        label="Medical conditions"
        defaultValue={adding ? values.conditions : ""}
      />
      <PermissionBoxes
        idPrefix="add"
        legend="For an adult, what you may do for them (for a child under 18: everything)"
        checked={adding ? readBoxes(values) : ALL_ON}
      />
      <button type="submit" className="btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? "Adding..." : "Add to my family"}
      </button>
    </CheckedForm>
  );
}

function readBoxes(values: Record<string, string>): FamilyPermissions {
  return Object.fromEntries(
    FAMILY_PERMISSIONS.map((permission) => [permission, Boolean(values[permission])]),
  ) as FamilyPermissions;
}

export type MemberView = {
  id: string;
  name: string;
  dateOfBirth: string;
  relationship: string;
  permissions: FamilyPermissions;
  ownAccount: boolean;
  age: number | null;
  child: boolean;
  mayOwnAccount: boolean;
};

/** One family member: book for them, their permissions (an adult's), an own account, remove. */
export function FamilyMemberCard({
  member,
  relationship,
  ownAccountAge,
}: {
  member: MemberView;
  relationship: string;
  ownAccountAge: number;
}) {
  const headingId = `member-${member.id}`;
  return (
    <li className="rounded-lg border border-slate-200 p-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {member.name}
      </h3>
      <p className="text-sm text-slate-700">
        {relationship}
        {member.age !== null ? `, ${member.age} years old` : ""}
        {member.ownAccount ? ". Has an account of their own: they decide what you may do." : ""}
      </p>
      {member.permissions.book ? (
        <p className="mt-2">
          <Link to={`/make-appointment?patient=${member.id}`} className="text-brand-700 underline">
            Book a visit for {member.name}
          </Link>
        </p>
      ) : null}
      {member.child || member.ownAccount ? (
        <p className="mt-2 text-sm text-slate-700">
          You may:{" "}
          {FAMILY_PERMISSIONS.filter((p) => member.permissions[p])
            .map((p) => PERMISSION_LABELS[p].toLowerCase())
            .join("; ") || "nothing"}
          .
        </p>
      ) : (
        <Form method="post" className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="permissions" />
          <input type="hidden" name="memberId" value={member.id} />
          <PermissionBoxes
            idPrefix={`permissions-${member.id}`}
            legend={`What you may do for ${member.name}`}
            checked={member.permissions}
          />
          <button type="submit" className={small}>
            Save what I may do for {member.name}
          </button>
        </Form>
      )}
      {member.mayOwnAccount ? (
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="own-account" />
          <input type="hidden" name="memberId" value={member.id} />
          <div>
            <FieldLabel htmlFor={`own-email-${member.id}`} need="required">
              {member.name}&apos;s own e-mail address
            </FieldLabel>
            <input
              id={`own-email-${member.id}`}
              name="email"
              type="email"
              aria-required
              className="field-input"
            />
          </div>
          <button type="submit" className={small}>
            Give {member.name} an account of their own
          </button>
        </Form>
      ) : !member.ownAccount && member.age !== null && member.age < ownAccountAge ? (
        <p className="mt-2 text-sm text-slate-700">
          From {ownAccountAge}, {member.name} can have an account of their own.
        </p>
      ) : null}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          Remove {member.name} from my family
        </summary>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="memberId" value={member.id} />
          <p className="text-sm text-slate-700">
            {member.ownAccount
              ? "Their account stays; you no longer look after their visits."
              : "Their upcoming visits are cancelled; the clinic keeps their past visits without their name (unless someone else also looks after them: then only your link ends)."}
          </p>
          <button type="submit" className="btn w-full bg-red-700 text-white hover:bg-red-800">
            Remove {member.name}
          </button>
        </Form>
      </details>
    </li>
  );
}

/** A grown-up's guardian: what they may still do, or end it. */
export function GuardianCard({
  guardian,
}: {
  guardian: { id: string; name: string; permissions: FamilyPermissions };
}) {
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-lg font-semibold text-slate-900">{guardian.name}</h3>
      <p className="text-sm text-slate-700">
        Looked after your visits. Your mail about them now comes to you.
      </p>
      <Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="guardianId" value={guardian.id} />
        <PermissionBoxes
          idPrefix={`guardian-${guardian.id}`}
          legend={`What ${guardian.name} may still do for you`}
          checked={guardian.permissions}
          only={["book", "forms", "visits"]}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="guardian" className={small}>
            Save
          </button>
          <button type="submit" name="intent" value="stop" className={small}>
            {guardian.name} no longer looks after my visits
          </button>
        </div>
      </Form>
    </li>
  );
}
