import { Form, Link, useActionData, useFormAction, useNavigation } from "@remix-run/react";
import type { FormProps } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import type { FormEvent, InputHTMLAttributes, ReactNode } from "react";
import type { z } from "zod";
import { useHydrated } from "~/hooks/use-hydrated";
import { FILL_ALL_DETAILS, type FormPresets, formToObject, validateForm } from "~/validation/form";
import { FieldLabel, type Need, needAttributes } from "./field-label";
import { FormError } from "./form-error";

// The kit every form of the site is built from: the card it sits in, its labelled fields,
// the client-side check that runs the server's own schema, and how an error is shown:
// one message at a time under the form (the spec's), the field it is about marked and
// focused, and without JavaScript the same message at the top, linked to the field.

/** The titled card a form page sits in; `privacy` links the privacy notice under it. */
export function FormCard({
  title,
  children,
  privacy = false,
}: {
  title: string;
  children: ReactNode;
  privacy?: boolean;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
        {children}
        {privacy ? <PrivacyNote /> : null}
      </div>
    </section>
  );
}

/** The line beside every form that takes personal or health details. */
export function PrivacyNote() {
  return (
    <p className="mt-6 border-t border-slate-200 pt-4 text-xs text-slate-700">
      What we keep of these details, why and for how long:{" "}
      <Link to="/privacy" className="font-semibold text-brand-700 underline">
        privacy notice
      </Link>
      .
    </p>
  );
}

type FieldErrorScope = {
  /** The field the current error is about, if any. */
  field: string | null;
  /** The id of the message under the form. */
  errorId: string;
  /** Tells the form that a field's value changed (for fields that post through a hidden input). */
  fieldChanged: (name: string) => void;
};

const FieldErrorContext = createContext<FieldErrorScope>({
  field: null,
  errorId: "form-error",
  fieldChanged: () => {},
});

/** The form a field sits in: whether the current error is about it, and how to report a change. */
export function useFieldError(name: string) {
  const scope = useContext(FieldErrorContext);
  const invalid = scope.field === name;
  return {
    invalid,
    errorId: invalid ? scope.errorId : undefined,
    fieldChanged: scope.fieldChanged,
  };
}

/** `aria-describedby` for a field: its own hints, and the form's error when it is about it. */
export function describedBy(...ids: Array<string | null | undefined>) {
  const list = ids.filter(Boolean);
  return list.length > 0 ? list.join(" ") : undefined;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "required"> & {
  name: string;
  label: string;
  need: Need;
};

export function TextField({ name, label, need, className, ...rest }: TextFieldProps) {
  const id = `field-${name}`;
  const { invalid, errorId } = useFieldError(name);
  return (
    <div>
      <FieldLabel htmlFor={id} need={need}>
        {label}
      </FieldLabel>
      <input
        {...rest}
        {...needAttributes(need)}
        id={id}
        name={name}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(rest["aria-describedby"], errorId)}
        className={`field-input ${className ?? ""}`}
      />
    </div>
  );
}

type ActionError = { error?: string | null; field?: string | null } | undefined;

/** The field an error is about: its own, or for 'Fill All Details' the form's first. */
function fieldOf(
  error: { message: string; field: string | null } | null,
  requiredFields: readonly string[],
) {
  if (!error) return null;
  if (error.field) return error.field;
  return error.message === FILL_ALL_DETAILS ? (requiredFields[0] ?? null) : null;
}

export type CheckedFormState = ReturnType<typeof useCheckedForm>;

/** Room the error toast takes below the sticky header (its top offset and one line of text). */
const TOAST_ROOM_PX = 96;

/**
 * Scrolls a field the error is about to the middle of the screen unless it is already in
 * view and clear of the error toast, which sits just below the sticky header: scrolling it
 * to the top, as focusing does, would put it under the toast on a phone.
 */
function revealBelowToasts(field: HTMLElement) {
  const header = document.documentElement.style.getPropertyValue("--header-height");
  const clearFrom = (Number.parseFloat(header) || 65) + TOAST_ROOM_PX;
  const box = field.getBoundingClientRect();
  if (box.top < clearFrom || box.bottom > window.innerHeight) {
    field.scrollIntoView({ block: "center" });
  }
}

/** Loads a form's schema (a dynamic import of its app/validation module). */
export type SchemaLoader = () => Promise<z.ZodType>;

/**
 * A form's schema, fetched with zod the first time the form is used rather than with the
 * page: zod is the largest script a form page would otherwise wait for before it shows.
 */
function lazySchema(load: SchemaLoader) {
  let schema: z.ZodType | null = null;
  let failed = false;
  let fetching: Promise<z.ZodType | null> | null = null;
  return {
    /** The schema once fetched: null before, and for good if it could not be fetched. */
    get schema() {
      return schema;
    },
    /** The fetch failed: the server checks the form alone. */
    get failed() {
      return failed;
    },
    fetch() {
      fetching ??= load().then(
        (loaded) => (schema = loaded),
        () => {
          failed = true;
          return null;
        },
      );
      return fetching;
    },
  };
}

/**
 * The error a form shows: with JavaScript, the shared schema checks the form before it
 * is sent (same messages, same order as the server); the server's answer wins once it
 * arrives. Without JavaScript only the server's answer exists. The schema loads when the
 * form is first focused; a form sent before it has arrived waits for it and is sent again
 * once checked, so nothing goes unchecked. Render the form with <CheckedForm form={...}>.
 */
