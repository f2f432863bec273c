import { Form, Link } from "@remix-run/react";
import { StackedField } from "~/components/field-label";
import type { ReactNode } from "react";
import { FormError } from "~/components/form-error";
import type { AttentionCount, dentistForAdmin } from "~/models/team/dentist-admin.server";
import { type ClinicClock, formatDate } from "~/utils/clinic-format";
import { DENTIST_KINDS, KIND_LABELS } from "~/models/team/kinds";

// The sections of a dentist's admin page (/staff/dentists/:id), each its own form with an
// `intent`, and its refusal shown under it (without JavaScript too). The weekly plan and
// the exceptions are in ./dentist-schedule-sections.

type Found = NonNullable<Awaited<ReturnType<typeof dentistForAdmin>>>;
/** What the page's loader gives the sections. */
export type DentistAdminView = Found & {
  attention: AttentionCount;
  clock: ClinicClock;
  removing: Found["exceptions"][number] | null;
};
export type Loaded = DentistAdminView;
/** A section's form sent back: the message, the field it is about, what was typed. */
export type Refusal = { error: string; field: string | null; values: Record<string, string> };

export const visits = (count: number) => `${count} upcoming ${count === 1 ? "visit" : "visits"}`;
export const needs = (count: number) => (count === 1 ? "needs" : "need");

export const SECTION_INTENTS = [
  "profile",
  "plan",
  "add-exception",
  "remove-exception",
  "services",
  "link-account",
  "unlink-account",
];

export const input = "rounded-md border border-slate-400 px-2 py-1.5";

/** A section of the page, with its own form's refusal under it. */
export function Section({
  id,
  title,
  refusal,
  intents,
  children,
}: {
  id: string;
  title: string;
  refusal: Refusal | undefined;
  intents: string[];
  children: ReactNode;
}) {
  const mine = refusal && intents.includes(refusal.values.intent ?? "") ? refusal : undefined;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24 space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
      <FormError message={mine?.error} id={`${id}-error`} />
    </section>
  );
}

/** Field props for a form's refusal: what was typed back, and the field marked. */
export function fieldState(refusal: Refusal | undefined, intent: string, errorId: string) {
  const mine = refusal?.values.intent === intent ? refusal : undefined;
  return {
    value: (name: string, fallback: string) => mine?.values[name] ?? fallback,
    checked: (name: string, fallback: boolean) => (mine ? mine.values[name] === "on" : fallback),
    invalid: (name: string) =>
      mine?.field === name ? { "aria-invalid": true, "aria-describedby": errorId } : {},
  };
}

export function AttentionNotice({ loaded }: { loaded: Loaded }) {
  const { attention, dentist, clock } = loaded;
  if (attention.count === 0 || !attention.firstDate) return null;
  return (
    <p
      className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900"
      data-testid="attention"
    >
      {visits(attention.count)} of {dentist.name} {needs(attention.count)} attention (outside their
      plan, an exception or a closure, or they no longer see patients).{" "}
      <Link
        to={`/staff?date=${attention.firstDate}#attention-heading`}
        className="font-semibold underline"
      >
        See them under Needs attention in the diary, from {formatDate(attention.firstDate, clock)}
      </Link>
    </p>
  );
}

