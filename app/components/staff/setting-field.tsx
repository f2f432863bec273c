import { Form, useNavigation } from "@remix-run/react";
import { FieldLabel, type Need, needAttributes } from "~/components/field-label";
import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from "react";
import { FormError } from "~/components/form-error";
import { useHydrated } from "~/hooks/use-hydrated";

// The admin's settings screens: each section is its own form, and a refusal (with the
// field it is about) shows in the section it came from.

export type SectionRefusal = {
  error: string;
  field: string | null;
  values: Record<string, string>;
} | null;

type Scope = { refusal: SectionRefusal; errorId: string };
const SectionContext = createContext<Scope>({ refusal: null, errorId: "" });

export const fieldClass =
  "block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 aria-invalid:border-red-700";
export const labelClass = "mb-1 block text-sm font-medium text-slate-800";

/**
 * One section: its heading, its form (`intent` names it to the action) and its save
 * button. `refusal` is the action's answer when it was about this section.
 */
export function SettingsSection({
  id,
  title,
  intent,
  refusal,
  hiddenFields,
  submitLabel = "Save",
  children,
}: {
  id: string;
  title: string;
  intent: string;
  refusal: SectionRefusal;
  hiddenFields?: Record<string, string>;
  submitLabel?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorId = `${id}-error`;
  const form = useRef<HTMLFormElement>(null);
  // With JavaScript, the field a refusal is about gets the focus (the section may be far
  // down the page); without it, RefusalSummary links to it from the top. Focus moves one
  // render after the refusal arrives, after RouteFocus has put it on the page's heading.
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (refusal) setVersion((value) => value + 1);
  }, [refusal]);
  useEffect(() => {
    if (version === 0 || !refusal || !form.current) return;
    const target = refusal.field
      ? form.current.querySelector<HTMLElement>(`[name="${CSS.escape(refusal.field)}"]`)
      : null;
    (target ?? form.current.querySelector<HTMLElement>("button[type=submit]"))?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new refusal moves focus
  }, [version]);
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <Form
        ref={form}
        method="post"
        noValidate
        className="mt-4 space-y-4"
        aria-labelledby={`${id}-heading`}
      >
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hiddenFields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SectionContext.Provider value={{ refusal, errorId }}>{children}</SectionContext.Provider>
        <FormError message={refusal?.error} id={errorId} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </button>
      </Form>
    </section>
  );
}

/** The section's refusal (when it was about this section) and the id of its message. */
export function useSectionRefusal(): Scope {
  return useContext(SectionContext);
}

/** What a field shows: what was just sent when the section was refused, else `stored`. */
export function useSectionValue(name: string, stored: string): string {
  const { refusal } = useContext(SectionContext);
  return refusal ? (refusal.values[name] ?? "") : stored;
}

/** A labelled input of a section, with its line of help and the section's error when it is about it. */
export function SettingField({
  name,
  label,
  need,
  help,
  stored,
  className,
  ...rest
}: {
  name: string;
  label: string;
  need: Need;
  help?: string;
  stored: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue" | "required">) {
  const { refusal, errorId } = useContext(SectionContext);
  const value = useSectionValue(name, stored);
  const invalid = refusal?.field === name;
  const helpId = help ? `${name}-help` : undefined;
  const described = [helpId, invalid ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <FieldLabel htmlFor={name} need={need} className="text-sm font-medium text-slate-800">
        {label}
      </FieldLabel>
      <input
        {...needAttributes(need)}
        id={name}
        name={name}
        defaultValue={value}
        className={fieldClass}
        aria-invalid={invalid || undefined}
        aria-describedby={described || undefined}
        {...rest}
      />
      {help ? (
        <p id={helpId} className="mt-1 text-sm text-slate-700">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox of a section; unticked when the section was refused without it. */
export function SettingCheckbox({
  name,
  label,
  stored,
  help,
}: {
  name: string;
  label: string;
  stored: boolean;
  help?: string;
}) {
  const { refusal, errorId } = useContext(SectionContext);
  const checked = refusal ? Boolean(refusal.values[name]) : stored;
  const invalid = refusal?.field === name;
  const helpId = help ? `${name}-help` : undefined;
  const described = [helpId, invalid ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name={name}
          value="on"
          defaultChecked={checked}
          className="h-5 w-5"
          aria-invalid={invalid || undefined}
          aria-describedby={described || undefined}
        />
        {label}
      </label>
      {help ? (
        <p id={helpId} className="mt-1 text-sm text-slate-700">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Without JavaScript the page comes back at its top after a refusal: the message, linked
 * to the field it is about (which then has the focus).
 */
export function RefusalSummary({ refusal }: { refusal: SectionRefusal }) {
  const hydrated = useHydrated();
  if (hydrated || !refusal) return null;
  return (
    <p role="alert" className="form-error rounded-md border border-red-700 bg-red-50 p-3">
      {refusal.field ? <a href={`#${refusal.field}`}>{refusal.error}</a> : refusal.error}
    </p>
  );
}
