import { useActionData, useFormAction, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { FormEvent, InputHTMLAttributes, ReactNode } from "react";
import type { z } from "zod";
import { formToObject, validateForm } from "~/validation/form";

// The kit every form of the site is built from: the card it sits in, its labelled fields
// and the client-side check that runs the server's own schema.

/** The titled card a form page sits in. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </div>
    </section>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  name: string;
  label: string;
};

export function TextField({ name, label, className, ...rest }: TextFieldProps) {
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input {...rest} id={id} name={name} className={`field-input ${className ?? ""}`} />
    </div>
  );
}

type ActionError = { error?: string | null } | undefined;

/**
 * The error a form shows: with JavaScript, the shared schema checks the form before it
 * is sent (same messages, same order as the server); the server's answer wins once it
 * arrives. Without JavaScript only the server's answer exists.
 */
export function useCheckedForm(schema: z.ZodType, requiredFields: readonly string[]) {
  const actionData = useActionData<ActionError>();
  const navigation = useNavigation();
  const formAction = useFormAction();
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => setClientError(null), [actionData]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = validateForm(
      schema,
      formToObject(new FormData(event.currentTarget)),
      requiredFields,
    );
    if (result.ok) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(result.message);
  }

  return {
    error: clientError ?? actionData?.error ?? null,
    onSubmit,
    submitting: navigation.state === "submitting" && navigation.formAction === formAction,
  };
}
