import { Form, Link } from "@remix-run/react";
import { type PickedTime, pickedParams } from "./book-at-time";

const PATH = "/staff/bookings/new";
const input = "rounded-md border border-slate-400 px-2 py-1.5";
const label = "flex flex-col text-sm font-medium text-slate-800";
const button =
  "inline-flex min-h-6 items-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60";

type Match = { id: string; name: string; email: string; phone: string };

/** The caller by name, e-mail or phone; each match opens the booking for them. */
export function FindCaller({ query, matches }: { query: string; matches: Match[] }) {
  return (
    <section aria-labelledby="find-heading" className="space-y-2">
      <h2 id="find-heading" className="text-lg font-semibold">
        1. Find the caller
      </h2>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <label className={label}>
          Name, e-mail or phone
          <input
            type="search"
            name="q"
            defaultValue={query}
            required
            minLength={2}
            className={`${input} w-72`}
          />
        </label>
        <button type="submit" className={button}>
          Search
        </button>
      </Form>
      {query.length >= 2 ? (
        matches.length === 0 ? (
          <p className="text-slate-700">No patient matches “{query}”. Create a record below.</p>
        ) : (
          <ul className="space-y-1">
            {matches.map((match) => (
              <li key={match.id}>
                <Link to={`${PATH}?patient=${match.id}`} className="text-brand-700 underline">
                  Book for {match.name}
                </Link>{" "}
                <span className="text-sm text-slate-700">
                  ({match.email || "no e-mail address"}, {match.phone || "no phone"})
                </span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** A record for a caller the clinic does not know yet (a time picked in the diary stays). */
export function CreateCaller({
  values,
  at,
}: {
  values?: Record<string, string>;
  at: PickedTime | null;
}) {
  return (
    <section aria-labelledby="create-heading" className="space-y-2">
      <h2 id="create-heading" className="text-lg font-semibold">
        Or create a patient record
      </h2>
      <p className="text-sm text-slate-700">
        No password is set: the caller can claim the record by registering with this e-mail address.
        A caller without an e-mail address gets a record too: nothing is mailed to them, so tell
        them their booking on the phone.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        {at
          ? Object.entries(pickedParams(at)).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))
          : null}
        <label className={label}>
          Name
          <input
            name="name"
            required
            maxLength={100}
            defaultValue={values?.name}
            className={input}
          />
        </label>
        <label className={label}>
          E-mail
          <input
            type="email"
            name="email"
            maxLength={254}
            defaultValue={values?.email}
            className={input}
          />
        </label>
        <label className={label}>
          Phone
          <input
            type="tel"
            name="phone"
            required
            maxLength={25}
            defaultValue={values?.phone}
            className={input}
          />
        </label>
        <button type="submit" name="intent" value="create-patient" className={button}>
          Create record
        </button>
      </Form>
    </section>
  );
}