export function ProfileForm({
  loaded,
  refusal,
  busy,
}: {
  loaded: Loaded;
  refusal?: Refusal;
  busy: boolean;
}) {
  const { dentist, upcoming, clock } = loaded;
  const field = fieldState(refusal, "profile", "profile-error");
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="profile" />
      <StackedField htmlFor="dentist-name" label="Name" need="required">
        <input
          id="dentist-name"
          name="name"
          required
          maxLength={100}
          defaultValue={field.value("name", dentist.name)}
          className={input}
          {...field.invalid("name")}
        />
      </StackedField>
      <StackedField htmlFor="dentist-title" label="Title" need="required">
        <input
          id="dentist-title"
          name="title"
          required
          maxLength={120}
          defaultValue={field.value("title", dentist.title)}
          className={input}
          {...field.invalid("title")}
        />
      </StackedField>
      <StackedField htmlFor="dentist-kind" label="Kind" need="required">
        <select
          id="dentist-kind"
          name="kind"
          defaultValue={field.value("kind", dentist.kind)}
          className={input}
          {...field.invalid("kind")}
        >
          {DENTIST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </StackedField>
      <StackedField htmlFor="dentist-sort" label="Place in the team's order" need="required">
        <input
          id="dentist-sort"
          name="sortOrder"
          type="number"
          required
          min={-1000}
          max={1000}
          step={1}
          defaultValue={field.value("sortOrder", String(dentist.sortOrder))}
          className={input}
          {...field.invalid("sortOrder")}
        />
      </StackedField>
      <StackedField
        htmlFor="dentist-photo"
        label="Photo link (http:// or https://, an image of this site under /images/, or empty)"
        need="optional"
        className="sm:col-span-2"
      >
        <input
          id="dentist-photo"
          name="photo"
          inputMode="url"
          maxLength={2000}
          defaultValue={field.value("photo", dentist.photo)}
          className={input}
          {...field.invalid("photo")}
        />
      </StackedField>
      <StackedField
        htmlFor="dentist-bio"
        label="Introduction"
        need="optional"
        className="sm:col-span-2"
      >
        <textarea
          id="dentist-bio"
          name="bio"
          rows={4}
          maxLength={2000}
          defaultValue={field.value("bio", dentist.bio)}
          className={input}
          {...field.invalid("bio")}
        />
      </StackedField>
      <div className="space-y-2 sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="active"
            defaultChecked={field.checked("active", dentist.active)}
            className="size-5"
            {...field.invalid("active")}
          />
          Active: shown on the team page and in the booking form
        </label>
        {dentist.active && upcoming.count > 0 && upcoming.firstDate ? (
          <>
            <p className="text-sm text-slate-700">
              {dentist.name} has {visits(upcoming.count)}, the first on{" "}
              <Link to={`/staff?date=${upcoming.firstDate}`} className="text-brand-700 underline">
                {formatDate(upcoming.firstDate, clock)}
              </Link>
              . Move or cancel them before taking {dentist.name} off the team.
            </p>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input
                type="checkbox"
                name="deactivateAnyway"
                defaultChecked={field.checked("deactivateAnyway", false)}
                className="size-5"
              />
              Deactivate anyway; the visits will need attention
            </label>
          </>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          Save profile
        </button>
      </div>
    </Form>
  );
}

export function ServicesForm({ loaded, busy }: { loaded: Loaded; busy: boolean }) {
  const { services, dentist } = loaded;
  const none = !services.some((service) => service.performed);
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="services" />
      {none ? (
        <p className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900">
          {dentist.name} performs no service, so the booking form does not offer them (except for
          services nobody performs yet).
        </p>
      ) : null}
      <fieldset>
        <legend className="sr-only">Services {dentist.name} performs</legend>
        <ul className="grid gap-1 sm:grid-cols-2">
          {services.map((service) => (
            <li key={service.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="service"
                  value={service.id}
                  defaultChecked={service.performed}
                  className="size-5"
                />
                {service.name}
                {service.note ? <span className="text-slate-700">({service.note})</span> : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" className="btn-primary" disabled={busy}>
        Save services
      </button>
    </Form>
  );
}

export function AccountForm({
  loaded,
  refusal,
  busy,
}: {
  loaded: Loaded;
  refusal?: Refusal;
  busy: boolean;
}) {
  const { account, dentist } = loaded;
  const field = fieldState(refusal, "link-account", "account-error");
  if (account) {
    return (
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="unlink-account" />
        <p>
          {account.name} · <span className="break-all">{account.email}</span>
        </p>
        <button type="submit" className="btn-secondary" disabled={busy}>
          Unlink
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="link-account" />
      <StackedField
        htmlFor="dentist-account"
        label="E-mail of a staff account with the role dentist"
        need="required"
      >
        <input
          id="dentist-account"
          name="email"
          type="email"
          required
          maxLength={254}
          defaultValue={field.value("email", "")}
          className={`${input} w-72`}
          {...field.invalid("email")}
        />
      </StackedField>
      <button type="submit" className="btn-primary" disabled={busy}>
        Link to {dentist.name}
      </button>
    </Form>
  );
}