export function useCheckedForm(
  loadSchema: SchemaLoader,
  requiredFields: readonly string[],
  presets?: FormPresets,
) {
  const actionData = useActionData<ActionError>();
  const navigation = useNavigation();
  const formAction = useFormAction();
  const formRef = useRef<HTMLFormElement>(null);
  // A form checks by one schema for its life: the loader of its first render.
  const [lazy] = useState(() => lazySchema(loadSchema));
  const held = useRef(false);
  const [clientError, setClientError] = useState<{ message: string; field: string | null }>();
  // Each time an error is given (even the same one again): focus and toast follow it.
  const [version, setVersion] = useState(0);
  const [fixed, setFixed] = useState(false);

  useEffect(() => {
    setClientError(undefined);
    setFixed(false);
    if (actionData?.error) setVersion((value) => value + 1);
  }, [actionData]);

  const shown =
    clientError ??
    (actionData?.error ? { message: actionData.error, field: actionData.field ?? null } : null);
  const error = fixed ? null : shown;
  const field = fieldOf(error, requiredFields);

  // Focus goes to the field the error is about (once per error given).
  useEffect(() => {
    if (version === 0 || !field) return;
    const target = formRef.current?.querySelector<HTMLElement>(`#field-${CSS.escape(field)}`);
    if (!target) return;
    target.focus({ preventScroll: true });
    revealBelowToasts(target);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new error moves focus
  }, [version]);

  const latestFieldChanged = useRef<(name: string) => void>(() => {});
  /** Clears the message once the field it is about no longer has that problem. */
  const fieldChanged = useCallback(
    (name: string) => {
      if (!error || !formRef.current) return;
      if (name !== field && error.message !== FILL_ALL_DETAILS) return;
      if (!lazy.schema) {
        // Asked again once the schema is here, of the form and the error as they are then.
        void lazy.fetch().then((loaded) => {
          if (loaded) latestFieldChanged.current(name);
        });
        return;
      }
      const now = validateForm(
        lazy.schema,
        formToObject(new FormData(formRef.current)),
        requiredFields,
        presets,
      );
      if (now.ok || now.message !== error.message) setFixed(true);
    },
    [error, field, lazy, requiredFields, presets],
  );
  useEffect(() => {
    latestFieldChanged.current = fieldChanged;
  }, [fieldChanged]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!lazy.schema) {
      if (lazy.failed) return;
      // Sent before the schema has arrived: held, and sent again (checked) once it has.
      event.preventDefault();
      if (held.current) return;
      held.current = true;
      const form = event.currentTarget;
      const { submitter } = event.nativeEvent as SubmitEvent;
      void lazy.fetch().then(() => {
        held.current = false;
        if (form.isConnected) form.requestSubmit(submitter);
      });
      return;
    }
    const result = validateForm(
      lazy.schema,
      formToObject(new FormData(event.currentTarget)),
      requiredFields,
      presets,
    );
    setVersion((value) => value + 1);
    if (result.ok) {
      setClientError(undefined);
      setFixed(true);
      return;
    }
    event.preventDefault();
    setFixed(false);
    setClientError({ message: result.message, field: result.field });
  }

  return {
    error: error?.message ?? null,
    field,
    version,
    /** The error came with the page from the server (what a browser without JavaScript sees). */
    fromServer: !clientError && Boolean(actionData?.error),
    onSubmit,
    /** Starts fetching the schema: the form is about to be used. */
    onFocus: () => void lazy.fetch(),
    fieldChanged,
    formRef,
    submitting: navigation.state === "submitting" && navigation.formAction === formAction,
  };
}

type CheckedFormProps = Omit<
  FormProps,
  "method" | "onSubmit" | "onChange" | "onFocus" | "children"
> & {
  form: CheckedFormState;
  children: ReactNode;
  /** The id of the message under the form (one checked form per page needs none). */
  errorId?: string;
};

/**
 * A post form checked by `useCheckedForm`: its fields mark themselves when the error is
 * about them, and the message sits under the form. Without JavaScript a refusal reloads
 * the page, so the message is also put at the top of the form, linked to its field: on a
 * phone the bottom of a long form is screens away.
 */
export function CheckedForm({ form, children, errorId = "form-error", ...rest }: CheckedFormProps) {
  const hydrated = useHydrated();
  const { fieldChanged } = form;
  return (
    <Form
      {...rest}
      ref={form.formRef}
      method="post"
      noValidate
      onFocus={form.onFocus}
      onSubmit={form.onSubmit}
      onChange={(event) => {
        const target = event.target as Partial<HTMLInputElement>;
        if (typeof target.name === "string") fieldChanged(target.name);
      }}
    >
      <FieldErrorContext.Provider value={{ field: form.field, errorId, fieldChanged }}>
        {!hydrated && form.fromServer && form.error ? (
          <ErrorSummary message={form.error} field={form.field} />
        ) : null}
        {children}
        <FormError id={errorId} message={form.error} version={form.version} />
      </FieldErrorContext.Provider>
    </Form>
  );
}

function ErrorSummary({ message, field }: { message: string; field: string | null }) {
  return (
    <div className="rounded-md border border-red-300 bg-red-50 p-3" data-testid="error-summary">
      <p className="text-sm font-semibold text-red-800">There is a problem</p>
      <p className="mt-1 text-sm text-red-800">
        {field ? (
          <a href={`#field-${field}`} className="underline">
            {message}
          </a>
        ) : (
          message
        )}
      </p>
    </div>
  );
}
