import { Form } from "@remix-run/react";

/** The GET form that finds patients by name words, e-mail, phone digits or date of birth. */
export function PatientSearchForm({ label, query }: { label: string; query: string }) {
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm font-medium text-slate-800">
        {label}
        <input
          type="search"
          name="q"
          defaultValue={query}
          minLength={2}
          maxLength={100}
          required
          className="w-72 rounded-md border border-slate-400 px-2 py-1.5"
        />
      </label>
      <button type="submit" className="btn-primary">
        Search
      </button>
    </Form>
  );
}
