import { Form, Link } from "@remix-run/react";
import { FormError } from "~/components/form-error";
import { StackedField } from "~/components/field-label";
import type { CardFamily, CardRelative } from "~/models/family/desk.server";
import { staffRelationLabel } from "~/models/family/rules";
import { RELATIONSHIPS } from "~/validation/family-fields";

const input = "rounded-md border border-slate-400 px-2 py-1.5";
const button =
  "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100";

function Relatives({
  title,
  people,
  book,
}: {
  title: string;
  people: CardRelative[];
  book: boolean;
}) {
  if (people.length === 0) return null;
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <ul className="mt-1 space-y-1">
        {people.map((person) => (
          <li key={person.id} className="flex flex-wrap items-center gap-x-3">
            <Link to={`/staff/patients/${person.id}`} className="text-brand-700 underline">
              {person.name}
            </Link>
            <span className="text-sm text-slate-700">{person.relation}</span>
            {book ? (
              <Link
                to={`/staff/bookings/new?patient=${person.id}`}
                className="text-sm text-brand-700 underline"
              >
                Book for {person.name}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The family on a patient's card: who looks after them, whom they look after (with "Book
 * for ...", the desk booking a child from the parent's record) and their siblings; with
 * the right to edit, a link to a guardian made or ended, and an account of their own given.
 */
export function PatientFamily({
  family,
  name,
  edit,
  book,
  values,
  error,
}: {
  family: CardFamily;
  name: string;
  edit: boolean;
  book: boolean;
  values?: Record<string, string>;
  error?: string | null;
}) {
  const none = family.guardians.length + family.dependants.length + family.siblings.length === 0;
  return (
    <section aria-labelledby="family-heading" className="space-y-3" data-testid="patient-family">
      <h2 id="family-heading" className="text-lg font-semibold text-slate-900">
        Family
      </h2>
      {none ? <p className="text-slate-700">No family linked.</p> : null}
      <FormError message={error} id="family-error" />
      {family.guardians.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">Looked after by</h3>
          <ul className="mt-1 space-y-1">
            {family.guardians.map((guardian) => (
              <li key={guardian.linkId} className="flex flex-wrap items-center gap-x-3">
                <Link to={`/staff/patients/${guardian.id}`} className="text-brand-700 underline">
                  {guardian.name}
                </Link>
                <span className="text-sm text-slate-700">
                  {guardian.relation} {name}; may: {guardian.permissions}
                </span>
                {edit ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="unlink-guardian" />
                    <input type="hidden" name="linkId" value={guardian.linkId} />
                    <button type="submit" className={button}>
                      End the link to {guardian.name}
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Relatives title="Looks after" people={family.dependants} book={book} />
      <Relatives title="Siblings" people={family.siblings} book={book} />
      {edit ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="link-guardian" />
          <StackedField htmlFor="family-guardian" label="Guardian's e-mail address" need="required">
            <input
              id="family-guardian"
              name="guardian"
              type="email"
              aria-required
              defaultValue={values?.guardian}
              className={`${input} w-72 max-w-full`}
            />
          </StackedField>
          <StackedField
            htmlFor="family-relationship"
            label={`${name} is the guardian's`}
            need="required"
          >
            <select
              id="family-relationship"
              name="relationship"
              defaultValue={values?.relationship ?? "child"}
              className={input}
            >
              {RELATIONSHIPS.map((relationship) => (
                <option key={relationship} value={relationship}>
                  {staffRelationLabel(relationship)}
                </option>
              ))}
            </select>
          </StackedField>
          <button type="submit" className={button}>
            Link to a guardian
          </button>
        </Form>
      ) : null}
      {edit && family.ownAccount ? (
        family.ownAccount.allowed ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="own-account" />
            <StackedField
              htmlFor="family-own-email"
              label={`${name}'s own e-mail address`}
              need="required"
            >
              <input
                id="family-own-email"
                name="email"
                type="email"
                aria-required
                defaultValue={values?.email}
                className={`${input} w-72 max-w-full`}
              />
            </StackedField>
            <button type="submit" className={button}>
              Send the link to an account of their own
            </button>
          </Form>
        ) : (
          <p className="text-sm text-slate-700">
            An account of their own can be given from the age of {family.ownAccount.age}.
          </p>
        )
      ) : null}
    </section>
  );
}
