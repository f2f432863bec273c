import { Form, Link, useFetcher } from "@remix-run/react";
import { type InputHTMLAttributes, type RefObject, useEffect, useRef, useState } from "react";
import { FieldLabel, type Need, needAttributes } from "~/components/field-label";
import {
  DUPLICATE_REASONS,
  DUPLICATES_MESSAGE,
  type LikelyDuplicate,
  worthALookup,
} from "~/models/patients/duplicate-rules";
import { type PickedTime, pickedParams } from "./book-at-time";

const PATH = "/staff/bookings/new";
const fieldClass = "rounded-md border border-slate-400 px-2 py-1.5";
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
            className={`${fieldClass} w-72`}
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

/** One field of the caller's record: its label, its need and its input. */
function CallerField({
  name,
  label,
  need,
  ...input
}: {
  name: string;
  label: string;
  need: Need;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = `caller-${name}`;
  return (
    <div className="flex flex-col">
      <FieldLabel htmlFor={id} need={need} className="text-sm font-medium text-slate-800">
        {label}
      </FieldLabel>
      <input {...input} {...needAttributes(need)} id={id} name={name} className={fieldClass} />
    </div>
  );
}

const CHECKED = ["name", "email", "phone", "dateOfBirth"] as const;

/**
 * With JavaScript, the records on file that look like the one being typed (same phone,
 * e-mail, or name and date of birth), asked a moment after the typing stops.
 */
function useLiveDuplicates(form: RefObject<HTMLFormElement | null>) {
  const fetcher = useFetcher<{ success: boolean; matches?: LikelyDuplicate[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onTyped = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!form.current) return;
      const data = new FormData(form.current);
      const typed = Object.fromEntries(
        CHECKED.map((name) => [name, String(data.get(name) ?? "").trim()]),
      ) as Record<(typeof CHECKED)[number], string>;
      const query = worthALookup(typed) ? new URLSearchParams(typed).toString() : "";
      if (query === asked) return;
      setAsked(query);
      if (query) fetcher.load(`/resources/patient-matches?${query}`);
    }, 400);
  };
  // null until asked: the server's answer to a sent form stands until then.
  const matches = asked === null ? null : asked === "" ? [] : (fetcher.data?.matches ?? null);
  return { onTyped, matches };
}

/**
 * Likely duplicates of the record being made, each with "Use this record"; "Create anyway"
 * unless one has the same e-mail address (which one record only may have).
 */
function LikelyDuplicates({ matches, at }: { matches: LikelyDuplicate[]; at: PickedTime | null }) {
  const sameEmail = matches.some((match) => match.reasons.includes("email"));
  return (
    <section
      aria-labelledby="duplicates-heading"
      className="w-full space-y-2 rounded-md border border-amber-600 bg-amber-50 p-3"
      data-testid="likely-duplicates"
    >
      <h3 id="duplicates-heading" className="font-semibold text-amber-950">
        Already on file?
      </h3>
      <p className="text-sm text-amber-950">{DUPLICATES_MESSAGE}</p>
      <ul className="space-y-2">
        {matches.map((match) => (
          <li key={match.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              <span className="font-semibold">{match.name}</span> (
              {match.email || "no e-mail address"}, {match.phone || "no phone"}
              {match.dateOfBirth ? `, born ${match.dateOfBirth}` : ""}):{" "}
              {match.reasons.map((reason) => DUPLICATE_REASONS[reason]).join(", ")}
            </span>
            <Link
              to={`${PATH}?${new URLSearchParams({ patient: match.id, ...(at ? pickedParams(at) : {}) })}`}
              className={button}
            >
              Use this record<span className="sr-only"> for {match.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      {sameEmail ? (
        <p className="text-sm text-amber-950">
          That e-mail address is on file already: use that record.
        </p>
      ) : (
        <button type="submit" name="anyway" value="yes" className={button}>
          Create anyway
        </button>
      )}
    </section>
  );
}

/**
 * A record for a caller the clinic does not know yet (a time picked in the diary stays).
 * Before one is made, records that look like it are shown: as the fields are filled with
 * JavaScript, and on sending without (`duplicates`, the server's answer).
 */
export function CreateCaller({
  values,
  at,
  duplicates,
}: {
  values?: Record<string, string>;
  at: PickedTime | null;
  duplicates?: LikelyDuplicate[] | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const live = useLiveDuplicates(formRef);
  const shown = live.matches ?? duplicates ?? [];
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
      <Form
        ref={formRef}
        method="post"
        className="flex flex-wrap items-end gap-2"
        onChange={live.onTyped}
      >
        {at
          ? Object.entries(pickedParams(at)).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))
          : null}
        <input type="hidden" name="intent" value="create-patient" />
        <CallerField
          name="name"
          label="Name"
          need="required"
          maxLength={100}
          defaultValue={values?.name}
        />
        <CallerField
          name="email"
          label="E-mail"
          need="optional"
          type="email"
          maxLength={254}
          defaultValue={values?.email}
        />
        <CallerField
          name="phone"
          label="Phone"
          need="required"
          type="tel"
          maxLength={25}
          defaultValue={values?.phone}
        />
        <CallerField
          name="dateOfBirth"
          label="Date of birth"
          need="optional"
          type="date"
          min="1900-01-01"
          defaultValue={values?.dateOfBirth}
        />
        <button type="submit" className={button}>
          Create record
        </button>
        <div aria-live="polite" className="w-full">
          {shown.length > 0 ? <LikelyDuplicates matches={shown} at={at} /> : null}
        </div>
      </Form>
    </section>
  );
}
